// A ring opens the alarm window and sends the loud notification; the window's sound stops after 10 min (the window
// stays), at once on acknowledge or snooze; a failing notification still leaves the window ringing; "Test the alarm"
// rings for 5 s, then closes.
import { describe, expect, it } from 'vitest';
import { createAlarmRinger, type AlarmWindowPort } from '../../../electron/core/alarm/ringer';
import type { AlarmTarget } from '../../../electron/core/alarm/types';
import type { NotificationRequest } from '../../../electron/core/ports';
import { FakeClock, flush } from '../support/fake-clock';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const START = Date.parse('2026-03-10T21:00:00Z');
const target: AlarmTarget = {
  key: 'alarm:s:sch_ops:2026-03-10T21:00:00Z',
  accountId: MAIN_ACCOUNT_ID,
  atMs: START,
  startMs: START,
  endMs: START + 8 * 3_600_000,
  scheduleId: 'sch_ops',
  scheduleName: 'Ops',
  scheduleZone: 'Europe/Berlin',
  fromNames: [],
};

function rig(fail = false) {
  const clock = new FakeClock(START);
  const events: string[] = [];
  const sent: NotificationRequest[] = [];
  const window: AlarmWindowPort = {
    show: (key, _w, test) => events.push(`show ${test ? 'test' : key}`),
    quiet: (key) => events.push(`quiet ${key}`),
    close: (key) => events.push(`close ${key.startsWith('alarm-test') ? 'test' : key}`),
  };
  const ringer = createAlarmRinger({
    clock,
    window,
    localZone: () => 'Europe/Berlin',
    notifier: { notify: async (n) => (sent.push(n), fail ? Promise.reject(new Error('no server')) : undefined) },
  });
  return { clock, events, sent, ringer };
}

describe('the alarm ringer', () => {
  it('rings the window and a loud notification; the sound stops after 10 min, the window stays', async () => {
    const r = rig();
    r.ringer.ring({ target, late: false, again: false });
    expect(r.sent.map((n) => n.alarm)).toEqual([true]);
    await r.clock.advance(10 * 60_000);
    expect(r.events).toEqual([`show ${target.key}`, `quiet ${target.key}`]);
  });

  it('acknowledged: window closed at once, no later quieting', async () => {
    const r = rig();
    r.ringer.ring({ target, late: false, again: false });
    r.ringer.silence(target.key);
    await r.clock.advance(20 * 60_000);
    expect(r.events).toEqual([`show ${target.key}`, `close ${target.key}`]);
  });

  it('a failing notification leaves the window ringing', async () => {
    const r = rig(true);
    r.ringer.ring({ target, late: false, again: false });
    await flush();
    expect(r.events).toEqual([`show ${target.key}`]);
  });

  it('"Test the alarm" rings for 5 s', async () => {
    const r = rig();
    r.ringer.test();
    await r.clock.advance(4_999);
    expect(r.events).toEqual(['show test']);
    await r.clock.advance(1);
    expect(r.events).toEqual(['show test', 'close test']);
    expect(r.sent[0]?.alarm).toBe(true);
  });
});
