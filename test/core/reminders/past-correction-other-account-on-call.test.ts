// A past correction about Work's Ops block, told from saved data, says "Correction: not on call 10:00 after all" only
// where no other block of mine had me then; while Acme's Platform had me over that whole time its title is about Ops's
// time (adv47 r30 #2b), in the notice and in the summary after quiet hours alike. Real engine, two simulators, fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { API_KEY, opsSeed, platformSeed } from '../support/seeds';
import { startSimulator } from '../../../electron/simulator/server';

const at = Date.parse;
const TUE = { startMs: at('2026-03-10T09:00:00Z'), endMs: at('2026-03-10T17:00:00Z') };
const REM = { leadTimesMin: [15], atStart: true, atEnd: true, shiftChanges: true, startAlarm: 'off' };

/** Work (Ops) down 07–18Z Tue, my Ops Tue 09–17Z given to Bob meanwhile; Acme (Platform: me Tue 09Z – Wed 09Z)
 *  watched when `acmeToo`. The notices shown up to 20:30Z. */
async function outageCorrection(acmeToo: boolean, extra = {}): Promise<string> {
  const h = await createHarness({ startMs: at('2026-03-10T06:00:00Z'), seed: opsSeed, files: 'fs' });
  const acme = await startSimulator({ seed: platformSeed(), now: () => h.clock.now() });
  const work = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'me@example.com' };
  const other = { id: 'acme', label: 'Acme', baseUrl: acme.url, email: 'me@example.com' };
  const accounts = [
    { ...work, schedules: [{ id: 'sch_ops', reminders: REM }] },
    ...(acmeToo ? [{ ...other, schedules: [{ id: 'sch_plat', reminders: REM }] }] : []),
  ];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, ...extra, accounts }));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, API_KEY);
  await h.secrets.set(`acme@${new URL(acme.url).host}`, API_KEY);
  const e = h.engine({ alarms: false });
  await e.start();
  await h.clock.advanceTo(at('2026-03-10T07:00:00Z'));
  h.sim.faults.set('*', { status: 500 });
  await h.clock.advanceTo(at('2026-03-10T08:30:00Z'));
  h.sim.state.addOverride('sch_ops', { ...TUE, userIds: ['usr_bob'] }, h.clock.now());
  await h.clock.advanceTo(at('2026-03-10T18:00:00Z'));
  h.sim.faults.clear();
  await h.clock.advanceTo(at('2026-03-10T20:30:00Z'));
  const notes = h.notifier.shown.map((n) => `${n.title} | ${n.body}`).join('\n');
  await e.stop();
  await h.close();
  await acme.close();
  return notes;
}

const WHO = 'Bob Stone was on call Ops 10:00–18:00 (09:00–17:00 UTC), not you.';
/** Quiet 19:00–21:00 Berlin (18:00–20:00Z): the correction, noticed at 18:05Z, waits for the summary at 20:00Z. */
const QUIET = { quietHours: { enabled: true, start: '19:00', end: '21:00', days: [] } };

describe('a past correction about one account while another account had me then', () => {
  it('its title is about Ops, never "Correction: not on call 10:00 after all"', async () => {
    const notes = await outageCorrection(true);
    expect(notes).toContain(`Work · Correction: Ops 10:00 (09:00 UTC) was not yours | ${WHO}`);
    expect(notes).not.toMatch(/not on call 10:00 \(09:00 UTC\) after all/i);
  }, 180_000);

  it('held through quiet hours: the summary line is worded the same way', async () => {
    const notes = await outageCorrection(true, QUIET);
    expect(notes).toMatch(/while notifications were quiet \| .*Correction: Ops 10:00 \(09:00 UTC\) was not yours/);
    expect(notes).not.toMatch(/not on call 10:00 \(09:00 UTC\) after all/i);
  }, 180_000);

  it('with Work alone watched (nothing else had me then): "Correction: not on call 10:00 after all"', async () => {
    const notes = await outageCorrection(false);
    expect(notes).toContain(`Correction: not on call 10:00 (09:00 UTC) after all | ${WHO}`);
  }, 180_000);
});
