// How the desktop's answers are read (dbus-send's and gsettings' output as they print it): no server, paused,
// Do Not Disturb (Inhibited), GNOME banners off, all fine; and "can't be checked" (never ok) on macOS and Windows.
import { describe, expect, it } from 'vitest';
import { linuxNotificationHealth, notificationHealth, type Run } from '../../electron/adapters/notification-health';
import { alarmCheck } from '../../electron/core/escalation/readiness-checks';

const SERVER =
  'method return time=1 sender=:1.0\n   string "dunst"\n   string "knopwob"\n   string "1.9.0"\n   string "1.2"\n';
const bool = (b: boolean) => ({ ok: true, stdout: `method return time=1\n   variant       boolean ${b}\n` });
const NO_PROPERTY = { ok: false, stdout: '' };

function desktop(o: { server?: boolean; bus?: boolean; paused?: boolean; inhibited?: boolean; banners?: string }): Run {
  return async (command, args) => {
    if (o.bus === false)
      return {
        ok: false,
        stdout: '',
        stderr: 'Failed to open connection to "session" message bus: Unable to autolaunch a dbus-daemon',
      };
    if (command === 'gsettings')
      return o.banners === undefined ? { ok: false, stdout: '' } : { ok: true, stdout: `${o.banners}\n` };
    if (args.includes('org.freedesktop.Notifications.GetServerInformation'))
      return o.server === false ? { ok: false, stdout: '' } : { ok: true, stdout: SERVER };
    if (args.includes('string:org.dunstproject.cmd0')) return o.paused === undefined ? NO_PROPERTY : bool(o.paused);
    if (args.includes('string:Inhibited')) return o.inhibited === undefined ? NO_PROPERTY : bool(o.inhibited);
    return { ok: false, stdout: '' };
  };
}

describe('notification health on Linux', () => {
  it.each([
    ['no server', { server: false }, 'problem', /^No notification server answers/],
    [
      'no session bus to ask (not a desktop session)',
      { bus: false },
      'unknown',
      /^Notifications can't be checked: no desktop session bus/,
    ],
    ['dunst paused', { paused: true }, 'problem', /^Notifications are paused \(dunst\)/],
    ['Do Not Disturb (Inhibited)', { inhibited: true }, 'problem', /^Do Not Disturb is on/],
    ['GNOME banners off', { banners: 'false' }, 'problem', /^Notification banners are off/],
    [
      'all fine',
      { paused: false, inhibited: false, banners: 'true' },
      'ok',
      /^Notifications can be shown \(dunst\)\.$/,
    ],
  ] as const)('%s', async (_what, world, result, message) => {
    const answer = await linuxNotificationHealth(desktop(world));
    expect(answer.result).toBe(result);
    expect(answer.message).toMatch(message);
  });

  it("says it can't be checked on macOS and Windows, never ok", async () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const answer = await notificationHealth(platform)();
      expect(answer.result).toBe('unknown');
      expect(answer.message).toMatch(/can't be checked here/);
    }
  });
});

// adv50 r18 #2: dunst 1.9 holds even a critical notification while paused; the server answered. Failed before:
// "Shift-start alarm: quiet (no notification server answers, …)" and a bare "resume them" with no word of the alarm.
describe('dunst paused, as readiness says it', () => {
  it('says the alarm notification waits and only the window rings, never that no server answers', async () => {
    const paused = await linuxNotificationHealth(desktop({ paused: true }));
    expect(paused).toMatchObject({
      result: 'problem',
      message:
        'Notifications are paused (dunst): the alarm notification waits until they resume; only the alarm window rings — resume them with dunstctl set-paused false.',
    });
    const line = alarmCheck({ platform: 'linux', startAlarm: 'at-start', notifications: paused });
    expect(line.result).toBe('problem');
    expect(line.message).toMatch(/^Shift-start alarm: quiet \(dunst is paused and holds its notification, /);
    expect(line.message).not.toContain('no notification server answers');
    const none = await linuxNotificationHealth(desktop({ server: false }));
    const noneLine = alarmCheck({ platform: 'linux', startAlarm: 'at-start', notifications: none });
    expect(noneLine.message).toMatch(/^Shift-start alarm: quiet \(no notification server answers, /);
  });
});
