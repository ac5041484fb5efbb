// "Take over now" and "Hand back" through the engine's handlers, against the real simulator over loopback with
// a fake clock: what the schedule shows afterwards, who stays on a two-person schedule, and every refusal.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { ResponseOf } from '../../../electron/shared/ipc-contract';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { HOUR } from '../../support/time';

const START = Date.parse('2026-03-25T10:00:00Z');
const SHIFT_END = '2026-03-26T08:00:00Z';

/**
 * Daily handoffs at 08:00 UTC. Solo: Carol today (3/25), Alice tomorrow. Pair (two at once): Bob and Carol today,
 * Alice and Bob tomorrow. Mine: always me. Later: starts next week, so nobody is on call now.
 */
function seed() {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const s = seedOf([
    { id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily },
    { id: 'sch_pair', name: 'Pair', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily },
    { id: 'sch_mine', name: 'Mine', userIds: ['usr_me'], ...daily },
    { id: 'sch_later', name: 'Later', userIds: ['usr_alice'], ...daily, rotationStart: '2026-04-01T08:00:00Z' },
  ]);
  const pair = s.schedules[1]?.layers[0];
  if (pair) pair.concurrent_oncall_users = 2;
  return s;
}

let h: Harness | undefined;
async function started(): Promise<{ h: Harness; engine: Engine }> {
  h = await createHarness({ startMs: START, seed: seed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo', 'sch_pair', 'sch_mine', 'sch_later'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

/** Who the state shows on a schedule now and next, as e-mails, with the times. */
function shows(engine: Engine, id: string) {
  const view = engine.getState().schedules.find((s) => s.id === id);
  const emails = (users: { email: string }[] | undefined) => users?.map((u) => u.email).sort();
  return {
    now: emails(view?.now?.users),
    nowStart: view?.now?.start,
    nowEnd: view?.now?.end,
    next: emails(view?.next?.users),
    nextStart: view?.next?.start,
  };
}

async function options(engine: Engine, id: string) {
  const all = await engine.handlers['take-over:options'](null);
  return all.ok ? all.value.find((o) => o.scheduleId === id) : undefined;
}

const kindOf = (r: ResponseOf<'take-over:now'>) => (r.ok ? r.value.outcome.status : r.error.kind);
const overridesOf = (h: Harness, id: string) => h.sim.state.schedules.get(id)?.overrides ?? [];

describe('take-over:now', () => {
  it('puts me on call from now to the end of the current shift, then the schedule goes on as before', async () => {
    const { h, engine } = await started();
    expect(await options(engine, 'sch_solo')).toMatchObject({
      takeOver: { from: [{ email: 'carol@example.com' }], until: SHIFT_END },
      handBack: null,
    });
    const result = await engine.handlers['take-over:now']({ scheduleId: 'sch_solo' });
    expect(result).toMatchObject({
      ok: true,
      value: {
        start: '2026-03-25T10:00:01Z',
        end: SHIFT_END,
        covering: [ME],
        replaced: [{ email: 'carol@example.com' }],
        outcome: { status: 'created' },
      },
    });
    await h.clock.advance(1_000);
    expect(shows(engine, 'sch_solo')).toEqual({
      now: [ME],
      nowStart: '2026-03-25T10:00:01Z',
      nowEnd: SHIFT_END,
      next: ['alice@example.com'],
      nextStart: SHIFT_END,
    });
    expect(overridesOf(h, 'sch_solo')).toHaveLength(1);
    expect(await options(engine, 'sch_solo')).toMatchObject({
      takeOver: null,
      handBack: { to: [{ email: 'carol@example.com' }], until: SHIFT_END },
    });
    // The derived state carries the same offer, for the tray menu and the schedule cards.
    expect(engine.getState().schedules.find((v) => v.id === 'sch_solo')?.takeOverOptions).toEqual(
      await options(engine, 'sch_solo'),
    );
  });

  it('on a two-person schedule replaces only the chosen person: the other stays, before and after', async () => {
    const { h, engine } = await started();
    expect(shows(engine, 'sch_pair').now).toEqual(['bob@example.com', 'carol@example.com']);
    const unnamed = await engine.handlers['take-over:now']({ scheduleId: 'sch_pair' });
    expect(!unnamed.ok && [unnamed.error.kind, unnamed.error.message]).toEqual([
      'choose_person',
      'Bob Stone and Carol Lee are on call now: choose whom to take over from.',
    ]);
    const result = await engine.handlers['take-over:now']({ scheduleId: 'sch_pair', fromEmail: 'Carol@example.com' });
    expect(kindOf(result)).toBe('created');
    await h.clock.advance(1_000);
    expect(shows(engine, 'sch_pair')).toEqual({
      now: ['bob@example.com', ME],
      nowStart: '2026-03-25T10:00:01Z',
      nowEnd: SHIFT_END,
      next: ['alice@example.com', 'bob@example.com'],
      nextStart: SHIFT_END,
    });
  });

  it('refuses, with nothing sent, where I am on call, nobody is, the person is not on call, or the schedule is not watched', async () => {
    const { h, engine } = await started();
    const refusals = await Promise.all([
      engine.handlers['take-over:now']({ scheduleId: 'sch_mine' }),
      engine.handlers['take-over:now']({ scheduleId: 'sch_later' }),
      engine.handlers['take-over:now']({ scheduleId: 'sch_pair', fromEmail: 'alice@example.com' }),
      engine.handlers['take-over:now']({ scheduleId: 'sch_elsewhere' }),
    ]);
    expect(refusals.map(kindOf)).toEqual(['already_on_call', 'nobody_on_call', 'not_on_call_now', 'not_watched']);
    expect(!refusals[1]?.ok && refusals[1]?.error.message).toMatch(/Nobody is on call.*nobody to take over from/);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
    expect((await options(engine, 'sch_mine'))?.takeOver).toBeNull();
    expect((await options(engine, 'sch_later'))?.takeOver).toBeNull();
  });

  it('refuses on data it cannot vouch for: the schedule is refreshed first, and a failed refresh sends nothing', async () => {
    const { h, engine } = await started();
    const before = h.sim.requests.count({ route: 'listShifts' });
    h.sim.faults.set('listShifts', { status: 503 });
    h.sim.faults.set('getSchedule', { status: 503 });
    const result = await h.clock.runWhileAdvancing(engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }));
    expect(kindOf(result)).toBe('stale_data');
    expect(!result.ok && result.error.message).toMatch(/could not be refreshed.*Nothing was changed/);
    // The read's reason is said whole, as the sentence it was made (issue 47: it was cut into "(…later)").
    expect(!result.ok && result.error.message).toMatch(/Nothing was changed\. The on-call service had a problem .*\.$/);
    expect(
      h.sim.requests.count({ route: 'listShifts' }) + h.sim.requests.count({ route: 'getSchedule' }),
    ).toBeGreaterThan(before);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  });

  it('a double click sends one override, and a click after it is in place is refused', async () => {
    const { h, engine } = await started();
    const [a, b] = await Promise.all([
      engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }),
      engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }),
    ]);
    expect(b).toEqual(a);
    await h.clock.advance(1_000);
    expect(kindOf(await engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }))).toBe('already_on_call');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  });
});

