// The fault harness's file cases (issue 52), continued: the remembered identity (identity.json: the user my e-mail
// last resolved to, engine/session-identity.ts), damaged each way the harness knows, plus the plausible but false
// ones that only its MAC and e-mail can tell (adv52 r27 #1): another user's id signed by another install, the app's
// own record edited, one signed with this install's key but made for another e-mail, one dated a year ahead. Each
// over real files, a real engine and the simulator, with my e-mail then moved at the service (the case the file is
// used for). For each: it starts and reads the schedule fresh, no block that run 1 didn't resolve to my e-mail is
// mine or told as mine, the file is said at most once (by name, never with its text) and kept aside (an unreadable
// one is left where it is).
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { IdentityRecordSchema, identityText } from '../../../electron/core/storage/identity-record';
import { RECORD_KEY_ACCOUNT, signerOf } from '../../../electron/core/storage/record-key';
import { DAY_MS } from '../../../electron/shared/time';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { DAMAGES, damaged, INJECTED, type Damage } from './support/file-damage';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');
const FILE = 'identity.json';
const MINE_WORDS = /On call (now|in|since)|was changed|new shift|You were added|added you/;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** This install's record key, as the keychain holds it: a record signed with it is the app's in every way but truth. */
async function ownSigner(harness: Harness) {
  const got = await harness.secrets.get(RECORD_KEY_ACCOUNT);
  const kept = got.ok ? got.value : undefined;
  if (kept === undefined) throw new Error('no record key was made');
  return signerOf(Buffer.from(kept, 'base64'), false);
}

type Forge = (genuine: string, harness: Harness) => Promise<string>;
const record = (genuine: string) => ({ ...IdentityRecordSchema.parse(JSON.parse(genuine)), mac: undefined });
const FALSE: Record<string, Forge> = {
  'another user’s id, signed by their install': async (g) =>
    identityText(FILE, { ...record(g), userId: 'usr_bob', email: 'bob@example.com' }, signerOf(randomBytes(32), false)),
  'forged signature: the app’s record edited to another id': async (g) => g.replace('usr_me', 'usr_bob'),
  'signed here, for another e-mail': async (g, harness) =>
    identityText(FILE, { ...record(g), userId: 'usr_bob', email: 'bob@example.com' }, await ownSigner(harness)),
  'signed here, dated a year ahead': async (g, harness) =>
    identityText(
      FILE,
      { ...record(g), userId: 'usr_bob', resolvedAtMs: START + 365 * DAY_MS },
      await ownSigner(harness),
    ),
};

const CASES: [string, Forge, Damage][] = [
  ...DAMAGES.filter((d) => d !== 'plausible but false').map((d): [string, Forge, Damage] => [
    d,
    async (g) => damaged(g, '', d),
    d,
  ]),
  ...Object.entries(FALSE).map(([name, forge]): [string, Forge, Damage] => [name, forge, 'plausible but false']),
];

it('has 9 identity file cases', () => expect(CASES.length).toBe(9));

it.each(CASES)(
  '%s: starts, no block of another is mine, said at most once, kept aside',
  async (_n, forge, damage) => {
    h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const first = h.engine();
    await h.clock.runWhileAdvancing(first.start(), 1000, 60);
    await h.clock.advance(5 * MIN);
    const before = first.getState().me.shifts.map((b) => `${b.start}–${b.end}`);
    await first.stop();
    const path = join(h.dir, FILE);
    const planted = await forge(await readFile(path, 'utf8'), h);
    if (damage === 'unreadable') await rm(path).then(() => mkdir(path));
    else await writeFile(path, planted);
    const me = h.sim.state.users.get('usr_me');
    if (me) me.email = 'me@new.example.com';
    const mark = h.notifier.shown.length;
    const second = h.engine();
    await h.clock.runWhileAdvancing(second.start(), 1000, 60);
    await h.clock.advance(20 * MIN);
    const after = second.getState().me.shifts.map((b) => `${b.start}–${b.end}`);
    const told = h.notifier.shown.slice(mark).map((n) => `${n.title} | ${n.body}`);
    const said = second.getState().notices.map((n) => n.message);
    await second.stop();

    // Run 1 read the schedule and resolved my e-mail: its blocks are the only ones that may be mine.
    expect(before.length).toBeGreaterThan(10);
    expect(after.filter((b) => !before.includes(b))).toEqual([]);
    expect(told.filter((t) => MINE_WORDS.test(t))).toEqual([]);
    const ofFile = said.filter((m) => m.includes(`(${FILE})`));
    expect(ofFile.length).toBeLessThanOrEqual(damage === 'unreadable' ? 0 : 1);
    if (damage === 'plausible but false') expect(ofFile).toHaveLength(1);
    for (const m of [...said, ...told]) expect(m).not.toMatch(new RegExp(`${INJECTED}|usr_bob|bob@example`));
    const kept = (await readdir(h.dir)).filter((n) => n.startsWith(`${FILE}.bad-`));
    if (damage === 'unreadable') {
      expect((await stat(path)).isDirectory()).toBe(true);
      expect(kept).toEqual([]);
      return;
    }
    expect(kept).toHaveLength(1);
    expect(await readFile(join(h.dir, kept[0] ?? ''), 'utf8')).toBe(planted);
  },
  120_000,
);
