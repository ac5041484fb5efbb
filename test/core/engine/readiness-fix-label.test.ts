// Issue 49, adv49 r19 #4: the readiness line's fix button is worded by main and carried on its check in the state,
// so the popover's first frame (main's prerender, before any script) shows the same button the live line does.
// Only a fix the line may offer is labelled: a problem's, or a test notification where the platform can't tell.
// Real engine, real simulator, fake clock; the words written out from what each fix does.
import { describe, expect, it } from 'vitest';
import type { ReadinessCheck } from '../../../electron/shared/view-state';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, PLATFORM_MY_START, platformSeed } from '../support/seeds';
import { HOUR, MIN } from '../../support/time';

const cantTell = async () => ({ result: 'unknown' as const, message: 'This desktop cannot say.' });
const labelled = (checks: readonly ReadinessCheck[] | undefined) =>
  (checks ?? []).flatMap((c) => (c.label === undefined ? [] : [[c.id, c.result, c.label]]));

async function started(startAtLogin: boolean) {
  const h = await createHarness({ startMs: PLATFORM_MY_START - 4 * HOUR, seed: platformSeed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_plat'], startAtLogin });
  const engine = h.engine({ notificationHealth: cantTell });
  await engine.start();
  await h.clock.advanceTo(PLATFORM_MY_START - 3 * HOUR);
  return { h, engine };
}

describe('the readiness fix, worded by main', () => {
  it('labels Start at login off and the test notification, and nothing that is fine', async () => {
    const { engine } = await started(false);
    try {
      expect(labelled(engine.getState().me.readiness?.checks)).toEqual([
        ['autostart', 'problem', 'Turn on Start at login'],
        ['notifications', 'unknown', 'Send a test notification'],
      ]);
    } finally {
      await engine.stop();
    }
  }, 60_000);

  it('with Start at login on, only the test notification is offered', async () => {
    const { engine } = await started(true);
    try {
      expect(labelled(engine.getState().me.readiness?.checks)).toEqual([
        ['notifications', 'unknown', 'Send a test notification'],
      ]);
    } finally {
      await engine.stop();
    }
  }, 60_000);

  it('a rejected key is "Enter a new key", the schedule read before it "Refresh this schedule"', async () => {
    const { h, engine } = await started(true);
    try {
      h.sim.state.revokeKey(h.sim.apiKey);
      await h.clock.advance(10 * MIN);
      expect(engine.getState().sync.kind).toBe('key_rejected');
      // The key's problem says it; the schedule, now saved data, is the read that would confirm it.
      expect(labelled(engine.getState().me.readiness?.checks)).toEqual([
        ['key', 'problem', 'Enter a new key'],
        ['schedule', 'problem', 'Refresh this schedule'],
        ['notifications', 'unknown', 'Send a test notification'],
      ]);
    } finally {
      await engine.stop();
    }
  }, 60_000);
});
