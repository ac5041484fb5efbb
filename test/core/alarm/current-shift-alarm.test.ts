// adv49 r5 #1: my shift's listing over now can't be read (the service left its users out) from the first read, while
// the service's current-shift field names me. The glance says "On call until 17:34" from that field; the start alarm
// must ring for the same shift (one statement, one source), and only once when a later read lists the same block.
import { describe, expect, it } from 'vitest';
import { planAlarms } from '../../../electron/core/alarm/plan';
import { deriveState } from '../../../electron/core/state/derive';
import {
  alice,
  bob,
  deriveInput,
  details,
  me,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';

const HOUR = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const startMs = Date.parse('2026-11-29T04:34:00Z');
const nowMs = startMs + 2 * 60_000;
const endMs = startMs + 12 * HOUR;
const settings = settingsWith({ schedules: [{ id: 'sch_p', name: 'Platform primary' }] });
const current = shift(iso(startMs), iso(endMs), me);
const info = details('Platform primary', 'Europe/Berlin', [me, alice, bob], { current_oncall_shift: current });
const before = shift(iso(startMs - 12 * HOUR), iso(startMs), alice);
const after = shift(iso(endMs), iso(endMs + 12 * HOUR), bob);
const listed = [before, current, after];
const hole = { from: iso(nowMs - 3 * HOUR), to: iso(nowMs + 3 * HOUR) };
const plan = (holes: { from: string; to: string }[]) => {
  // The shifts the service sent without users over the hole are not read: only those outside it are listed.
  const read = holes.length === 0 ? listed : [before, after];
  const snapshot = snapshotOf([
    scheduleSnap('sch_p', read, {
      details: info,
      shiftHoles: holes,
      shiftsFrom: before.start,
      shiftsTo: after.end,
    }),
  ]);
  const alarms = planAlarms({ snapshot, settings, nowMs, localZone: 'Europe/Berlin', serviceKey: 'https://x' });
  const state = deriveState(deriveInput({ snapshot, nowMs, settings }));
  return { alarms, onCallNow: state.me.onCallNow };
};

describe('the start alarm of the shift the glance says I am on', () => {
  it('rings for the service’s current shift when the listing over now is unreadable', () => {
    const { alarms, onCallNow } = plan([hole]);
    expect(onCallNow.map((m) => Date.parse(m.start))).toEqual([startMs]);
    expect(alarms.filter((a) => a.startMs <= nowMs && nowMs < a.endMs).map((a) => [a.startMs, a.endMs])).toEqual([
      [startMs, endMs],
    ]);
  });

  it('is the same alarm (one key) as the one the readable listing plans', () => {
    const unreadable = plan([hole]).alarms.find((a) => a.startMs === startMs);
    const readable = plan([]).alarms.find((a) => a.startMs === startMs);
    expect(unreadable?.key).toBeDefined();
    expect(unreadable?.key).toBe(readable?.key);
  });
});
