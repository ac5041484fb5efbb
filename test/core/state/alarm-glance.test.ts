// Issue 49, adversarial round 3, finding 2: a ringing (not acknowledged) shift-start alarm was in the tray only; the
// popover and the tooltip never said it, though the docs promise "acknowledged 22:01" / "not acknowledged" there.
// The popover as the app paints it (its prerender) now says each alarm once, with "I'm on it" while it waits.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AlarmStatus } from '../../../electron/shared/phone-intent';
import { accountIdOf } from '../../../electron/shared/accounts';
import { alarmAskRows } from '../../../renderer/src/lib/alarm-asks';
import { appState, accountView } from '../../renderer/support/state';
import { loadPopover, popover } from '../support/popover-text';

const NOW = Date.parse('2026-05-04T08:00:00Z'); // 10:00 Berlin
const ZONE = 'Europe/Berlin';
const alarm = (key: string, scheduleName: string, acked: boolean, accountName?: string): AlarmStatus => ({
  key,
  ...(accountName ? { accountName } : {}),
  scheduleName,
  start: '2026-05-04T07:58:00Z',
  ringing: !acked,
  ackedAt: acked ? '2026-05-04T07:59:00Z' : null,
  ackSource: acked ? 'tray' : null,
});

beforeAll(loadPopover, 300_000);

describe('shift-start alarms in the popover glance (issue 49, adversarial 3, finding 2)', () => {
  it('says each alarm once: not acknowledged with I’m on it, acknowledged with its time', () => {
    const state = {
      ...appState(),
      alarm: alarm('a1', 'Platform primary', false),
      otherAlarms: [alarm('a2', 'Payments', true)],
    };
    const text = popover(state, NOW, ZONE).all.replace(/\s+/g, ' ');
    expect(text.match(/Alarm: Platform primary ?, 09:58 · not acknowledged · I’m on it/g)).toHaveLength(1);
    expect(text.match(/Alarm: Payments ?, 09:58 · acknowledged 09:59/g)).toHaveLength(1);
    expect(text).not.toMatch(/acknowledged 09:59 ·/);
  });

  it('names the account with several, and says nothing without an alarm', () => {
    const ctx = { nowMs: NOW, localZone: ZONE, locale: 'en-GB' };
    const two = {
      ...appState({ accounts: [accountView(), accountView({ id: accountIdOf('acme'), label: 'Acme' })] }),
      alarm: alarm('a1', 'Platform primary', false, 'Acme'),
    };
    expect(alarmAskRows(two, ctx)).toEqual([
      {
        key: 'a1',
        schedule: 'Acme · Platform primary',
        at: '09:58',
        state: 'not acknowledged',
        text: 'Shift-start alarm (Acme · Platform primary, 09:58): not acknowledged',
        waiting: true,
      },
    ]);
    expect(alarmAskRows(appState(), ctx)).toEqual([]);
    expect(popover(appState(), NOW, ZONE).all).not.toMatch(/alarm/i);
  });
});
