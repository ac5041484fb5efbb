// Issue 50 (adv50 r21 #1): after a system notification fails, readiness must not say the alarm is loud through it.
// Windows' alarm toast and ordinary toasts fail, or Linux's notify-send fails while dunst answers on D-Bus: the
// alarm window rings as the fallback, and readiness, asked again by the fallback as the desktop shell wires it,
// says notifications are a problem, the alarm rings only its window, and the tray shows the problem icon, until a
// later notification is shown. Each platform's branch of the app's own notification wiring, run on any host. Real
// engine, real simulator, fake clock.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { ElectronNotifications } from '../../../electron/adapters/electron-notifier';
import { notificationFallback } from '../../../electron/adapters/notification-fallback';
import { appNotifications } from '../../../electron/adapters/notifications';
import type { Engine } from '../../../electron/core/engine/types';
import type { NotificationRequest } from '../../../electron/core/ports';
import { DESKTOP_PLATFORMS } from '../../../electron/core/platform/desktop-platform';
import { trayIconFor } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const TOAST_ERROR = 'The notification platform is unavailable';
const SEND_ERROR = { win32: 'SnoreToast failed: 0x80070490', linux: 'spawn notify-send ENOENT', darwin: 'n/a' };

/** Electron's Notification as the system answers it: refused while `failing`, shown after. */
class Toast extends EventEmitter {
  constructor(private readonly failing: () => boolean) {
    super();
  }
  show(): void {
    queueMicrotask(() => (this.failing() ? this.emit('failed', {}, TOAST_ERROR) : this.emit('show')));
  }
}

async function world(platform: (typeof DESKTOP_PLATFORMS)[number]) {
  const h = await createHarness({ startMs: START, seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID], startAtLogin: true });
  const sys = { failing: true };
  const electron: ElectronNotifications = { isSupported: () => true, create: () => new Toast(() => sys.failing) };
  const fellBack: { n: NotificationRequest; error: string }[] = [];
  const late: { engine?: Engine } = {};
  // As shell-engine.ts wires it: the fallback opens the window and asks readiness again.
  const fallback = notificationFallback({
    openWindow: () => undefined,
    showMessage: async () => undefined,
    recheck: () => late.engine?.notificationsChanged(),
    platform,
  });
  const error = SEND_ERROR[platform];
  const notifications = appNotifications({
    identity: { appName: 'OnCall Tray', iconPath: '/icon.png', appId: 'x', desktopEntry: 'x', platform },
    electron,
    onClick: () => undefined,
    onFailed: (n, e) => (fellBack.push({ n, error: e }), fallback(n, e)),
    onRecovered: () => late.engine?.notificationsChanged(),
    send: (_o, cb) => (sys.failing ? cb(new Error(error), '') : cb(null, '')),
    alarmRun: async () => {
      if (sys.failing) throw new Error(error);
      return '7\n';
    },
    // dunst answers on D-Bus, neither paused nor inhibited: the desktop itself sees nothing wrong.
    run: async (cmd, args) => {
      if (cmd !== 'dbus-send') return { ok: false, stdout: '' };
      if (args.includes('org.freedesktop.Notifications.GetServerInformation'))
        return { ok: true, stdout: '   string "dunst"\n   string "knopwob"\n' };
      return { ok: true, stdout: 'variant boolean false' };
    },
  });
  const windowRang: number[] = [];
  const engine = h.engine({
    notifier: notifications.notifier,
    notificationHealth: notifications.health,
    alarmSurface: { show: () => void windowRang.push(h.clock.now()), close: () => undefined },
    platform,
  });
  late.engine = engine;
  await engine.start();
  await h.clock.advance(1000);
  return { h, engine, sys, fellBack, windowRang };
}

describe.each(DESKTOP_PLATFORMS)('a failed system notification on %s', (platform) => {
  it('is a readiness problem (notifications, the alarm, the tray icon) until a later one is shown', async () => {
    const { h, engine, sys, fellBack, windowRang } = await world(platform);
    await h.clock.advanceTo(MY_START + 10_000);
    await engine.alarmsSettled();
    await engine.checksSettled();
    expect(windowRang).toEqual([MY_START]);
    expect(fellBack.some((f) => f.n.alarm === true)).toBe(true);
    const check = (id: string) => engine.getState().me.readiness?.checks.find((c) => c.id === id);
    const last = fellBack[fellBack.length - 1]?.error ?? 'none failed';
    expect(check('notifications')?.result).toBe('problem');
    expect(check('notifications')?.message).toContain(last);
    if (platform !== 'darwin') {
      // macOS's loud part is the window over every app (Focus may hold its notification anyway); elsewhere the
      // notification was the loud part, and it just failed.
      expect(check('alarm')?.result).toBe('problem');
      expect(check('alarm')?.message).toContain('only the alarm window rings');
      expect(check('alarm')?.message).not.toContain('loud ✓');
    }
    expect(trayIconFor(engine.getState(), h.clock.now())).toBe('problem');

    // The system shows notifications again: the next one shown ends the problem, in the tray at once.
    sys.failing = false;
    const sent = await h.clock.runWhileAdvancing(engine.handlers['readiness:test']({ step: 'send' }));
    expect(sent.ok).toBe(true);
    await h.clock.advance(10);
    await engine.checksSettled();
    expect(check('notifications')?.result).not.toBe('problem');
    expect(check('notifications')?.message).not.toContain(last);
    expect(check('alarm')?.result).toBe('ok');
    expect(trayIconFor(engine.getState(), h.clock.now())).not.toBe('problem');
    await engine.stop();
  }, 60_000);
});
