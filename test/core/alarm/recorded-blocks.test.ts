// The end of a block the app recorded as mine (reminders.json `mine:` keys), for a phone alert's start no longer
// planned after a restart (adv50 r40 #1, escalation/front-acks.ts). Recorded twice with one start (its end moved
// while the app ran), which end the alert was for is unknown: the earliest is taken, so an answer never reaches a
// later block of mine. Another service's or schedule's record, or none at that start: unknown.
import { describe, expect, it } from 'vitest';
import type { AlarmKnowledge } from '../../../electron/core/alarm/alarm-claims';
import { recordedEndOf } from '../../../electron/core/alarm/recorded-blocks';
import { defaultServiceSettings } from '../../../electron/shared/settings';

const SERVICE = 'https://oncall.example.com';
const START = '2026-03-10T09:00:00Z';
const key = (service = SERVICE, schedule = 'sch_ops') => `alarm:${service}:${schedule}:${START}`;
const account = (baseUrl: string, recorded: string[]): AlarmKnowledge => ({
  settings: { ...defaultServiceSettings(), baseUrl },
  recorded,
});
const mine = (schedule: string, start: string, end: string) => `mine:${schedule}:${start}>${end}`;

describe('recordedEndOf', () => {
  it('the recorded end of the block starting at the key’s start', () => {
    const known = [account(SERVICE, [mine('sch_ops', START, '2026-03-10T17:00:00Z')])];
    expect(recordedEndOf(known, key())).toBe(Date.parse('2026-03-10T17:00:00Z'));
  });

  it('recorded with two ends: the earliest, whichever order the record lists them in', () => {
    const ends = ['2026-03-10T17:00:00Z', '2026-03-10T09:30:00Z'];
    for (const order of [ends, [...ends].reverse()]) {
      const known = [
        account(
          SERVICE,
          order.map((end) => mine('sch_ops', START, end)),
        ),
      ];
      expect(recordedEndOf(known, key())).toBe(Date.parse('2026-03-10T09:30:00Z'));
    }
  });

  it('unknown for another service, another schedule, another start, or a key not an alarm’s', () => {
    const recorded = [mine('sch_ops', START, '2026-03-10T17:00:00Z')];
    expect(recordedEndOf([account('https://other.example.com', recorded)], key())).toBeUndefined();
    expect(recordedEndOf([account(SERVICE, recorded)], key(SERVICE, 'sch_night'))).toBeUndefined();
    expect(
      recordedEndOf([account(SERVICE, recorded)], `alarm:${SERVICE}:sch_ops:2026-03-10T09:10:00Z`),
    ).toBeUndefined();
    expect(recordedEndOf([account(SERVICE, recorded)], 'mine:sch_ops')).toBeUndefined();
  });
});
