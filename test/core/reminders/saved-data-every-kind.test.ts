// Issue 27, case 4: every reminder kind says what it rests on when its data is not fresh — the quiet-hours heads-up,
// the summary after quiet time, leads, starts, ends and late ends. Real engine, simulator, real files, fake clock;
// the expected "saved data from" time is the last answer the app got, recorded at its client.
import { describe, expect, it } from 'vitest';
import type { OncallClient } from '../../../electron/api/client-types';
import type { Harness, Shown } from '../support/engine-harness';
import { NEAR_REFRESH, nightDesk, patchSettings, QUIET_NIGHTS } from '../support/night-desk';
import { MIN, ms } from '../../support/time';

// Night desk: I am on call every day 03:00–11:00 Berlin = 02:00–10:00Z, Alice and Bob the rest.
/** The app running from `startIso`, with quiet hours 22:00–07:00; `answers`: when the service answered it (ok). */
async function running(
  startIso: string,
): Promise<{ h: Harness; answers: number[]; power: (e: 'suspend' | 'resume') => void }> {
  const h = await nightDesk(startIso, { refresh: NEAR_REFRESH });
  await patchSettings(h, () => ({ quietHours: QUIET_NIGHTS }));
  const answers: number[] = [];
  const mark = async <T extends { ok: boolean }>(p: Promise<T>): Promise<T> => {
    const atMs = h.clock.now();
    const r = await p;
    if (r.ok) answers.push(atMs);
    return r;
  };
  const wrapClient = (c: OncallClient): OncallClient => ({
    ...c,
    getSchedule: (...a) => mark(c.getSchedule(...a)),
    listAllShifts: (...a) => mark(c.listAllShifts(...a)),
  });
  const engine = h.engine({ wrapClient });
  await engine.start();
  return { h, answers, power: (e) => engine.power(e) };
}

// A day before the one shown carries its date (the one formatter, adv49 r19: "10 Mar, 18:55", never a bare weekday).
const berlin = (t: number, withDay = false): string => {
  const time = new Date(t).toLocaleString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
  if (!withDay) return time;
  const day = new Date(t).toLocaleDateString('en-GB', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'short' });
  return `${day}, ${time}`;
};
const line = (n: Shown) => `${berlin(n.atMs)} ${n.title} | ${n.body}`;

describe('issue 27 case 4: every reminder kind says what it rests on', () => {
  it('the service fails from 19:00, my 03:00 shift goes to Alice at 20:00: nothing about it is said bare', async () => {
    const { h, answers } = await running('2026-03-10T12:00:00Z');
    await h.clock.advanceTo(ms('2026-03-10T18:00:00Z')); // 19:00 Berlin
    h.sim.faults.set('*', { status: 503 });
    await h.clock.advanceTo(ms('2026-03-10T19:00:00Z'));
    h.sim.state.addOverride(
      'sch_night',
      { startMs: ms('2026-03-11T02:00:00Z'), endMs: ms('2026-03-11T10:00:00Z'), userIds: ['usr_alice'] },
      h.clock.now(),
    );
    const lastAnswer = answers.filter((t) => t < ms('2026-03-10T18:00:00Z')).at(-1) ?? 0;
    await h.clock.advanceTo(ms('2026-03-11T10:30:00Z'));
    // Reminders only: the readiness warning ("Not ready for your shift … shows saved data") is not one.
    // The start alarm (its own notification, `alarm: true`) is asserted apart, below.
    const after = h.notifier.shown.filter((n) => n.atMs >= ms('2026-03-10T18:00:00Z'));
    const said = after.filter((n) => n.title !== 'Not ready for your shift' && n.alarm !== true);
    const from = (day: boolean) => `According to saved data from ${berlin(lastAnswer, day)}, `;
    // The alarm rings from the same saved data and says so, as the reminders do (it stated it as fact before).
    expect(after.filter((n) => n.alarm === true).map(line)).toEqual([
      `03:00 On call now — Night desk | ${from(true)}your shift 03:00–11:00. Bob Stone hands over to you.`,
    ]);
    expect(said.map(line)).toEqual([
      `22:00 On call at Wed 03:00 | ${from(false)}you are on call: Night desk Wed 03:00–11:00. It starts during quiet hours; the 02:45 reminder and “On call now” still come.`,
      `02:45 On call in 15 min | ${from(true)}you are on call: Night desk 03:00–11:00.`,
      // No separate "On call now" at 03:00: the alarm above is the start's one notice (issue 50).
      // The 1-day lead for tomorrow's shift was due at 03:00, during quiet hours, and waited.
      // Worded when the summary is shown, from the shift as read then, with that read's basis (issue 47, adv47 r8 #1).
      `07:00 1 message while notifications were quiet | On call in 20 h (according to saved data from ${berlin(lastAnswer, true)}): Night desk Thu 03:00–11:00`,
      `11:00 Shift ended | ${from(true)}your Night desk shift 03:00–11:00 is over.`,
    ]);
  }, 120_000);

  it('a shift end slept through while the service fails: the late "Shift ended" says it rests on saved data', async () => {
    const { h, answers, power } = await running('2026-03-11T06:00:00Z');
    await h.clock.advanceTo(ms('2026-03-11T09:30:00Z')); // 10:30 Berlin
    h.sim.faults.set('*', { status: 503 });
    const lastAnswer = answers.filter((t) => t < h.clock.now()).at(-1) ?? 0;
    await h.clock.advanceTo(ms('2026-03-11T09:50:00Z'));
    power('suspend');
    await h.clock.settle();
    h.clock.sleep(50 * MIN); // asleep 10:50–11:40 Berlin, over the end at 11:00
    power('resume');
    await h.clock.advance(2 * MIN);
    const ended = h.notifier.shown.filter((n) => n.title === 'Shift ended');
    expect(ended.map(line)).toEqual([
      `11:40 Shift ended | According to saved data from ${berlin(lastAnswer)}, your Night desk shift 03:00–11:00 ended at 11:00. Alice Doe took over.`,
    ]);
  }, 120_000);
});
