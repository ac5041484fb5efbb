// Issue 48, adversarial round 23 F1: a write answered 503 that the service applies 60 s later, and a manager changing
// the same block at +10 s, inside the 2 minutes the service is given. A Retry at +30 s said a final "Changed since you
// planned it … Nothing was sent" (and the swap "Nothing was swapped … changed"); the write then landed and the app
// kept saying the false thing (the half-swap line gone). Now a Retry inside the 2 minutes sends nothing and keeps
// the item "checking"; once the write lands it is restated from what the service holds. Pair world, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import type { Harness } from '../support/engine-harness';
import { trayLabels } from '../support/tray-labels';
import { overridesOn } from './support/pair-world';
import { managerChangesTue, slowSwap, startSlowApplyWorld } from './support/slow-apply';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const posts = (hh: Harness) => hh.sim.requests.count({ route: 'createOverride' });
/** The people of the service's newest override on a schedule (the one on top), sorted. */
const top = (hh: Harness, id: string) => [...(overridesOn(hh, id).at(-1)?.userIds ?? [])].sort();

describe('a Retry inside the 2 minutes after a 5xx, a manager having changed the block, then the write lands', () => {
  it('I’m away: "checking" at the press, then "saved after all" once it lands, never "changed … not sent"', async () => {
    const w = await startSlowApplyWorld();
    h = w.h;
    const { engine } = w;
    const plan = await h.clock.runWhileAdvancing(
      engine.handlers['handoff:plan']({ range: { from: '2026-03-24', to: '2026-03-24' } }),
    );
    if (!plan.ok) throw new Error('plan');
    const items = plan.value.rows
      .filter((r) => r.scheduleId.endsWith('sch_pair') && r.start.startsWith('2026-03-24T08'))
      .map((r) => ({ ...r, email: 'alice@example.com' }));
    expect(items).toHaveLength(1);
    const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
    if (!made.ok) throw new Error(made.error.message);
    await h.clock.advance(10_000);
    managerChangesTue(h, 'usr_carol');
    await h.clock.advance(20_000);
    const sent = posts(h);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    if (!retried.ok) throw new Error('retry');
    expect(posts(h)).toBe(sent);
    expect(retried.value.said?.summary).toMatch(/outcome unknown \(checking…\)/);
    expect(JSON.stringify(retried.value.said)).not.toMatch(/Changed since you planned it|Nothing was sent/);

    await h.clock.advance(SETTLE_MS + 10 * 60_000);
    // The service holds my hand-off on top (Alice with Bob, Carol gone), as the simulator itself says.
    expect(top(h, 'sch_pair')).toEqual(['usr_alice', 'usr_bob']);
    const got = await h.clock.runWhileAdvancing(engine.handlers['handoff:get'](null));
    if (!got.ok) throw new Error('get');
    expect(Object.values(got.value.said?.items ?? {})).toEqual(['Handed off to Alice Doe ✓ (it was saved after all)']);
    const tip = trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC');
    expect(tip).not.toMatch(/changed since you planned it/i);
    expect(posts(h)).toBe(sent);
  }, 60_000);

  it('swap: the side stays "checking" at the press; once it lands the glance says what holds', async () => {
    const w = await slowSwap();
    h = w.h;
    const { engine, made } = w;
    expect(made.mine.state).toBe('unknown');
    await h.clock.advance(10_000);
    managerChangesTue(h, 'usr_alice');
    await h.clock.advance(20_000);
    const sent = posts(h);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...made }));
    if (!retried.ok) throw new Error(retried.error.message);
    expect(posts(h)).toBe(sent);
    expect(retried.value.mine.state).toBe('unknown');
    expect(retried.value.text).not.toMatch(/Changed since you planned it/);

    await h.clock.advance(SETTLE_MS + 10 * 60_000);
    // Half a swap on the service: Carol with Bob over my Tue, nobody written on Carol's Thu.
    expect(top(h, 'sch_pair')).toEqual(['usr_bob', 'usr_carol']);
    expect(overridesOn(h, 'sch_solo')).toHaveLength(0);
    const state = engine.getState();
    const glance = [
      trayTooltip(state, h.clock.now(), 'Etc/UTC'),
      ...trayLabels(buildTrayMenu(state, h.clock.now(), 'Etc/UTC')),
    ].join('\n');
    expect(glance).toContain('Swap with Carol Lee half done: your cover of Thu 08:00 – Fri 08:00 was not sent');
  }, 60_000);
});
