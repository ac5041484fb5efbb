// Reminders judged on data that was actually read (issue 18, cases 1, 2, 3 and 6): a schedule whose shifts failed
// after a wake is not "heard from"; a lead or start from data older than the refresh allows says what it rests on;
// a lead slept through while its shift is still ahead is caught up; a first run tells nothing from before it began.
// Real engine, real simulator over loopback, fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness, type Shown } from '../support/engine-harness';
import { ME, PLATFORM_MY_START, platformSeed } from '../support/seeds';
import { HOUR, MIN } from '../../support/time';

// Daily at 09:00 UTC (10:00 in Berlin, the harness's zone), Alice and me in turn: mine are 03-10 09:00 → 03-11 09:00, 03-12 → 03-13, …
const seed = platformSeed();
const MY_START = PLATFORM_MY_START;
const MY_END = Date.parse('2026-03-11T09:00:00Z');

let h: Harness | undefined;
async function running(startMs: number): Promise<{ h: Harness; engine: ReturnType<Harness['engine']> }> {
  h = await createHarness({ startMs, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_plat'] });
  // The reminders' own notices are judged: with the start alarm on, it is the start's one notice (issue 50).
  const engine = h.engine({ alarms: false });
  await engine.start();
  await h.clock.advance(MIN);
  return { h, engine };
}

/** Gives my 03-10 09:00 shift to Alice, straight in the service (someone else did it). */
function giveMyShiftToAlice(harness: Harness): void {
  harness.sim.state.addOverride(
    'sch_plat',
    { startMs: MY_START, endMs: MY_END, userIds: ['usr_alice'] },
    harness.clock.now(),
  );
}

const since = (shown: readonly Shown[], fromMs: number): Shown[] => shown.filter((n) => n.atMs >= fromMs);

describe('reminders rest on data that was read', () => {
  it('case 1: after a wake, details answering while the shifts read fails is not "heard from": the catch-up says saved data', async () => {
    const { h, engine } = await running(MY_START - 3 * HOUR);
    await h.clock.advanceTo(MY_START - 20 * MIN);
    h.clock.sleep(80 * MIN);
    giveMyShiftToAlice(h);
    h.sim.faults.set('listShifts', { status: 500 });
    const wokeAtMs = h.clock.now();
    engine.power('resume');
    await h.clock.advance(2 * MIN);
    const about = since(h.notifier.shown, wokeAtMs).filter((n) => n.id.startsWith('shift:sch_plat:'));
    // Whatever is said about my shift now rests on the saved data from before the sleep, and says so.
    expect(about.length).toBeGreaterThan(0);
    for (const n of about)
      expect(n.body).toMatch(/^According to saved data from 09:[34]\d, you have been on call for Platform since 10:00/);
  }, 60_000);

  it('case 2: the service failing since 01:00, the lead and the start at 08:45 and 09:00 say they rest on saved data', async () => {
    const { h } = await running(MY_START - 9 * HOUR);
    await h.clock.advanceTo(MY_START - 8 * HOUR);
    h.sim.faults.set('*', { status: 503 });
    await h.clock.advanceTo(MY_START - 6 * HOUR);
    giveMyShiftToAlice(h);
    await h.clock.advanceTo(MY_START + 2 * MIN);
    const lead = h.notifier.shown.find((n) => n.id === 'shift:sch_plat:2026-03-10T09:00:00Z:lead15');
    const start = h.notifier.shown.find((n) => n.id === 'shift:sch_plat:2026-03-10T09:00:00Z:start');
    // Berlin time (the harness's zone): the last read was before 02:00 (01:00 UTC).
    expect(lead?.body).toMatch(
      /^According to saved data from 01:\d\d, you are on call: Platform Tue 10:00 – Wed 10:00/,
    );
    expect(lead?.title).toBe('On call in 15 min');
    expect(start?.body).toMatch(
      /^According to saved data from 01:\d\d, you are on call now for Platform until Wed 10:00/,
    );
  }, 60_000);

  it('case 3: a lead slept through (08:40 → 08:47) while the shift is still ahead is caught up: "On call in 13 min"', async () => {
    const { h, engine } = await running(MY_START - 3 * HOUR);
    await h.clock.advanceTo(MY_START - 20 * MIN);
    h.clock.sleep(7 * MIN);
    const wokeAtMs = h.clock.now();
    engine.power('resume');
    await h.clock.advance(30_000);
    const caught = since(h.notifier.shown, wokeAtMs).filter((n) => n.id.startsWith('shift:sch_plat:'));
    expect(caught.map((n) => n.title)).toEqual(['On call in 13 min']);
    expect(caught[0]?.body).not.toMatch(/saved data/);
  }, 60_000);

  it('case 6: a first run at 14:00 says nothing about my shift that ended at 09:00, now or after later syncs', async () => {
    const { h } = await running(MY_END + 5 * HOUR);
    await h.clock.advance(3 * HOUR);
    expect(h.notifier.shown.filter((n) => n.title === 'Shift ended')).toEqual([]);
  }, 60_000);
});
