// Readiness's alarm line names the account a shared start rings through on every branch (fix50m #3): the Linux
// "quiet" branch (no notification server answers) left it out while the loud ones said it. One wording for all.
// Failed before: "Shift-start alarm: quiet (no notification server answers, …)" without "rings through Work".
import { describe, expect, it } from 'vitest';
import { alarmCheck } from '../../../electron/core/escalation/readiness-checks';

const noServer = { result: 'problem' as const, message: 'No notification server answered.' };

describe('the alarm line of a start shared by two accounts', () => {
  const cases = [
    { name: 'macOS', platform: 'darwin' as const, notifications: undefined },
    { name: 'Windows', platform: 'win32' as const, notifications: undefined },
    { name: 'Linux, loud', platform: 'linux' as const, notifications: undefined },
    { name: 'Linux, quiet', platform: 'linux' as const, notifications: noServer },
  ];
  for (const c of cases)
    it(`${c.name}: names the account it rings through`, () => {
      const line = alarmCheck({
        platform: c.platform,
        startAlarm: 'at-start',
        notifications: c.notifications,
        ringsThrough: 'Work',
      });
      expect(line.message).toContain('it rings through Work');
      // Said once, and not named where no other account watches the schedule.
      expect(line.message.split('rings through').length).toBe(2);
      const alone = alarmCheck({ platform: c.platform, startAlarm: 'at-start', notifications: c.notifications });
      expect(alone.message).not.toContain('rings through');
    });

  it('Linux, quiet: still a problem, with why, and the notification check after it', () => {
    const line = alarmCheck({
      platform: 'linux',
      startAlarm: 'at-start',
      notifications: noServer,
      ringsThrough: 'Work',
    });
    expect(line.result).toBe('problem');
    expect(line.message).toMatch(/^Shift-start alarm: quiet \(no notification server answers, .*rings through Work\)/);
    expect(line.message).toContain(noServer.message);
  });
});
