import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { currentAndNext, timeline, type RotationLayer, type RotationSchedule } from '../../electron/simulator/rotation';
import { ms } from '../support/time';

const iso = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');
const layer = (
  start: string,
  unit: RotationLayer['shiftLength']['unit'],
  userIds: string[],
  amount = 1,
  k = 1,
): RotationLayer => ({
  rotationStartMs: ms(start),
  shiftLength: { amount, unit },
  concurrentUsers: k,
  userIds,
});
const schedule = (
  timeZone: string,
  layers: RotationLayer[],
  overrides: RotationSchedule['overrides'] = [],
): RotationSchedule => ({ timeZone, layers, overrides });
const view = (s: RotationSchedule, from: string, to: string) =>
  timeline(s, ms(from), ms(to)).map((seg) => [iso(seg.startMs), iso(seg.endMs), seg.userIds.join('+')]);

describe('rotation across daylight-saving changes', () => {
  it('keeps a weekly Monday 09:00 Berlin handoff at 09:00 local across the last Sundays of March and October', () => {
    const s = schedule('Europe/Berlin', [layer('2026-03-02T08:00:00Z', 'weeks', ['a', 'b', 'c'])]);
    const segments = timeline(s, ms('2026-03-16T00:00:00Z'), ms('2026-11-10T00:00:00Z'));
    for (const seg of segments) {
      const local = DateTime.fromMillis(seg.startMs, { zone: 'Europe/Berlin' });
      expect([local.weekday, local.hour, local.minute]).toEqual([1, 9, 0]);
    }
    const starts = segments.map((seg) => iso(seg.startMs));
    expect(starts).toContain('2026-03-23T08:00:00Z'); // before 29 March: CET, 09:00 = 08:00Z
    expect(starts).toContain('2026-03-30T07:00:00Z'); // after: CEST, 09:00 = 07:00Z
    expect(starts).toContain('2026-10-19T07:00:00Z');
    expect(starts).toContain('2026-10-26T08:00:00Z'); // after 25 October: CET again
  });

  it('keeps a daily New York handoff at the same local hour across 8 March and 1 November 2026', () => {
    const s = schedule('America/New_York', [layer('2026-03-01T14:00:00Z', 'days', ['a', 'b'])]);
    const march = view(s, '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z');
    expect(march.map((r) => r[0])).toEqual([
      '2026-03-06T14:00:00Z',
      '2026-03-07T14:00:00Z',
      '2026-03-08T13:00:00Z',
      '2026-03-09T13:00:00Z',
    ]);
    const november = view(s, '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z');
    expect(november.map((r) => r[0])).toEqual([
      '2026-10-30T13:00:00Z',
      '2026-10-31T13:00:00Z',
      '2026-11-01T14:00:00Z',
      '2026-11-02T14:00:00Z',
    ]);
  });

  it('keeps hour-based shifts at fixed durations, even across a DST change', () => {
    const s = schedule('Europe/Berlin', [layer('2026-03-28T00:00:00Z', 'hours', ['a', 'b'], 12)]);
    const rows = view(s, '2026-03-29T00:00:00Z', '2026-03-30T00:00:00Z');
    expect(rows.map((r) => r[0])).toEqual(['2026-03-29T00:00:00Z', '2026-03-29T12:00:00Z']);
  });

  it('jumps straight to a far-away shift and finds the same users as walking would', () => {
    const s = schedule('Europe/Berlin', [layer('2016-03-07T08:00:00Z', 'weeks', ['a', 'b', 'c'])]);
    const weeks = Math.round(
      DateTime.fromISO('2026-03-02T09:00', { zone: 'Europe/Berlin' }).diff(
        DateTime.fromISO('2016-03-07T09:00', { zone: 'Europe/Berlin' }),
        'weeks',
      ).weeks,
    );
    const [first] = view(s, '2026-03-02T12:00:00Z', '2026-03-02T13:00:00Z');
    expect(first).toEqual(['2026-03-02T08:00:00Z', '2026-03-09T08:00:00Z', ['a', 'b', 'c'][weeks % 3]]);
  });
});

