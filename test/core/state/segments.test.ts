import { describe, expect, it } from 'vitest';
import { instantMs, segmentsOf } from '../../../electron/core/model/segments';
import type { Shift } from '../../../electron/api/schemas';

const user = (id: string) => ({
  id,
  name: id,
  email: `${id}@example.com`,
  role: 'standard',
  seat: 'member',
  chat_id: id,
});

describe('reading instants quickly', () => {
  it('agrees with Date.parse on canonical instants, other forms and invalid ones', () => {
    const samples = [
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:59:59Z',
      '1999-12-31T23:59:59Z',
      '2024-02-29T12:00:00Z',
      '2026-03-02T08:00:00.000Z',
      '2026-03-02T09:00:00+01:00',
      '2026-13-01T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:60:00Z',
      '2026-0x-01T00:00:00Z',
      'not a date at all!!!',
    ];
    for (const s of samples) expect([s, instantMs(s)]).toEqual([s, Date.parse(s)]);
  });
});

describe('segments of a schedule', () => {
  it('merges back-to-back shifts of the same people and unions overlapping ones', () => {
    const shifts: Shift[] = [
      { users: [user('usr_a')], start: '2026-03-02T08:00:00Z', end: '2026-03-02T12:00:00Z' },
      { users: [user('usr_a')], start: '2026-03-02T12:00:00Z', end: '2026-03-02T16:00:00Z' },
      { users: [user('usr_b')], start: '2026-03-02T16:00:00Z', end: '2026-03-02T20:00:00Z' },
    ];
    expect(segmentsOf(shifts).map((s) => [s.startMs, s.endMs, s.key])).toEqual([
      [Date.parse('2026-03-02T08:00:00Z'), Date.parse('2026-03-02T16:00:00Z'), 'usr_a'],
      [Date.parse('2026-03-02T16:00:00Z'), Date.parse('2026-03-02T20:00:00Z'), 'usr_b'],
    ]);
    const overlapping: Shift[] = [
      { users: [user('usr_a')], start: '2026-03-02T08:00:00Z', end: '2026-03-02T16:00:00Z' },
      { users: [user('usr_b')], start: '2026-03-02T12:00:00Z', end: '2026-03-02T20:00:00Z' },
    ];
    expect(segmentsOf(overlapping).map((s) => s.key)).toEqual(['usr_a', 'usr_a,usr_b', 'usr_b']);
  });
});
