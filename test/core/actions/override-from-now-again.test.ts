// Issue 48 (adv48 r18 #4): the override form's "Next N hours" and "Rest of current shift" (and the Quick override
// shortcut, which sends one without a preview) resolve their window from each press, so a second press never asks for
// exactly the window written by the first. Pressed again while my own override from minutes ago still holds these
// people over (nearly all of) it, nothing is sent: "already in place". Counted on the simulator's own overrides.
// Solo, daily from 08:00: 3/25 Carol, 3/26 Alice, 3/27 Bob.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const NEXT4 = { kind: 'next_hours' as const, hours: 4 as const };
const DAVE = 'alice@example.com';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function started(): Promise<{ h: Harness; engine: Engine }> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily }]);
  h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

/** Overrides the simulator holds with exactly these users (its own state, not the app's word). */
function held(h: Harness, userIds: string[]): { startMs: number; endMs: number }[] {
  const want = [...userIds].sort().join();
  const out: { startMs: number; endMs: number }[] = [];
  for (const o of h.sim.state.schedules.get('sch_solo')?.overrides ?? [])
    if ([...o.userIds].sort().join() === want) out.push({ startMs: o.startMs, endMs: o.endMs });
  return out;
}

async function previewed(engine: Engine, window: typeof NEXT4 | { kind: 'rest_of_current' }) {
  const pv = await h!.clock.runWhileAdvancing(
    engine.handlers['override:preview']({ scheduleId: 'sch_solo', window, emails: [DAVE] }),
  );
  if (!pv.ok) throw new Error(pv.error.message);
  const value = pv.value;
  return {
    scheduleId: 'sch_solo',
    window,
    emails: [DAVE],
    replaces: value.replaces.map((p) => p.email),
    previewed: { start: value.start, end: value.end },
  };
}

describe('"Next N hours" pressed again', () => {
  it('after created, pressed again at +30 s and +150 s: one override, "already in place"', async () => {
    const { h, engine } = await started();
    const request = await previewed(engine, NEXT4);
    const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(first.ok && first.value.status).toBe('created');
    for (const gapMs of [30_000, 120_000]) {
      await h.clock.advance(gapMs);
      const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
      expect(again.ok && again.value.status).toBe('created_unconfirmed');
      expect(again.ok && 'message' in again.value && again.value.message).toMatch(
        /already in place.*nothing was sent/i,
      );
    }
    expect(held(h, ['usr_alice'])).toHaveLength(1);
  }, 60_000);

  it('the Quick override shortcut (no preview) twice, 1 s apart: one override', async () => {
    const { h, engine } = await started();
    const request = { scheduleId: 'sch_solo', window: NEXT4, emails: [DAVE] };
    const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(first.ok && first.value.status).toBe('created');
    await h.clock.advance(1_000);
    const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(again.ok && again.value.status).toBe('created_unconfirmed');
    expect(held(h, ['usr_alice'])).toHaveLength(1);
  }, 60_000);

  it('two presses in flight at once: one write', async () => {
    const { h, engine } = await started();
    const request = await previewed(engine, NEXT4);
    const a = engine.handlers['override:create'](request);
    const b = (async () => {
      await h.clock.advance(1_000);
      return engine.handlers['override:create'](request);
    })();
    const [ra, rb] = await h.clock.runWhileAdvancing(Promise.all([a, b]));
    expect([ra.ok && ra.value.status, rb.ok && rb.value.status].sort()).toEqual(expect.arrayContaining(['created']));
    expect(held(h, ['usr_alice'])).toHaveLength(1);
  }, 60_000);

  it('its answer lost and confirmed in place, pressed again at +30 s: nothing sent again', async () => {
    const { h, engine } = await started();
    const request = await previewed(engine, NEXT4);
    h.sim.faults.set('createOverride', { reset: true, times: 1 });
    const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(first.ok && first.value.status).toBe('created_unconfirmed');
    await h.clock.advance(30_000);
    const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(again.ok && again.value.status).toBe('created_unconfirmed');
    expect(held(h, ['usr_alice'])).toHaveLength(1);
  }, 60_000);

  it('"Rest of current shift" without a preview, pressed again: one override', async () => {
    const { h, engine } = await started();
    // Bob (Alice is on call the next day: her override would run on into her own day, one longer stretch).
    const request = {
      scheduleId: 'sch_solo',
      window: { kind: 'rest_of_current' as const },
      emails: ['bob@example.com'],
    };
    const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(first.ok && first.value.status).toBe('created');
    await h.clock.advance(30_000);
    const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(again.ok && again.value.status).toBe('created_unconfirmed');
    expect(held(h, ['usr_bob'])).toHaveLength(1);
  }, 60_000);

  it('a manager removed my override since: the same press again writes nothing over that change', async () => {
    const { h, engine } = await started();
    const request = await previewed(engine, NEXT4);
    const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    if (!first.ok || first.value.status !== 'created') throw new Error('not created');
    h.sim.state.schedules.get('sch_solo')!.overrides.length = 0;
    await h.clock.advance(30_000);
    const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(again.ok).toBe(false);
    expect(!again.ok && again.error.message).toMatch(/Changed since you created it: Carol/);
    expect(held(h, ['usr_alice'])).toHaveLength(0);
  }, 60_000);

  it('another person for the next hours (not the same wish) is still written', async () => {
    const { h, engine } = await started();
    const first = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: NEXT4, emails: [DAVE] }),
    );
    expect(first.ok && first.value.status).toBe('created');
    await h.clock.advance(30_000);
    const other = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: NEXT4, emails: ['bob@example.com'] }),
    );
    expect(other.ok && other.value.status).toBe('created');
    expect(held(h, ['usr_bob'])).toHaveLength(1);
  }, 60_000);
});