describe('users, layers and overrides', () => {
  it('puts k consecutive users on each shift with concurrent users, wrapping around the list', () => {
    const s = schedule('Etc/UTC', [layer('2026-01-01T00:00:00Z', 'days', ['a', 'b', 'c'], 1, 2)]);
    const rows = view(s, '2026-01-01T00:00:00Z', '2026-01-04T00:00:00Z');
    expect(rows.map((r) => r[2])).toEqual(['a+b', 'c+a', 'b+c']);
  });

  it('lets a later layer take over from its rotation start, and shows nothing before any coverage', () => {
    const s = schedule('Etc/UTC', [
      layer('2026-01-01T00:00:00Z', 'days', ['a', 'b']),
      layer('2026-01-03T12:00:00Z', 'weeks', ['z']),
    ]);
    expect(view(s, '2025-12-31T00:00:00Z', '2026-01-05T00:00:00Z')).toEqual([
      ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', 'a'],
      ['2026-01-02T00:00:00Z', '2026-01-03T00:00:00Z', 'b'],
      ['2026-01-03T00:00:00Z', '2026-01-03T12:00:00Z', 'a'],
      // z forever: merged up to the one-year look-ahead past the window.
      ['2026-01-03T12:00:00Z', iso(ms('2026-01-05T00:00:00Z') + 366 * 86_400_000), 'z'],
    ]);
  });

  it('replaces users for an override window, and the override created last wins where they overlap', () => {
    const s = schedule(
      'Etc/UTC',
      [layer('2026-01-01T00:00:00Z', 'days', ['a', 'b'])],
      [
        { startMs: ms('2026-01-01T06:00:00Z'), endMs: ms('2026-01-01T12:00:00Z'), userIds: ['x'] },
        { startMs: ms('2026-01-01T10:00:00Z'), endMs: ms('2026-01-01T14:00:00Z'), userIds: ['y', 'z'] },
      ],
    );
    expect(view(s, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')).toEqual([
      ['2026-01-01T00:00:00Z', '2026-01-01T06:00:00Z', 'a'],
      ['2026-01-01T06:00:00Z', '2026-01-01T10:00:00Z', 'x'],
      ['2026-01-01T10:00:00Z', '2026-01-01T14:00:00Z', 'y+z'],
      ['2026-01-01T14:00:00Z', '2026-01-02T00:00:00Z', 'a'],
    ]);
  });

  it('merges adjacent segments with the same users, including across the window edges', () => {
    const s = schedule(
      'Etc/UTC',
      [layer('2026-01-01T00:00:00Z', 'days', ['a', 'b'])],
      [{ startMs: ms('2026-01-02T00:00:00Z'), endMs: ms('2026-01-03T00:00:00Z'), userIds: ['a'] }],
    );
    // Day 1 is a's shift, day 2 is overridden to a, day 3 is a's shift again: one segment, seen from either end.
    const whole = ['2026-01-01T00:00:00Z', '2026-01-04T00:00:00Z', 'a'];
    expect(view(s, '2026-01-01T12:00:00Z', '2026-01-01T13:00:00Z')).toEqual([whole]);
    expect(view(s, '2026-01-03T12:00:00Z', '2026-01-03T13:00:00Z')).toEqual([whole]);
  });

  it('reports the current segment and the one after it, skipping uncovered time', () => {
    const s = schedule(
      'Etc/UTC',
      [layer('2026-02-01T00:00:00Z', 'days', ['a', 'b'])],
      [{ startMs: ms('2026-01-10T00:00:00Z'), endMs: ms('2026-01-11T00:00:00Z'), userIds: ['x'] }],
    );
    const during = currentAndNext(s, ms('2026-01-10T05:00:00Z'));
    expect(during.current?.userIds).toEqual(['x']);
    expect(during.next && [iso(during.next.startMs), during.next.userIds]).toEqual(['2026-02-01T00:00:00Z', ['a']]);
    const gap = currentAndNext(s, ms('2026-01-20T00:00:00Z'));
    expect(gap.current).toBeNull();
    expect(gap.next?.userIds).toEqual(['a']);
  });

  it('has no next segment when the same people stay on call past the look-ahead', () => {
    const s = schedule('Etc/UTC', [layer('2026-01-01T00:00:00Z', 'weeks', ['solo'])]);
    const { current, next } = currentAndNext(s, ms('2026-06-01T00:00:00Z'));
    expect(current?.userIds).toEqual(['solo']);
    expect(next).toBeNull();
  });
});
