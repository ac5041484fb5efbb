// Adversarial round 15 of issue 49, #3: the tray put a readiness problem (a muted account's shift 15 h away) between
// my state and the shift-start alarm ringing now. docs/using-it.md's order, as the popover has it: my state, then the
// alarms, then the problems.
import { describe, expect, it } from 'vitest';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { appState } from '../../renderer/support/state';

const NOW = Date.parse('2026-05-04T08:00:00Z');
const iso = (ms: number): string => new Date(ms).toISOString();

describe('the tray menu with an alarm ringing and a readiness problem', () => {
  it('says my state, then the alarm and its I’m on it, then the readiness problem', () => {
    const base = appState();
    const schedule = base.schedules[0];
    if (!schedule) throw new Error('no schedule');
    const shift = {
      accountId: schedule.accountId,
      scheduleId: schedule.id,
      scheduleName: schedule.name,
      start: iso(NOW + 15 * 3_600_000),
      end: iso(NOW + 20 * 3_600_000),
      endBasis: { kind: 'fresh' as const, readAt: null },
      basis: { kind: 'fresh' as const, readAt: null },
    };
    const message = 'After a restart, nothing will remind you: turn on Start at login.';
    const state = {
      ...base,
      me: {
        ...base.me,
        nextShift: shift,
        shifts: [shift],
        readiness: {
          shift,
          checks: [
            { id: 'autostart' as const, result: 'problem' as const, message, action: 'start-at-login' as const },
          ],
        },
      },
      alarm: {
        key: 'a1',
        scheduleName: 'Platform primary',
        start: iso(NOW - 60_000),
        ringing: true,
        ackedAt: null,
        ackSource: null,
      },
    };
    const labels = buildTrayMenu(state, NOW, 'Europe/Berlin').flatMap((i) => ('label' in i ? [i.label] : []));
    const alarm = labels.findIndex((l) => l.startsWith('Shift-start alarm'));
    const ack = labels.findIndex((l) => l.startsWith('I’m on it'));
    const ready = labels.findIndex((l) => l.includes('Start at login'));
    expect(
      [alarm, ack, ready].every((i) => i > 0),
      labels.join('\n'),
    ).toBe(true);
    expect(alarm, labels.join('\n')).toBeLessThan(ready);
    expect(ack, labels.join('\n')).toBeLessThan(ready);
  });
});
