// Issue 30: upgrading a data folder written by the last single-service version (fixtures/v1-data-folder.json, made
// by fixtures/make-v1-folder.ts.txt at commit 5a438be: settings v1, the key under the host's name, the cache, the
// record of reminders shown and the calendar export's record). After the upgrade the one service is the main
// account: its key is found (and moved to its own entry), its cache is shown at once, no reminder already shown is
// shown again, and every calendar event keeps its UID.
import { RECORD_KEY_ACCOUNT } from '../../../electron/core/storage/record-key';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SettingsSchema } from '../../../electron/shared/settings';
import { createHarness } from '../support/engine-harness';

const V1FolderSchema = z.object({
  stoppedAtMs: z.number(),
  seed: z.record(z.string(), z.unknown()),
  simUrl: z.string(),
  secrets: z.record(z.string(), z.string()),
  shown: z.array(z.object({ id: z.string(), title: z.string(), atMs: z.number() })),
  files: z.record(z.string(), z.string()),
  ics: z.string(),
});

const folder = V1FolderSchema.parse(
  JSON.parse(readFileSync(join(__dirname, 'fixtures', 'v1-data-folder.json'), 'utf8')),
);
const oldHost = new URL(folder.simUrl).host;

/** Events of an .ics text: start and end (as written) → UID. */
function events(ics: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const block of ics.split('BEGIN:VEVENT').slice(1)) {
    const body = block.split('END:VEVENT')[0] ?? '';
    const field = (name: string) => new RegExp(`^${name}[^:\\r\\n]*:(.+)$`, 'm').exec(body)?.[1]?.trim();
    const uid = field('UID');
    if (uid !== undefined) found.set(`${field('DTSTART')}/${field('DTEND')}`, uid);
  }
  return found;
}

/** The v1 folder, with the service's address moved to the port this test's simulator listens on. */
async function upgraded() {
  const harness = await createHarness({ startMs: folder.stoppedAtMs + 60_000, seed: folder.seed });
  const host = new URL(harness.sim.url).host;
  for (const [name, text] of Object.entries(folder.files))
    await harness.files.writeAtomic(name, text.replaceAll(oldHost, host));
  for (const [account, key] of Object.entries(folder.secrets))
    await harness.secrets.set(account.replace(oldHost, host), key);
  return { harness, host };
}

describe('upgrade from a single-service data folder', () => {
  it('keeps the key, the cache, the reminders shown and the calendar UIDs', async () => {
    const { harness, host } = await upgraded();
    const engine = harness.engine();
    await engine.start();
    // The saved data is on show before the first read: the cache was the main account's.
    const first = engine.getState();
    expect(first.accounts.map((a) => a.id)).toEqual(['main']);
    expect(first.schedules.map((s) => s.id)).toEqual(['sch_berlin', 'sch_newyork', 'sch_tokyo']);
    expect(first.schedules.every((s) => s.known !== null)).toBe(true);
    await harness.clock.advance(10 * 60_000);
    const state = engine.getState();
    expect(state.sync.kind).toBe('ok');
    // The key moved to the account's own entry; nothing is left under the bare host (beside it: the record key made
    // at this first start, storage/record-key.ts).
    expect([...harness.secrets.entries.keys()].filter((k) => k !== RECORD_KEY_ACCOUNT)).toEqual([`main@${host}`]);
    // The file now says what it holds.
    const saved = SettingsSchema.parse(JSON.parse((await harness.files.read('settings.json')) ?? '{}'));
    expect(saved.accounts.map((a) => [a.id, a.email])).toEqual([['main', 'me@example.com']]);
    // Nothing already shown is shown again.
    const before = new Set(folder.shown.map((n) => n.id));
    expect(before.size).toBeGreaterThan(5);
    expect(harness.notifier.shown.filter((n) => before.has(n.id)).map((n) => n.id)).toEqual([]);
    // Every event both exports hold keeps its UID (a subscribed calendar sees edits, never duplicates).
    const old = events(folder.ics);
    const now = events(await engine.calendar(14));
    const both = [...old.keys()].filter((k) => now.has(k));
    expect(both.length).toBeGreaterThan(3);
    for (const k of both) expect(now.get(k)).toBe(old.get(k));
  }, 60_000);
});
