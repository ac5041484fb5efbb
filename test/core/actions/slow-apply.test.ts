// Issue 19, case 5: a service that applies writes slowly (the override shows 5 s after a gateway answered 502).
// The app's one check after the grace finds nothing and says "most likely not saved"; the user creates it again.
// "Create again" reads the schedule first, and once the late override shows, says "It was saved after all" and
// sends nothing: the service ends up with one override, whenever the user clicks.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { OverrideRequest } from '../../../electron/shared/ipc-contract';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { textMatching } from '../../support/matchers';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';

const START = Date.parse('2026-03-25T10:00:00Z');
const BOB_TWO_HOURS: OverrideRequest = {
  scheduleId: 'sch_berlin',
  window: { kind: 'next_hours', hours: 2 },
  emails: ['bob@example.com'],
};

let h: Harness | undefined;
async function slowService(): Promise<{ h: Harness; engine: Engine }> {
  h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  h.sim.faults.set('createOverride', { status: 502, applyAfterMs: 5_000, times: 1 });
  return { h, engine };
}

/** Overrides the service holds once every late write is in (any request applies those that are due). */
async function storedOverrides(h: Harness, engine: Engine): Promise<number> {
  await h.clock.advance(60_000);
  await engine.handlers['sync:refresh'](null);
  return h.sim.state.schedules.get('sch_berlin')?.overrides.length ?? 0;
}

describe('create again on a service that applies writes slowly', () => {
  for (const [when, waitMs] of [
    ['at once', 0],
    ['10 s later', 10_000],
  ] as const) {
    it(`"most likely not saved", then create again ${when}: "It was saved after all", nothing sent twice`, async () => {
      const { h, engine } = await slowService();
      const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](BOB_TWO_HOURS));
      expect(first).toMatchObject({
        ok: true,
        value: { status: 'not_created', message: textMatching(/Can't confirm yet — checking/) },
      });
      await h.clock.advance(waitMs);
      const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](BOB_TWO_HOURS));
      expect(again).toMatchObject({
        ok: true,
        value: { status: 'created_unconfirmed', message: textMatching(/^It was saved after all/) },
      });
      expect(again.ok && 'message' in again.value && again.value.message).not.toMatch(/try again/i);
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
      expect(await storedOverrides(h, engine)).toBe(1);
      // Once it is known to be saved, the next create is a new wish again: it is sent (read once just before it, as
      // every create without a preview is since issue 48 (no identical override in place?), not looked up as a repeat).
      const reads = h.sim.requests.count({ route: 'listShifts' });
      const third = await h.clock.runWhileAdvancing(
        engine.handlers['override:create']({ ...BOB_TWO_HOURS, window: { kind: 'next_hours', hours: 4 } }),
      );
      expect(third.ok && third.value.status).toBe('created');
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(2);
      expect(h.sim.requests.count({ route: 'listShifts' }) - reads).toBeLessThanOrEqual(2); // the read before, the refresh after
    });
  }

  it('create again when the write truly was lost: it looks, finds nothing, and sends it once more', async () => {
    h = await createHarness({ startMs: START, seed: threeZoneSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    h.sim.faults.set('createOverride', { status: 502, times: 1 }); // refused by the gateway, never applied
    const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](BOB_TWO_HOURS));
    expect(first.ok && first.value.status).toBe('not_created');
    // At once it is not sent (the service may still apply it); once it has had time to, it is, once.
    const soon = await h.clock.runWhileAdvancing(engine.handlers['override:create'](BOB_TWO_HOURS));
    expect(soon.ok && soon.value.status).toBe('unknown');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    await h.clock.advance(SETTLE_MS);
    const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](BOB_TWO_HOURS));
    expect(again.ok && again.value.status).toBe('created');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(2);
    expect(await storedOverrides(h, engine)).toBe(1);
  });
});
