// Linux: the alarm's critical notification is sent with an id kept (`--print-id`), re-sent under it after a snooze
// (`--replace-id`, no stacked copies) and closed by that id on the session bus when withdrawn (adv50 r15 #1). Before,
// notify-send kept no id and nothing could take the alarm back. Commands recorded, not run.
import { describe, expect, it } from 'vitest';
import { createNodeNotifier } from '../../electron/adapters/notifier';

const identity = { appName: 'OnCall Tray', appId: 'x', platform: 'linux' as const };
const alarm = {
  id: 'alarm:k',
  title: 'On call now — Ops',
  body: 'Bob Stone hands over to you.',
  target: 'status' as const,
  alarm: true,
};

describe('Linux alarm notification: withdrawn by its id', () => {
  it('sends with --print-id, replaces under the same id, closes it with CloseNotification', async () => {
    const calls: string[][] = [];
    const notifier = createNodeNotifier({
      identity,
      onClick: () => undefined,
      send: () => {
        throw new Error('an alarm does not go through node-notifier');
      },
      run: async (cmd, args) => (calls.push([cmd, ...args]), cmd === 'notify-send' ? '42\n' : ''),
    });
    await notifier.notify(alarm);
    await notifier.notify(alarm);
    await notifier.withdraw?.('alarm:k');
    await notifier.withdraw?.('alarm:k');
    expect(calls.map((c) => c[0])).toEqual(['notify-send', 'notify-send', 'gdbus']);
    expect(calls[0]).toEqual(expect.arrayContaining(['--urgency=critical', '--expire-time=0', '--print-id']));
    expect(calls[0]).not.toEqual(expect.arrayContaining([expect.stringMatching(/^--replace-id/)]));
    expect(calls[1]).toContain('--replace-id=42');
    expect(calls[0]?.slice(-2)).toEqual(['On call now — Ops', 'Bob Stone hands over to you.']);
    expect(calls[2]?.slice(-2)).toEqual(['org.freedesktop.Notifications.CloseNotification', '42']);
  });

  it('notify-send failing is reported as not shown (the alarm window covers it)', async () => {
    const failed: string[] = [];
    const notifier = createNodeNotifier({
      identity,
      onClick: () => undefined,
      onFailed: (_n, e) => failed.push(e),
      run: async () => {
        throw new Error('spawn notify-send ENOENT');
      },
    });
    await notifier.notify(alarm);
    await notifier.withdraw?.('alarm:k');
    expect(failed).toEqual(['spawn notify-send ENOENT']);
  });

  it('an id kept from an earlier run (adv50 r16 #1): re-sent under it with --replace-id, closed by it', async () => {
    const calls: string[][] = [];
    const made = () =>
      createNodeNotifier({
        identity,
        onClick: () => undefined,
        run: async (cmd, args) => (calls.push([cmd, ...args]), cmd === 'notify-send' ? '42\n' : ''),
      });
    const before = made();
    await before.notify(alarm);
    expect(before.shownAs?.('alarm:k')).toBe(42);
    // A new process: it knows the id only from alarms.json.
    const after = made();
    expect(after.shownAs?.('alarm:k')).toBeUndefined();
    after.adopt?.('alarm:k', 42);
    await after.notify(alarm);
    await after.withdraw?.('alarm:k');
    expect(calls.map((c) => c[0])).toEqual(['notify-send', 'notify-send', 'gdbus']);
    expect(calls[1]).toContain('--replace-id=42');
    expect(calls[2]?.slice(-1)).toEqual(['42']);
    // Only a plausible id is adopted; nothing known is no call.
    const third = made();
    third.adopt?.('alarm:k', -1);
    await third.withdraw?.('alarm:k');
    expect(calls).toHaveLength(3);
  });
});
