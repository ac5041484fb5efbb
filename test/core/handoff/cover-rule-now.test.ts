// Adversarial round 10 #2: the cover rule (a cover is on a schedule the block's account watches) is checked on the
// schedules' people as the service lists them just before the write, not the app's saved list. A manager who takes
// the cover off every watched schedule between the plan and Create, or between a failed write and a live Retry, stops
// the write, in the words every path uses. Real engine, the simulator, a fake clock. Bob is on New York only; the
// Berlin block (Thu 26 Mar) is handed to him.
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');
const REFUSED =
  'Nothing was sent: bob@example.com is not on any schedule watched at this service (127.0.0.1), so your shift can’t be ' +
  'handed to them. Pick a teammate from its schedules.';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const writes = (x: Harness) => x.sim.requests.all().filter((r) => r.method !== 'GET');

/** The manager takes Bob off New York's rotation (the service's New York people: me and Carol). */
function dropBob(x: Harness): void {
  const ny = x.sim.state.schedules.get('sch_newyork');
  if (!ny?.layers[0]) throw new Error('no New York layer');
  ny.layers[0].userIds = ['usr_me', 'usr_carol'];
  ny.revision++;
}

async function planned() {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  const plan = await h.clock.runWhileAdvancing(
    engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to: '2026-03-26' } }),
  );
  if (!plan.ok) throw new Error('plan failed');
  const items = plan.value.rows
    .filter((r) => r.scheduleId.endsWith('sch_berlin'))
    .map((r) => ({ ...r, email: 'bob@example.com' }));
  expect(items).toHaveLength(1);
  return { h, engine, items };
}

describe('the cover rule on what the service lists now', () => {
  it('Bob taken off every watched schedule after the plan: Create sends nothing and says why', async () => {
    const { h, engine, items } = await planned();
    dropBob(h);
    await h.clock.advance(60_000);
    const created = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 120);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
    const got = await engine.handlers['handoff:get'](null);
    const said = created.ok ? got.ok && got.value.run?.items.map((i) => [i.state, i.message]) : created.error.message;
    expect(said).toEqual([['not_sent', REFUSED]]);
    expect(writes(h)).toEqual([]);
    await engine.stop();
  }, 30_000);

  it('Bob taken off after a failed write: a live Retry sends nothing, in the same words', async () => {
    const { h, engine, items } = await planned();
    h.sim.faults.set('createOverride', { status: 503, times: 1 });
    await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 120);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
    const before = writes(h).length;
    dropBob(h);
    await h.clock.advance(SETTLE_MS);
    const retry = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 120);
    expect(retry.ok && retry.value.run?.items.map((i) => [i.state, i.message])).toEqual([['not_sent', REFUSED]]);
    expect(writes(h).length).toBe(before);
    expect([...h.sim.state.schedules.values()].flatMap((s) => s.overrides)).toEqual([]);
    await engine.stop();
  }, 30_000);

  it('Bob still on New York: Create writes him (the check reads, it does not block)', async () => {
    const { h, engine, items } = await planned();
    await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 120);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
    const landed = [...h.sim.state.schedules.values()].flatMap((s) => s.overrides.map((o) => [s.id, o.userIds]));
    expect(landed).toEqual([['sch_berlin', ['usr_bob']]]);
    await engine.stop();
  }, 30_000);
});
