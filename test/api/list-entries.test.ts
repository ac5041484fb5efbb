// A list read element by element: unreadable shifts leave holes exactly where they were (unknown time, never a gap
// in who is on call), unreadable pending requests are kept as issues, and closed ones ask nothing.
import { describe, expect, it } from 'vitest';
import { coverageList, shiftList } from '../../electron/api/list-entries';
import { CoverageEntrySchema, ShiftEntrySchema } from '../../electron/api/schemas';
import { coverageRequest, shift, user } from './support/fixtures';

const window = { from: '2026-03-01T00:00:00Z', to: '2026-03-10T00:00:00Z' };
const entries = (raw: unknown[]) => raw.map((r) => ShiftEntrySchema.parse(r));

describe('shiftList', () => {
  it('keeps readable shifts and makes a hole of a shift without people, over its own window', () => {
    const list = shiftList(
      entries([
        shift('2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z'),
        { start: '2026-03-03T00:00:00Z', end: '2026-03-04T00:00:00Z' },
        shift('2026-03-04T00:00:00Z', '2026-03-05T00:00:00Z', [user(2)]),
      ]),
      window,
    );
    expect(list.shifts.map((s) => s.start)).toEqual(['2026-03-02T00:00:00Z', '2026-03-04T00:00:00Z']);
    expect(list.holes).toEqual([{ from: '2026-03-03T00:00:00Z', to: '2026-03-04T00:00:00Z' }]);
  });

  it('places a shift with unreadable times between its readable neighbours, or at the window edges', () => {
    const middle = shiftList(
      entries([
        shift('2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z'),
        { start: 'soon', end: null, users: [] },
        shift('2026-03-05T00:00:00Z', '2026-03-06T00:00:00Z'),
      ]),
      window,
    );
    expect(middle.holes).toEqual([{ from: '2026-03-03T00:00:00Z', to: '2026-03-05T00:00:00Z' }]);
    const first = shiftList(entries([{ users: [] }, shift('2026-03-05T00:00:00Z', '2026-03-06T00:00:00Z')]), window);
    expect(first.holes).toEqual([{ from: window.from, to: '2026-03-05T00:00:00Z' }]);
    const only = shiftList(entries(['not a shift']), window);
    expect(only).toEqual({ shifts: [], holes: [window] });
  });
});

describe('coverageList', () => {
  it('keeps unreadable pending requests as issues with what could be read, and drops closed ones', () => {
    const list = coverageList(
      [
        coverageRequest(1),
        { ...coverageRequest(2), shifts: 'soon' },
        { ...coverageRequest(3), status: 'approved', user: null },
        { id: 42 },
      ].map((r) => CoverageEntrySchema.parse(r)),
    );
    expect(list.requests.map((r) => r.id)).toEqual(['cov_1']);
    expect(list.unreadable).toEqual([
      { id: 'cov_2', requester: 'User 2', why: 'shifts is missing or unreadable' },
      { id: null, requester: null, why: 'id is missing or unreadable' },
    ]);
  });
});