describe('take-over:hand-back', () => {
  it('puts the replaced person back from now until the end of my take-over, and is then no longer offered', async () => {
    const { h, engine } = await started();
    expect(kindOf(await engine.handlers['take-over:hand-back']({ scheduleId: 'sch_solo' }))).toBe(
      'nothing_to_hand_back',
    );
    await engine.handlers['take-over:now']({ scheduleId: 'sch_solo' });
    await h.clock.advance(2 * HOUR);
    const back = await engine.handlers['take-over:hand-back']({ scheduleId: 'sch_solo' });
    expect(back).toMatchObject({
      ok: true,
      value: {
        start: '2026-03-25T12:00:01Z',
        end: SHIFT_END,
        covering: ['carol@example.com'],
        outcome: { status: 'created' },
      },
    });
    await h.clock.advance(1_000);
    expect(shows(engine, 'sch_solo')).toEqual({
      now: ['carol@example.com'],
      nowStart: '2026-03-25T12:00:01Z',
      nowEnd: SHIFT_END,
      next: ['alice@example.com'],
      nextStart: SHIFT_END,
    });
    expect(await options(engine, 'sch_solo')).toMatchObject({
      takeOver: { from: [{ email: 'carol@example.com' }] },
      handBack: null,
    });
    expect(kindOf(await engine.handlers['take-over:hand-back']({ scheduleId: 'sch_solo' }))).toBe(
      'nothing_to_hand_back',
    );
    expect(overridesOf(h, 'sch_solo')).toHaveLength(2);
  });

  it('on a two-person schedule gives back to the replaced person and keeps the one who stayed', async () => {
    const { h, engine } = await started();
    await engine.handlers['take-over:now']({ scheduleId: 'sch_pair', fromEmail: 'carol@example.com' });
    await h.clock.advance(HOUR);
    const back = await engine.handlers['take-over:hand-back']({ scheduleId: 'sch_pair' });
    expect(back.ok && back.value.covering.map((e) => e.toLowerCase()).sort()).toEqual([
      'bob@example.com',
      'carol@example.com',
    ]);
    await h.clock.advance(1_000);
    expect(shows(engine, 'sch_pair')).toMatchObject({
      now: ['bob@example.com', 'carol@example.com'],
      nowStart: '2026-03-25T11:00:01Z',
      nowEnd: SHIFT_END,
    });
  });

  it('is not offered once the schedule no longer shows me in the take-over window', async () => {
    const { h, engine } = await started();
    await engine.handlers['take-over:now']({ scheduleId: 'sch_solo' });
    await h.clock.advance(1_000);
    // Someone else changes it on the service: Alice covers the rest of the day.
    await engine.handlers['override:create']({
      scheduleId: 'sch_solo',
      window: { kind: 'rest_of_current' },
      emails: ['alice@example.com'],
    });
    await h.clock.advance(1_000);
    expect((await options(engine, 'sch_solo'))?.handBack).toBeNull();
    expect(kindOf(await engine.handlers['take-over:hand-back']({ scheduleId: 'sch_solo' }))).toBe(
      'nothing_to_hand_back',
    );
  });
});
