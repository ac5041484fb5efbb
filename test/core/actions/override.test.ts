// Quick overrides through the engine's handlers, against the real simulator over loopback.
import { describe, expect, it } from 'vitest';
import type { OncallClient } from '../../../electron/api/client-types';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { HOUR } from '../../support/time';

// Berlin: Alice is on call 2026-03-25 08:00Z → 2026-03-26 08:00Z; I take over after.
const START = Date.parse('2026-03-25T10:00:00Z');

let h: Harness | undefined;
async function started(
  extra: Parameters<Harness['engine']>[0] = {},
  email = ME,
): Promise<{ h: Harness; engine: Engine }> {
  h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, { email, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const engine = h.engine(extra);
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

const overridesOf = (h: Harness, id: string) => h.sim.state.schedules.get(id)?.overrides ?? [];

describe('override:preview', () => {
  it('takes the rest of the current shift, for me by default, and names who is replaced', async () => {
    const { engine } = await started();
    const preview = await engine.handlers['override:preview']({
      scheduleId: 'sch_berlin',
      window: { kind: 'rest_of_current' },
      emails: [],
    });
    expect(preview).toEqual({
      ok: true,
      value: {
        scheduleId: 'sch_berlin',
        start: '2026-03-25T10:00:01Z',
        end: '2026-03-26T08:00:00Z',
        covering: [ME],
        replaces: [{ id: 'usr_alice', name: 'Alice Doe', email: 'alice@example.com' }],
        // Who holds each stretch of the window as read (Alice's whole block), for Create's re-check (fix48form).
        held: [{ emails: ['alice@example.com'], start: '2026-03-25T08:00:00.000Z', end: '2026-03-26T08:00:00.000Z' }],
        onCallBefore: 1,
        alreadyOnCall: false,
        basis: {
          kind: 'fresh',
          readAt: preview.ok ? (preview.value.basis.kind === 'fresh' ? preview.value.basis.readAt : 'fresh') : '',
        },
        // As the form shows it (main words it): me by name, the window in the engine's zone (Berlin, UTC+1).
        words: {
          who: 'Mia Meyer (you)',
          covers: 'covers Berlin primary',
          window: 'Wed 11:00 – Thu 09:00 · 22 h',
          replaces: 'Replaces Alice Doe',
          replaced: 'Alice Doe',
          nothingToDo: false,
        },
      },
    });
  });

  it('covers the next hours for up to four people, and refuses more with a field problem', async () => {
    const { engine } = await started();
    const two = await engine.handlers['override:preview']({
      scheduleId: 'sch_newyork',
      window: { kind: 'next_hours', hours: 2 },
      emails: ['carol@example.com'],
    });
    expect(two.ok && two.value.end).toBe('2026-03-25T12:00:01Z');
    const five = await engine.handlers['override:preview']({
      scheduleId: 'sch_berlin',
      window: { kind: 'next_hours', hours: 1 },
      emails: ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'e@x.io'],
    });
    expect(five.ok).toBe(false);
    expect(!five.ok && five.error.problems?.[0]?.field).toBe('emails');
  });

  it('says when the covering people are already on call for the whole window (the override would change nothing)', async () => {
    const { engine } = await started();
    const same = await engine.handlers['override:preview']({
      scheduleId: 'sch_berlin',
      window: { kind: 'next_hours', hours: 1 },
      emails: ['alice@example.com'],
    });
    expect(same.ok && [same.value.alreadyOnCall, same.value.replaces, same.value.onCallBefore]).toEqual([true, [], 1]);
    const other = await engine.handlers['override:preview']({
      scheduleId: 'sch_berlin',
      window: { kind: 'next_hours', hours: 1 },
      emails: ['carol@example.com'],
    });
    expect(other.ok && other.value.alreadyOnCall).toBe(false);
  });

  it('says clearly that an e-mail is needed when none is given and none is set', async () => {
    const { engine } = await started({}, '');
    const result = await engine.handlers['override:preview']({
      scheduleId: 'sch_berlin',
      window: { kind: 'next_hours', hours: 1 },
      emails: [],
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toMatch(/set your e-mail in Settings/);
  });
});

describe('override:create', () => {
  it('creates it, reads it back, remembers its id and refreshes the schedule at once', async () => {
    const { h, engine } = await started();
    expect(engine.getState().me.onCallNow.map((s) => s.scheduleId)).not.toContain('sch_berlin');
    const result = await engine.handlers['override:create']({
      scheduleId: 'sch_berlin',
      window: { kind: 'next_hours', hours: 4 },
      emails: [],
    });
    expect(result.ok && result.value.status).toBe('created');
    if (!result.ok || result.value.status !== 'created') throw new Error('not created');
    const created = result.value.override;
    expect(created).toMatchObject({
      scheduleId: 'sch_berlin',
      start: '2026-03-25T10:00:01Z',
      end: '2026-03-25T14:00:01Z',
    });
    expect(created.users.map((u) => u.email)).toEqual([ME]);
    expect(h.sim.requests.count({ route: 'getOverride' })).toBe(1);
    await h.clock.advance(1_000);
    const state = engine.getState();
    expect(state.schedules[0]?.meOnCall).toBe(true);
    expect(state.me.onCallNow.find((s) => s.scheduleId === 'sch_berlin')?.end).toBe('2026-03-25T14:00:01Z');
    const again = await engine.handlers['override:get']({ scheduleId: 'sch_berlin', overrideId: created.id });
    expect(again).toEqual({ ok: true, value: created });
    const foreign = await engine.handlers['override:get']({ scheduleId: 'sch_berlin', overrideId: 'ovr_someone_else' });
    expect(!foreign.ok && foreign.error.kind).toBe('not_found');
  });

  it('never re-sends a write that timed out: it checks the schedule and reports the override as created', async () => {
    const { h, engine } = await started({ client: { timeoutMs: 150 } });
    h.sim.faults.set('createOverride', { latencyMs: 400, times: 1 });
    const pending = engine.handlers['override:create']({
      scheduleId: 'sch_berlin',
      window: { kind: 'next_hours', hours: 1 },
      emails: ['bob@example.com'],
    });
    // Let the slow server finish its work (in real time) before the engine looks again.
    while (h.sim.requests.count({ route: 'createOverride' }) === 0) await new Promise((r) => setTimeout(r, 20));
    const result = await h.clock.runWhileAdvancing(pending);
    expect(result.ok && result.value.status).toBe('created_unconfirmed');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    expect(overridesOf(h, 'sch_berlin')).toHaveLength(1);
  });

  it('reports "not created" when the write got no answer and the schedule does not show it', async () => {
    const unanswered = (c: OncallClient): OncallClient => ({
      ...c,
      createOverride: async () => ({
        ok: false,
        error: { kind: 'outcome_unknown', cause: 'timeout', message: 'No answer came back.' },
      }),
    });
    const { h, engine } = await started({ wrapClient: unanswered });
    const result = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({
        scheduleId: 'sch_berlin',
        window: { kind: 'next_hours', hours: 1 },
        emails: ['bob@example.com'],
      }),
    );
    expect(result.ok && result.value.status).toBe('not_created');
    expect(h.sim.requests.count({ route: 'listShifts' })).toBeGreaterThan(0);
    expect(overridesOf(h, 'sch_berlin')).toHaveLength(0);
  });

  it('says "unknown, check the schedule" when those people were on call anyway', async () => {
    const unanswered = (c: OncallClient): OncallClient => ({
      ...c,
      createOverride: async () => ({
        ok: false,
        error: { kind: 'outcome_unknown', cause: 'network', message: 'No answer came back.' },
      }),
    });
    const { h, engine } = await started({ wrapClient: unanswered });
    const result = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({
        scheduleId: 'sch_berlin',
        window: { kind: 'next_hours', hours: 1 },
        emails: ['alice@example.com'],
      }),
    );
    expect(result.ok && result.value.status).toBe('unknown');
    expect(result.ok && 'message' in result.value && result.value.message).toMatch(/Check the schedule/);
  });

  it('passes the service refusal on as a typed error (unknown e-mail)', async () => {
    const { engine, h } = await started();
    const result = await engine.handlers['override:create']({
      scheduleId: 'sch_berlin',
      window: { kind: 'next_hours', hours: 1 },
      emails: ['nobody@example.com'],
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('rejected');
    expect(overridesOf(h, 'sch_berlin')).toHaveLength(0);
    void HOUR;
  });
});
