// Issue 52, round 8 (F5, F6): a forged "already shown" record in reminders.json silenced a reminder still due: a
// ':heads-up' key (only :start/:lead/end: were checked for their due time) for tomorrow night's shift. Every kind of
// key the app records is checked against what it could have shown by now (fired-claims.ts, one table): a heads-up
// is due as quiet hours begin before its shift, so a record of it before then is dropped, said once, and it comes.
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { nightDesk, patchSettings, QUIET_NIGHTS } from '../support/night-desk';
import type { Harness } from '../support/engine-harness';

const ms = (iso: string): number => Date.parse(iso);
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function headsUpRun(forged: boolean) {
  h = await nightDesk('2026-03-10T20:30:00Z');
  await patchSettings(h, () => ({ quietHours: QUIET_NIGHTS }));
  const fired = { 'shift:sch_night:2026-03-11T02:00:00Z:heads-up': ms('2026-03-11T10:00:00Z') };
  if (forged) await h.files.writeAtomic('reminders.json', JSON.stringify({ version: 1, fired, held: [] }));
  const e = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advanceTo(ms('2026-03-10T21:05:00Z'));
  const out = {
    shown: h.notifier.shown.map((n) => `${new Date(n.atMs).toISOString()} ${n.title}`),
    notices: e.getState().notices.map((n) => n.message),
    files: await readdir(h.dir),
  };
  await e.stop();
  return out;
}

describe('a forged "already shown" record', () => {
  it('of a heads-up not yet due is dropped, said once, kept aside: the heads-up still comes at 21:00Z', async () => {
    const control = await headsUpRun(false);
    expect(control.shown).toContain('2026-03-10T21:00:00.000Z On call at Wed 03:00');
    const r = await headsUpRun(true);
    expect(r.shown).toContain('2026-03-10T21:00:00.000Z On call at Wed 03:00');
    const said = r.notices.filter((n) => n.includes('a reminder recorded as shown before it was due'));
    expect(said).toHaveLength(1);
    expect(r.files.some((f) => f.startsWith('reminders.json.bad-'))).toBe(true);
  }, 20_000);
});
