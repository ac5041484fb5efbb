// Issue 52, round 8 (F6): a forged "already shown" coverage record (`coverage:<id>` in reminders.json for a request
// the app had never seen) silenced the announcement of that request when it was filed later. Such a record can be
// checked against what the app knows: each account's first coverage read after loading the record lists every open
// request the app could have told before the restart; a `coverage:` key it does not list is dropped, said once, and
// the file kept aside. A request told before the restart is listed by that read, so it is not told again.
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { askMe, nightDesk } from '../support/night-desk';
import type { Harness } from '../support/engine-harness';

const ms = (iso: string): number => Date.parse(iso);
const TOLD = 'Coverage request from Alice Doe';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function run(h: Harness, untilIso: string, fileAtIso?: string) {
  const e = h.engine({ alarms: false });
  const from = h.notifier.shown.length;
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  if (fileAtIso !== undefined) {
    await h.clock.advanceTo(ms(fileAtIso));
    askMe(h, 'cov_later');
  }
  await h.clock.advanceTo(ms(untilIso));
  const out = {
    shown: h.notifier.shown
      .slice(from)
      .map((n) => n.title)
      .filter((t) => t.startsWith('Coverage')),
    notices: e.getState().notices.map((n) => n.message),
    files: await readdir(h.dir),
  };
  await e.stop();
  return out;
}

describe('a coverage request on the record of reminders shown', () => {
  it('told before a restart is not told again after it (control)', async () => {
    h = await nightDesk('2026-03-10T12:00:00Z');
    askMe(h, 'cov_later');
    const first = await run(h, '2026-03-10T12:30:00Z');
    expect(first.shown).toEqual([TOLD]);
    const again = await run(h, '2026-03-10T14:00:00Z');
    expect(again.shown).toEqual([]);
    expect(again.notices.filter((n) => n.includes('reminders already shown'))).toEqual([]);
    expect(again.files.some((f) => f.startsWith('reminders.json.bad-'))).toBe(false);
  }, 20_000);

  it('forged for a request the service had not listed is dropped, said once, kept aside: the request is told', async () => {
    h = await nightDesk('2026-03-10T12:00:00Z');
    const fired = { 'coverage:cov_later': ms('2026-03-14T18:00:00Z') };
    await h.files.writeAtomic('reminders.json', JSON.stringify({ version: 1, fired, held: [] }));
    const r = await run(h, '2026-03-10T14:00:00Z', '2026-03-10T13:00:00Z');
    expect(r.shown).toEqual([TOLD]);
    const said = r.notices.filter((n) => n.includes('reminders already shown'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('a coverage request recorded as told that the service did not list');
    expect(r.files.filter((f) => f.startsWith('reminders.json.bad-'))).toHaveLength(1);
  }, 20_000);
});
