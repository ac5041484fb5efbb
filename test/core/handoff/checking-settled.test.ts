// fix48z #1: an away item answered with a 5xx that the schedule doesn't show says "Can't confirm yet — checking …
// only once the service has had 2 minutes". Once those 2 minutes are over that sentence is no longer true, so the
// item's re-check restates it from what the service holds then: shown → saved after all; not shown and nothing
// changed → did not land, Retry (which reads first) sends it; a manager's change → said. Real engine, the simulator
// (its fault injection answers the POST with a 503), a fake clock; the expected words are written out here.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld } from './support/pair-world';

const MON = { startMs: Date.parse('2026-03-23T08:00:00Z'), endMs: Date.parse('2026-03-24T08:00:00Z') };
const iso = (ms: number) => new Date(ms).toISOString();
const item = { scheduleId: 'sch_pair', start: iso(MON.startMs), end: iso(MON.endMs), email: 'bob@example.com' };

async function said(engine: Engine): Promise<{ text: string; state: string; canRetry: boolean }> {
  const got = await engine.handlers['handoff:get'](null);
  if (!got.ok) throw new Error('no run');
  const it0 = got.value.run?.items[0];
  return {
    text: got.value.said?.items[it0?.id ?? ''] ?? '',
    state: it0?.state ?? '',
    canRetry: got.value.said?.canRetry ?? false,
  };
}

/** Creates the item with its POST answered 503 (applied `applyAfterMs` later, or never), then lets `forMs` pass. */
async function afterA503(applyAfterMs?: number): Promise<{ h: Harness; engine: Engine }> {
  const { h, engine } = await startPairWorld();
  const fault = applyAfterMs === undefined ? { status: 503, times: 1 } : { status: 503, applyAfterMs, times: 1 };
  h.sim.faults.set('createOverride', fault);
  await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: [item] }), 1000, 300);
  const first = await said(engine);
  expect(first.text).toMatch(/^Outcome unknown \(checking…\): .*Can't confirm yet — checking/);
  return { h, engine };
}

/** Lets the settle (2 minutes from the answer) and the item's re-check pass. */
async function settle(h: Harness, engine: Engine): Promise<void> {
  for (let s = 0; s < 10; s++) {
    await h.clock.advance(15_000);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 60);
  }
}

describe('an away item "checking" after a 5xx, once the service has had its 2 minutes', () => {
  it('not shown and nothing changed: said as not landed with Retry, never "checking"; Retry then writes it once', async () => {
    const { h, engine } = await afterA503();
    const before = overridesOn(h, 'sch_pair').length;
    await settle(h, engine);
    const now = await said(engine);
    expect(now.text).not.toMatch(/checking/i);
    expect(now.text).toBe(
      'Did not land: The service answered with an error (HTTP 503). The schedule does not show it, after the service had 2 minutes to apply it. Retry reads the schedule first and sends it only if nothing there has changed since.',
    );
    expect(now.canRetry).toBe(true);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(before);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 300);
    expect(retried.ok && retried.value.run?.items[0]?.state).toBe('handed_off');
    expect(overridesOn(h, 'sch_pair')).toHaveLength(before + 1);
    await engine.stop();
  }, 60_000);

  it('a manager gave the block to Carol meanwhile: the change is said, nothing written', async () => {
    const { h, engine } = await afterA503();
    h.sim.state.addOverride('sch_pair', { ...MON, userIds: ['usr_carol'] }, h.clock.now());
    const before = overridesOn(h, 'sch_pair').length;
    await settle(h, engine);
    const now = await said(engine);
    expect(now.text).not.toMatch(/checking/i);
    expect(now.state).toBe('changed');
    expect(now.text).toMatch(/^Changed since you planned it: Carol Lee now covers Mon /);
    expect(overridesOn(h, 'sch_pair')).toHaveLength(before);
    await engine.stop();
  }, 60_000);

  it('applied by the service late (100 s): said saved after all, nothing sent again', async () => {
    const { h, engine } = await afterA503(100_000);
    await settle(h, engine);
    const now = await said(engine);
    expect(now.text).toBe('Handed off to Bob Stone ✓ (it was saved after all)');
    expect(h.sim.requests.all().filter((r) => r.method === 'POST')).toHaveLength(1);
    await engine.stop();
  }, 60_000);

  it('Retry pressed inside the 2 minutes: nothing sent, still "checking" (an error answer, not a lost one), then restated', async () => {
    const { h, engine } = await afterA503();
    const posts = () => h.sim.requests.all().filter((r) => r.method === 'POST').length;
    const sent = posts();
    await h.clock.advance(30_000);
    await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 300);
    await h.clock.advance(15_000);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 60);
    const during = await said(engine);
    expect(during.text).toMatch(/^Outcome unknown \(checking…\): Can't confirm yet — checking: /);
    expect(during.text).toMatch(/the service answered the first attempt with an error/);
    expect(during.text).not.toMatch(/never came/);
    expect(posts()).toBe(sent);
    await settle(h, engine);
    expect((await said(engine)).text).toMatch(/^Did not land: .*after the service had 2 minutes to apply it\. Retry /);
    expect(posts()).toBe(sent);
    await engine.stop();
  }, 60_000);
});
