// Issue 48, adversarial round 23 F2 (swap) and F3: my side of a swap (Carol over my Tue, Bob kept) answered 503 and
// applied by the service 60 s later. With a manager's change at +10 s (Alice beside me instead of Bob), "Hand your
// Tue back" wrote me+Bob over Alice: the app can't tell what my late side covered, so it now sends nothing and says
// why. Without a change and without a press, the glance line kept "Carol Lee's cover of your Tue … has an unknown
// outcome" 12 minutes on: it now says what the schedule shows. Pair world, fake clock, the simulator.
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import type { Harness } from '../support/engine-harness';
import { overridesOn } from './support/pair-world';
import { managerChangesTue, slowSwap } from './support/slow-apply';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const people = (hh: Harness, id: string) => overridesOn(hh, id).map((o) => [...o.userIds].sort().join('+'));

describe('a swap side the service applies late', () => {
  it('over a manager’s change: Hand back sends nothing and says why, never me+Bob over Alice', async () => {
    const w = await slowSwap();
    h = w.h;
    const { engine, made } = w;
    await h.clock.advance(10_000);
    managerChangesTue(h, 'usr_alice');
    await h.clock.advance(SETTLE_MS + 10 * 60_000);
    const checked = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'check', ...made }));
    if (!checked.ok) throw new Error(checked.error.message);
    expect(checked.value.mine.state).toBe('handed_off');
    const before = people(h, 'sch_pair');
    expect(before).toEqual(['usr_alice+usr_me', 'usr_bob+usr_carol']);
    const back = await h.clock.runWhileAdvancing(
      engine.handlers['swap:settle']({ action: 'hand-back', ...checked.value }),
    );
    expect(back.ok).toBe(false);
    expect(back.ok ? '' : back.error.message).toMatch(/^Nothing was sent: .*can't tell who was on call there/);
    expect(people(h, 'sch_pair')).toEqual(before);
  }, 60_000);

  it('with no change: the half-swap line says what the schedule shows, not "unknown outcome"', async () => {
    const w = await slowSwap();
    h = w.h;
    const { engine, made } = w;
    expect(made.mine.state).toBe('unknown');
    await h.clock.advance(12 * 60_000);
    expect(overridesOn(h, 'sch_pair').at(-1)?.userIds).toEqual(['usr_carol', 'usr_bob']);
    const tip = trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC');
    expect(tip).not.toMatch(/unknown outcome/);
    expect(tip).toContain('Swap with Carol Lee half done: your cover of Thu 08:00 – Fri 08:00 was not sent');
  }, 60_000);
});
