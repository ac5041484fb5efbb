// Issue 49 (adv49 r17): where the desktop can't tell whether notifications reach the person (macOS, Windows; Linux
// without a session bus to ask), readiness says so and offers a test notification; answered "Yes, I saw it", the
// check passes and the install is ready. Before, it still read "Can't tell if you're ready", with no button left.
// Each platform's branch of the app's own notification check, run on any host: the desktop is a stand-in that has
// no session bus (only Linux asks it). Real engine, real simulator, fake clock.
import { describe, expect, it } from 'vitest';
import { notificationHealth, type Run } from '../../../electron/adapters/notification-health';
import { DESKTOP_PLATFORMS } from '../../../electron/core/platform/desktop-platform';
import { formatDayTime } from '../../../electron/shared/format';
import { readinessLine } from '../../../electron/shared/readiness-text';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, PLATFORM_MY_START, platformSeed } from '../support/seeds';
import { HOUR } from '../../support/time';

const ZONE = 'Europe/Berlin';
const noBus: Run = async () => ({
  ok: false,
  stdout: '',
  stderr: 'Failed to open connection to "session" message bus',
});

describe.each(DESKTOP_PLATFORMS)('a test notification answered "seen" on %s', (platform) => {
  it('turns "can\'t tell" about notifications into ready', async () => {
    const h = await createHarness({ startMs: PLATFORM_MY_START - 30 * HOUR, seed: platformSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_plat'], startAtLogin: true });
    const health = notificationHealth(platform, noBus);
    const said = (await health()).message;
    const engine = h.engine({ localZone: () => ZONE, platform, notificationHealth: health });
    await engine.start();
    await h.clock.advanceTo(PLATFORM_MY_START - 3 * HOUR);
    const line = () => {
      const s = engine.getState();
      const nowMs = h.clock.now();
      const time = (iso: string, zone?: string) =>
        formatDayTime(iso, { nowMs, locale: 'en-GB', localZone: ZONE, ...(zone ? { scheduleZone: zone } : {}) });
      return s.me.readiness ? readinessLine(s.me.readiness, time, s) : undefined;
    };
    const notifications = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'notifications');
    // Unknown stays unknown until the person answers: said with the desktop's own reason, the test offered.
    expect(notifications()).toEqual({
      id: 'notifications',
      result: 'unknown',
      message: said,
      action: 'test-notification',
      // The popover's button, worded by main so its first frame shows it too (adv49 r19 #4).
      label: 'Send a test notification',
    });
    expect(line()?.text).toContain(`Can't tell if you're ready for your shift at`);
    expect(line()?.text).toContain(said);
    const send = await h.clock.runWhileAdvancing(engine.handlers['readiness:test']({ step: 'send' }));
    expect(send.ok).toBe(true);
    const seen = await h.clock.runWhileAdvancing(engine.handlers['readiness:test']({ step: 'seen' }));
    expect(seen.ok).toBe(true);
    expect(notifications()?.result).toBe('ok');
    expect(engine.getState().me.readiness?.checks.filter((c) => c.result !== 'ok')).toEqual([]);
    expect(line()?.ready).toBe(true);
    expect(line()?.text).not.toContain("Can't tell");
    expect(line()?.text).toMatch(/ ✓$/);
    await engine.stop();
  }, 60_000);
});
