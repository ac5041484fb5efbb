// Issue 35: the reads reminders rest on are shown in the known timeline. Over time the latest read couldn't read (a
// hole, past its range) an earlier read kept by sync is laid in as `saved` (who it had, when it was read), while the
// time stays unknown; checked against stretches written out by hand.
import { describe, expect, it } from 'vitest';
import { stretchAt, timelineOf, type Stretch } from '../../../electron/core/model/timeline';
import { savedReadAtMs } from '../../../electron/core/model/timeline-kept';
import { alice, bob, me, ms, scheduleSnap, shift } from '../support/fixtures';

const H = 3_600_000;
const T0 = ms('2026-03-03T00:00:00Z');
const at = (h: number) => new Date(T0 + h * H).toISOString().replace('.000Z', 'Z');
const EARLIER = at(-5);

/** The latest read: [0, 12), Alice 0–4, a hole over 4–8, Bob 8–12. Kept from a read at -5 h: the hole (me 5–7,
 *  nobody else) and 12–14 past the range (Alice 12–13). */
const latest = scheduleSnap('sch_a', [shift(at(0), at(4), alice), shift(at(8), at(12), bob)], {
  shiftsFrom: at(0),
  shiftsTo: at(12),
  shiftHoles: [{ from: at(4), to: at(8) }],
  shiftsKept: [
    { from: at(4), to: at(8), readAt: EARLIER, shifts: [shift(at(5), at(7), me)] },
    { from: at(12), to: at(14), readAt: EARLIER, shifts: [shift(at(12), at(13), alice)] },
  ],
});

const text = (s: Stretch) =>
  [
    `${(s.startMs - T0) / H}-${(s.endMs - T0) / H} ${s.kind}${s.why ? `(${s.why})` : ''}`,
    s.saved ? `saved ${(s.saved.readAtMs - T0) / H}h: ${s.saved.users.map((u) => u.name).join('+') || 'nobody'}` : '',
  ]
    .filter(Boolean)
    .join(' ');

describe('the known timeline shows the earlier reads kept over what the latest could not read', () => {
  it('keeps that time unknown, split where the saved read says who was on call', () => {
    expect(timelineOf(latest).stretches.map(text)).toEqual([
      '0-4 people',
      '4-5 unknown(hole) saved -5h: nobody',
      '5-7 unknown(hole) saved -5h: Me',
      '7-8 unknown(hole) saved -5h: nobody',
      '8-12 people',
      '12-13 unknown(beyond) saved -5h: Alice',
      '13-14 unknown(beyond) saved -5h: nobody',
    ]);
    // Past what either read covered: unknown, nothing saved.
    expect(text(stretchAt(timelineOf(latest), T0 + 15 * H))).toBe(`14-${Infinity} unknown(beyond)`);
  });

  it("gives a block's reminders the saved read under it, and none where the latest read covers it", () => {
    const stretches = timelineOf(latest).stretches;
    expect(savedReadAtMs(stretches, T0 + 5 * H, T0 + 7 * H)).toBe(ms(EARLIER));
    expect(savedReadAtMs(stretches, T0 + 8 * H, T0 + 12 * H)).toBeUndefined();
  });

  it('is rebuilt when sync keeps another read, and is the plain read without one', () => {
    const without = { ...latest, shiftsKept: undefined };
    expect(timelineOf(without).stretches.map(text)).toEqual(['0-4 people', '4-8 unknown(hole)', '8-12 people']);
  });
});
