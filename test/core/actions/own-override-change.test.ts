// Issue 18, case 4: an override of mine whose answer was lost, but which the schedule then showed in place, is
// mine like any other: the next read of the schedule must not announce it as a change someone else made.
// Real engine, real simulator over loopback, fake clock.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../electron/api/client';
import type { Fault } from '../../../electron/simulator/faults';
import type { OverrideRequest } from '../../../electron/shared/ipc-contract';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MIN } from '../../support/time';

// Berlin: Alice is on call 2026-03-25 08:00Z → 2026-03-26 08:00Z; I am next, from 08:00Z.
const START = Date.parse('2026-03-25T10:00:00Z');
const BERLIN = 'sch_berlin';
const ME_FOUR_HOURS: OverrideRequest = { scheduleId: BERLIN, window: { kind: 'next_hours', hours: 4 }, emails: [] };

let h: Harness | undefined;
async function started(extra: Parameters<Harness['engine']>[0] = {}) {
  h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, { email: ME, scheduleIds: [BERLIN] });
  const engine = h.engine(extra);
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

const realPause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const changeNotices = (harness: Harness) => harness.notifier.shown.filter((n) => n.id.startsWith('change:'));

describe('my own override, whatever path its outcome took, is never told as a change', () => {
  it.each<[string, Fault]>([
    ['the connection is reset after the service stored it', { reset: true, times: 1 }],
    ['the answer is cut off after the service stored it', { malformedJson: true, times: 1 }],
  ])('%s: verified from the shifts, no "Your shift was added"', async (_name, fault) => {
    const { h, engine } = await started();
    h.sim.faults.set('createOverride', fault);
    const result = await h.clock.runWhileAdvancing(engine.handlers['override:create'](ME_FOUR_HOURS));
    expect(result.ok && result.value.status).toBe('created_unconfirmed');
    // The refresh after the write, then a few idle refreshes: the schedule now shows me on call.
    await h.clock.advance(20 * MIN);
    expect(engine.getState().me.onCallNow.map((s) => s.scheduleId)).toContain(BERLIN);
    expect(changeNotices(h).map((n) => `${n.title}: ${n.body}`)).toEqual([]);
  });

  it('a read that lands while the lost answer is still being checked does not tell it either', async () => {
    const { h, engine } = await started({ client: { timeoutMs: 150 } });
    const looksBefore = h.sim.requests.count({ route: 'listShifts' });
    h.sim.faults.set('createOverride', { latencyMs: 400, times: 1 });
    const pending = engine.handlers['override:create'](ME_FOUR_HOURS);
    // The answer is lost (timeout) and the first look finds nothing yet; meanwhile the slow server stores it.
    const stored = () => (h.sim.state.schedules.get(BERLIN)?.overrides.length ?? 0) > 0;
    while (!stored() || h.sim.requests.count({ route: 'listShifts' }) === looksBefore) await realPause(20);
    // The user clicks Refresh while the app waits to look again: this read already shows the override.
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    const result = await h.clock.runWhileAdvancing(pending);
    expect(result.ok && result.value.status).toBe('created_unconfirmed');
    await h.clock.advance(20 * MIN);
    expect(engine.getState().me.onCallNow.map((s) => s.scheduleId)).toContain(BERLIN);
    expect(changeNotices(h).map((n) => `${n.title}: ${n.body}`)).toEqual([]);
  });

  it('answered normally: no change notice either (the plain path, for comparison)', async () => {
    const { h, engine } = await started();
    const result = await h.clock.runWhileAdvancing(engine.handlers['override:create'](ME_FOUR_HOURS));
    expect(result.ok && result.value.status).toBe('created');
    await h.clock.advance(20 * MIN);
    expect(engine.getState().me.onCallNow.map((s) => s.scheduleId)).toContain(BERLIN);
    expect(changeNotices(h)).toEqual([]);
  });

  it('a refused write is not kept as mine: when someone else then puts me on that window, it is told', async () => {
    const { h, engine } = await started();
    h.sim.faults.set('createOverride', { status: 422, body: { message: 'refused' }, times: 1 });
    const result = await engine.handlers['override:create'](ME_FOUR_HOURS);
    expect(result.ok).toBe(false);
    const other = createClient({ baseUrl: h.sim.url, getApiKey: () => h?.sim.apiKey, maxTries: 1 });
    const at = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
    const put = await other.createOverride(BERLIN, {
      start: at(h.clock.now()),
      end: at(h.clock.now() + 240 * MIN),
      user_references: [{ type: 'email', value: ME }],
    });
    other.close();
    expect(put.ok).toBe(true);
    await h.clock.advance(20 * MIN);
    expect(changeNotices(h).map((n) => n.title)).toEqual(['Your shift was added']);
  });
});
