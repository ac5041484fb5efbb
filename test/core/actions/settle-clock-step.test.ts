// adv48 round 31 #1: a write answered 503 that the service applies 40 s later, then the machine's wall clock steps
// (NTP) while the service's does not. The 2 minutes the service is given are real minutes: a forward step must not
// end them, so a press again right after sends nothing and the service ends with one override; a backward step still
// waits them out. Real engine, simulator over loopback (on its own steady clock), fake clock; the count is read from
// the simulator's own state.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf, threeZoneSeed } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const LATE_503 = { status: 503, applyAfterMs: 40_000, times: 1 };
const overridesOn = (h: Harness, id: string) => h.sim.state.schedules.get(id)?.overrides.length ?? 0;
const postsOf = (h: Harness) => h.sim.requests.count({ route: 'createOverride' });

async function started(seed: object, scheduleId: string) {
  const h = await createHarness({ startMs: START, seed, serviceClock: 'steady' });
  await seedSettings(h, { email: ME, scheduleIds: [scheduleId] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

describe('override form: the settle after a 503 is real minutes, whatever the wall clock does', () => {
  const form = {
    scheduleId: 'sch_berlin',
    window: { kind: 'custom' as const, start: '2026-03-25T12:00:00.000Z', end: '2026-03-25T16:00:00.000Z' },
    emails: ['bob@example.com'],
  };
  for (const stepMin of [10, -60]) {
    it(`wall clock steps ${stepMin} min after the 503: Create again sends nothing, one override in the end`, async () => {
      const { h, engine } = await started(threeZoneSeed(), 'sch_berlin');
      h.sim.faults.set('createOverride', LATE_503);
      const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
      expect(first.ok && first.value.status).not.toBe('created');
      h.clock.stepWall(stepMin * 60_000);
      await h.clock.advance(5_000);
      const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
      expect(again.ok && again.value.status).not.toBe('created');
      expect(postsOf(h)).toBe(1);
      for (const waitMs of [60_000, 3 * 60_000]) {
        await h.clock.advance(waitMs);
        await h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
      }
      expect(postsOf(h)).toBe(1);
      expect(overridesOn(h, 'sch_berlin')).toBe(1);
      await h.close();
    });
  }
});

describe('a restart inside the settle, then a forward step of the wall clock', () => {
  it('the record read back counts the wall time until the restart, not the step after it: nothing is sent', async () => {
    const { h, engine } = await started(threeZoneSeed(), 'sch_berlin');
    const form = {
      scheduleId: 'sch_berlin',
      window: { kind: 'custom' as const, start: '2026-03-25T12:00:00.000Z', end: '2026-03-25T16:00:00.000Z' },
      emails: ['bob@example.com'],
    };
    h.sim.faults.set('createOverride', LATE_503);
    await h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
    await h.clock.advance(5_000);
    await engine.stop();
    // A new process: the same time, on a clock object the first run's records were never measured on.
    const c = h.clock;
    const clock = { now: () => c.now(), setTimer: c.setTimer.bind(c), monotonicMs: () => c.monotonicMs() };
    const second = h.engine({ clock });
    await second.start();
    await h.clock.advance(1_000);
    h.clock.stepWall(10 * 60_000);
    await h.clock.advance(5_000);
    const again = await h.clock.runWhileAdvancing(second.handlers['override:create'](form));
    expect(again.ok && again.value.status).not.toBe('created');
    await h.clock.advance(3 * 60_000);
    await h.clock.runWhileAdvancing(second.handlers['override:create'](form));
    expect(postsOf(h)).toBe(1);
    expect(overridesOn(h, 'sch_berlin')).toBe(1);
    await h.close();
  });
});

describe('take over: the settle after a 503 is real minutes', () => {
  it('wall clock steps 10 min forward after the 503: pressed again 5 s on, nothing is sent', async () => {
    const solo = {
      id: 'sch_solo',
      name: 'Solo',
      userIds: ['usr_alice', 'usr_bob', 'usr_carol'],
      zone: 'Etc/UTC',
      rotationStart: '2026-03-20T08:00:00Z',
      length: { amount: 1, unit: 'days' as const },
    };
    const { h, engine } = await started(seedOf([solo]), 'sch_solo');
    const request = {
      scheduleId: 'sch_solo',
      fromEmail: 'carol@example.com',
      seen: { onCall: ['carol@example.com'], until: '2026-03-26T08:00:00Z' },
    };
    h.sim.faults.set('createOverride', LATE_503);
    await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
    h.clock.stepWall(10 * 60_000);
    await h.clock.advance(5_000);
    await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
    await h.clock.advance(60_000);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    expect(postsOf(h)).toBe(1);
    expect(overridesOn(h, 'sch_solo')).toBe(1);
    await h.close();
  });
});
