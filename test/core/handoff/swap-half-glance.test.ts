// Issue 49, adversarial round 3 F5: a swap whose second side got HTTP 500 left no trace on the glance once its
// window closed. It is now one problem line (tray item opening the swap window on my block, tooltip line) until it
// is settled; a Retry that lands takes it away. Pair world: my Tue on Pair (with Bob) for Carol's Thu on Solo.
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { startPairWorld, SWAP } from './support/pair-world';

const LINE = /^Swap with Carol Lee half done: your cover of Thu 08:00 – Fri 08:00 did not land$/;

describe('a half-done swap on the glance', () => {
  it('is a problem in the tray and tooltip until a Retry lands it', async () => {
    const { h, engine } = await startPairWorld();
    h.sim.faults.set('createOverride', { status: 500, pathIncludes: '/schedules/sch_solo' });
    const made = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!made.ok) throw new Error(made.error.message);
    expect(made.value.theirs.state).not.toBe('handed_off');
    const state = engine.getState();
    const menu = buildTrayMenu(state, h.clock.now(), 'Etc/UTC');
    const items = menu.filter((i) => i.type === 'action' && i.action === 'open-swap' && /half done/.test(i.label));
    expect(items).toHaveLength(1);
    const item = items[0];
    if (item?.type !== 'action') throw new Error('no item');
    expect(item.label.replace(/: Retry or hand back…$/, '')).toMatch(LINE);
    expect(item.params).toEqual({ scheduleId: SWAP.mine.scheduleId, start: SWAP.mine.start, end: SWAP.mine.end });
    const tip = trayTooltip(state, h.clock.now(), 'Etc/UTC').split('\n');
    expect(tip.filter((l) => /half done/.test(l))).toHaveLength(1);
    expect(tip.find((l) => /half done/.test(l))).toMatch(LINE);

    h.sim.faults.clear();
    const told = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...made.value }));
    if (!told.ok) throw new Error(told.error.message);
    expect(told.value.theirs.state).toBe('handed_off');
    expect(engine.getState().halfSwaps ?? []).toEqual([]);
    expect(trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC')).not.toMatch(/half done/);
  }, 60_000);
});
