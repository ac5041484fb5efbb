// The known timeline of one read, checked against stretches written out by hand: people where shifts were read
// (overlapping layers unioned), nobody only inside the read range, unknown in holes (with who is known at least),
// outside the range, and wherever nothing was read; the state re-derives at a hole's edge.
import { describe, expect, it } from 'vitest';
import { peopleIn, stretchAt, timelineOf } from '../../../electron/core/model/timeline';
import { nextStateChangeAt } from '../../../electron/core/state/change';
import { alice, bob, ms, scheduleSnap, shift, snapshotOf } from '../support/fixtures';

const H = 3_600_000;
const T0 = ms('2026-03-03T00:00:00Z');
const at = (h: number) => new Date(T0 + h * H).toISOString().replace('.000Z', 'Z');

/** Read over [02:00, 20:00): Alice 00–06 (began before the read), Bob 04–08 (overlapping), Alice 10–14 with a hole
 *  over 12–16 (a shift sent unreadable), Bob 18–22 (reaching past the read). */
const read = scheduleSnap(
  'sch_a',
  [shift(at(0), at(6), alice), shift(at(4), at(8), bob), shift(at(10), at(14), alice), shift(at(18), at(22), bob)],
  { shiftsFrom: at(2), shiftsTo: at(20), shiftHoles: [{ from: at(12), to: at(16) }] },
);

const text = (s: { startMs: number; endMs: number; kind: string; why?: string; users: { name: string }[] }) =>
  `${(s.startMs - T0) / H}-${(s.endMs - T0) / H} ${s.kind}${s.why ? `(${s.why})` : ''} ${s.users.map((u) => u.name).join('+')}`.trim();

describe('the known timeline', () => {
  it('lays a read out as people, nobody and unknown with why, back to back', () => {
    expect(timelineOf(read).stretches.map(text)).toEqual([
      '0-2 unknown(not_read) Alice', // before the read: Alice's shift is real, others there were not asked for
      '2-4 people Alice',
      '4-6 people Alice+Bob',
      '6-8 people Bob',
      '8-10 nobody',
      '10-12 people Alice',
      '12-14 unknown(hole) Alice', // at least Alice; the unreadable shift may be anyone's
      '14-16 unknown(hole)',
      '16-18 nobody',
      '18-20 people Bob',
      '20-22 unknown(beyond) Bob',
    ]);
  });

  it('answers unknown outside what was read, and for a schedule never read', () => {
    const t = timelineOf(read);
    expect(text(stretchAt(t, T0 - H))).toBe(`${-Infinity}-0 unknown(not_read)`);
    expect(text(stretchAt(t, T0 + 23 * H))).toBe(`22-${Infinity} unknown(beyond)`);
    expect(stretchAt(timelineOf(scheduleSnap('sch_b', [], { shiftsFrom: null, shiftsTo: null })), T0)).toMatchObject({
      kind: 'unknown',
      why: 'not_read',
    });
  });

  it('says who a window replaces and whether any of it is unknown', () => {
    const t = timelineOf(read);
    expect(peopleIn(t, T0 + 8 * H, T0 + 10 * H)).toEqual({ users: [], peak: 0, unknown: false });
    const over = peopleIn(t, T0 + 5 * H, T0 + 13 * H);
    expect(over.users.map((u) => u.name)).toEqual(['Alice', 'Bob']);
    expect(over).toMatchObject({ peak: 2, unknown: true });
  });

  it('is built once per read', () => {
    expect(timelineOf(read)).toBe(timelineOf({ ...read }));
    expect(timelineOf(read)).not.toBe(timelineOf({ ...read, shiftHoles: [] }));
  });

  it('re-derives the state where a hole begins and ends', () => {
    const snap = snapshotOf([read]);
    expect(nextStateChangeAt(snap, T0 + 11 * H)).toBe(T0 + 12 * H);
    expect(nextStateChangeAt(snap, T0 + 15 * H)).toBe(T0 + 16 * H);
  });
});
