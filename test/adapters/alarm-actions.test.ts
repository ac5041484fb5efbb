// The alarm notification's buttons reach the engine as intents from the notification: the Windows toast's arguments
// (os-notification.ts makes them; here they are parsed back from a command line) and macOS's button index.
import { describe, expect, it } from 'vitest';
import { alarmFromArgv, alarmFromButton } from '../../electron/adapters/alarm-actions';
import { alarmActionArgument } from '../../electron/adapters/os-notification';
import type { AlarmIntent } from '../../electron/shared/alarm-view';

const KEY = 'alarm:https://oncall.example.com:sch_ops:2026-03-10T09:00:00Z';

function recorder() {
  const asked: [AlarmIntent, string | undefined][] = [];
  return { asked, engine: { alarmIntent: async (i: AlarmIntent, from?: string) => void asked.push([i, from]) } };
}

describe('alarm notification actions', () => {
  it('a toast button’s argument on a command line becomes the intent, from the notification', () => {
    const r = recorder();
    expect(alarmFromArgv(['app.exe', alarmActionArgument('ack', KEY)], r.engine)).toBe(true);
    expect(alarmFromArgv([alarmActionArgument('snooze', KEY)], r.engine)).toBe(true);
    expect(alarmFromArgv([alarmActionArgument('cover', KEY)], r.engine)).toBe(true);
    // A click on the toast's body shows the alarm; it acknowledges nothing.
    expect(alarmFromArgv([alarmActionArgument('open', KEY)], r.engine)).toBe(true);
    expect(alarmFromArgv(['app.exe', '--hidden'], r.engine)).toBe(false);
    expect(r.asked).toEqual([
      [{ kind: 'ack', key: KEY }, 'notification'],
      [{ kind: 'snooze', key: KEY }, 'notification'],
      [{ kind: 'find-cover', key: KEY }, 'notification'],
    ]);
  });

  it('macOS: the button index names the action; an index out of range does nothing', () => {
    const r = recorder();
    alarmFromButton(KEY, 0, r.engine);
    alarmFromButton(KEY, 2, r.engine);
    alarmFromButton(KEY, 7, r.engine);
    expect(r.asked.map(([i]) => i.kind)).toEqual(['ack', 'find-cover']);
  });
});
