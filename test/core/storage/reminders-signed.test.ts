// reminders.json fired records and held messages are signed with the record key (issue 52; record-key.ts): a fired
// record or held message the app didn't write (no MAC, a made-up one, one copied from another entry) is dropped, said
// once, the file kept aside, and the reminder it would silence is owed again. A file from before MACs is taken once
// and written back signed. Failed before: a forged fired record that passed the shape and time checks silenced a
// reminder for good, and a forged held message was shown.
import fc from 'fast-check';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFiredStore, REMINDERS_FILE } from '../../../electron/core/storage/fired-store';
import { loadRecordSigner, UNSIGNED } from '../../../electron/core/storage/record-key';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { createHarness, MemorySecrets, seedSettings, type Harness } from '../support/engine-harness';
import { memoryFolder } from '../support/memory-folder';
import { ME, threeZoneSeed } from '../support/seeds';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 25);
const MIN = 60_000;
const H = 60 * MIN;
const NOW = Date.parse('2026-03-11T12:00:00Z');
const startKey = (ms: number) => `shift:sch_ops:${new Date(ms).toISOString().replace('.000Z', 'Z')}:start`;
const OWN = startKey(NOW - 2 * H);
const heldOf = (key: string, atMs: number) => ({
  key,
  kind: 'start',
  title: 'On call now',
  body: 'Ops Wed 11:00',
  atMs,
  untilMs: atMs + H,
  scheduleId: 'sch_ops',
});

type File = { fired: Record<string, number>; firedMacs?: Record<string, string>; held: object[]; heldMacs?: string[] };
const macArb = fc.oneof(
  fc.constant<string | undefined>(undefined),
  fc.constant('copied'),
  fc.stringMatching(/^[0-9a-f]{64}$/),
);

describe('reminders.json signed with the record key', () => {
  it("drops a forged fired record or held message, says it once, keeps the file aside, keeps the app's own", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 3, max: 48 }), macArb, fc.boolean(), async (hoursAgo, mac, held) => {
        const secrets = new MemorySecrets();
        const folder = memoryFolder();
        const signer = () => loadRecordSigner(secrets, () => undefined);
        const first = await openFiredStore(folder.store, { now: () => NOW, signer });
        await first.add([{ key: OWN, untilMs: NOW + H }], [heldOf(OWN, NOW - 2 * H)]);
        const file = JSON.parse(folder.files.get(REMINDERS_FILE) ?? '') as File;
        const forgedKey = startKey(NOW - hoursAgo * H);
        if (held) {
          file.held.push(heldOf(forgedKey, NOW - hoursAgo * H));
          const forgedMac = mac === 'copied' ? file.heldMacs?.[0] : mac;
          file.heldMacs = [...(file.heldMacs ?? []), ...(forgedMac === undefined ? [] : [forgedMac])];
        } else {
          file.fired[forgedKey] = NOW + H;
          const forgedMac = mac === 'copied' ? file.firedMacs?.[OWN] : mac;
          if (forgedMac !== undefined) file.firedMacs = { ...file.firedMacs, [forgedKey]: forgedMac };
        }
        const forgedText = JSON.stringify(file);
        folder.files.set(REMINDERS_FILE, forgedText);
        const notices: Notice[] = [];
        const again = await openFiredStore(folder.store, { now: () => NOW, onNotice: (n) => notices.push(n), signer });
        expect(again.has(forgedKey)).toBe(false);
        expect(again.has(OWN)).toBe(true);
        expect(again.held().map((h) => h.key)).toEqual([OWN]);
        expect(notices.filter((n) => n.message.includes(UNSIGNED))).toHaveLength(1);
        expect(folder.kept.some((name) => folder.files.get(name) === forgedText)).toBe(true);
      }),
      { numRuns: NUM_RUNS, seed: 5221 },
    );
  });

  it('takes a file from before MACs once and writes it back signed; an unsigned one later is refused', async () => {
    const secrets = new MemorySecrets();
    const folder = memoryFolder();
    const old = { version: 1, fired: { [OWN]: NOW + H }, held: [heldOf(OWN, NOW - 2 * H)] };
    folder.files.set(REMINDERS_FILE, JSON.stringify(old));
    const signer = () => loadRecordSigner(secrets, () => undefined);
    const store = await openFiredStore(folder.store, { now: () => NOW, signer });
    expect(store.has(OWN)).toBe(true);
    await store.add([]);
    const file = JSON.parse(folder.files.get(REMINDERS_FILE) ?? '') as File;
    expect(file.firedMacs?.[OWN]).toMatch(/^[0-9a-f]{64}$/);
    expect(file.heldMacs?.[0]).toMatch(/^[0-9a-f]{64}$/);
    expect((await openFiredStore(folder.store, { now: () => NOW, signer })).has(OWN)).toBe(true);
    folder.files.set(REMINDERS_FILE, JSON.stringify(old));
    const notices: Notice[] = [];
    const later = await openFiredStore(folder.store, { now: () => NOW, onNotice: (n) => notices.push(n), signer });
    expect(later.has(OWN)).toBe(false);
    expect(notices.filter((n) => n.message.includes(UNSIGNED))).toHaveLength(1);
  });
});

// The real engine, simulator and fake clock: me@example.com is on call for Berlin from Thu 26 Mar 08:00 UTC.
const T0 = Date.parse('2026-03-26T06:00:00Z');
const START = Date.parse('2026-03-26T08:00:00Z');
const LEAD = 'shift:sch_berlin:2026-03-26T08:00:00Z:lead15';
const START_KEY = 'shift:sch_berlin:2026-03-26T08:00:00Z:start';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Runs the app to 07:50, stops it, (forges the start's record), starts it again at 08:01 (a restart with the same
 *  keychain) and runs to 08:10: what is shown, and the notices. */
async function restartRun(forge: boolean) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const first = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(first.start(), 1000, 60);
  await h.clock.advanceTo(START - 10 * MIN);
  await first.stop();
  await h.clock.advanceTo(START + MIN);
  const path = join(h.dir, REMINDERS_FILE);
  if (forge) {
    const file = JSON.parse(await readFile(path, 'utf8')) as File;
    file.fired[START_KEY] = START + 24 * H;
    await writeFile(path, JSON.stringify(file));
  }
  const secrets = new MemorySecrets();
  for (const [k, v] of h.secrets.entries) secrets.entries.set(k, v);
  const second = h.engine({ alarms: false, secrets });
  await h.clock.runWhileAdvancing(second.start(), 1000, 60);
  await h.clock.advanceTo(START + 10 * MIN);
  const notices = second.getState().notices.map((n) => n.message);
  await second.stop();
  const at = (key: string) => (h?.notifier.shown ?? []).filter((n) => n.id === key).map((n) => n.atMs);
  return { lead: at(LEAD), start: at(START_KEY), notices, files: await readdir(h.dir) };
}

describe('a forged fired record, read by the real engine after a restart', () => {
  it('is dropped, said once, kept aside: the start reminder still comes, once; the lead is not shown twice', async () => {
    const r = await restartRun(true);
    expect(r.lead).toEqual([START - 15 * MIN]);
    expect(r.start).toHaveLength(1);
    expect(r.notices.filter((n) => n.includes(UNSIGNED))).toHaveLength(1);
    expect(r.files.some((f) => f.startsWith(`${REMINDERS_FILE}.bad-`))).toBe(true);
  }, 20_000);
});
