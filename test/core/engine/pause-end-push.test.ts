// Issue 49 (adv49 r27): a pause shows on the popover until it ends, not after. The popover words a pause from main's
// snapshot at its own clock, which each push sets and a 15 s tick moves; nothing in the state changes when a pause
// ends, so main pushed nothing and the popover said "paused until 11:00" past 11:00 (up to its next tick, while the
// tray had already redrawn). Now main pushes at the pause's end. Real engine, simulator, fake clock; the popover as it
// is prerendered, at the instant of the last push (the renderer's clock then). Failed before: no push at the end.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from '../../../electron/shared/view-state';
import { createHarness, seedSettings } from '../support/engine-harness';
import { loadPopover, popover } from '../support/popover-text';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const START = Date.parse('2026-03-10T06:00:00Z');
const ZONE = 'Europe/Berlin';
const HOUR_MS = 3_600_000;

beforeAll(loadPopover, 180_000);

describe('engine: main pushes the state when a pause ends', () => {
  for (const kind of ['app', 'account'] as const) {
    it(`the popover stops showing the ${kind}'s 1 h pause 1 ms after it ends`, async () => {
      const h = await createHarness({ startMs: START, seed: opsSeed });
      await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      const engine = h.engine({ localZone: () => ZONE });
      const pushes: { atMs: number; state: AppState }[] = [];
      engine.subscribe((state) => void pushes.push({ atMs: h.clock.now(), state }));
      await engine.start();
      await h.clock.advanceTo(START + 30_500);
      const endMs = h.clock.now() + HOUR_MS;
      const until = new Date(endMs).toISOString();
      const id = engine.getState().settings.accounts[0]?.id;
      expect(id).toBeDefined();
      const patch = kind === 'app' ? { pausedUntil: until } : { account: { id: id!, pausedUntil: until } };
      expect(await h.clock.runWhileAdvancing(engine.handlers['settings:update'](patch))).toMatchObject({ ok: true });
      // The popover as the renderer shows it: the last pushed snapshot, at the clock that push set.
      const shown = () => {
        const last = pushes.at(-1);
        expect(last).toBeDefined();
        return popover(last!.state, last!.atMs, ZONE).all;
      };
      expect(shown()).toMatch(/paused until/i);
      await h.clock.advanceTo(endMs - 1);
      expect(shown()).toMatch(/paused until/i);
      await h.clock.advanceTo(endMs + 1);
      expect(shown()).not.toMatch(/paused/i);
      await engine.stop();
    }, 60_000);
  }

  it('a sleep across the pause end, no resume event: the first read after it pushes, with no pause shown', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const engine = h.engine({ localZone: () => ZONE });
    const pushes: { atMs: number; state: AppState }[] = [];
    engine.subscribe((state) => void pushes.push({ atMs: h.clock.now(), state }));
    await engine.start();
    const endMs = h.clock.now() + HOUR_MS;
    const patch = { pausedUntil: new Date(endMs).toISOString() };
    expect(await h.clock.runWhileAdvancing(engine.handlers['settings:update'](patch))).toMatchObject({ ok: true });
    await h.clock.advanceTo(endMs - 60_000);
    // Asleep from a minute before the end to a minute after it: no timer fires meanwhile, and no resume event came
    // (the keeper's own case); the next read of the state (a click on the tray) finds the pause over.
    h.clock.sleep(120_000);
    const before = pushes.length;
    engine.getState();
    expect(pushes.length).toBeGreaterThan(before);
    const last = pushes.at(-1)!;
    expect(last.atMs).toBeGreaterThan(endMs);
    expect(popover(last.state, last.atMs, ZONE).all).not.toMatch(/paused/i);
    await h.clock.advanceTo(h.clock.now() + 60_000);
    await engine.stop();
  }, 60_000);
});
