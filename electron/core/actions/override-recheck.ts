// "Check again" after an override whose outcome is unknown: the schedules are refreshed, then whether the refreshed
// schedule shows the covering people for the window. Only a hint: the state holds two shifts (now and next), not
// the whole window's history; the form says what it means for sending the override again.
import type { OverrideRecheck, OverrideRecheckRequest, RecheckHint } from '../../shared/action-schemas';
import { CANNOT_TELL_TEXT } from '../../shared/recheck-words';
import type { ScheduleView, ShiftView } from '../../shared/view-state';

function coveredBy(shift: ShiftView, emails: ReadonlySet<string>): boolean {
  const have = new Set(shift.users.map((u) => u.email.toLowerCase()));
  return have.size === emails.size && [...emails].every((e) => have.has(e));
}

/** Do the schedule's now/next shifts show the covering people for the window? */
export function recheckHint(
  schedule: ScheduleView | undefined,
  startIso: string,
  endIso: string,
  covering: readonly string[],
): RecheckHint {
  if (!schedule || covering.length === 0) return 'cannot_tell';
  const emails = new Set(covering.map((e) => e.toLowerCase()));
  const [startMs, endMs] = [Date.parse(startIso), Date.parse(endIso)];
  const overlapping = [schedule.now, schedule.next].filter(
    (s): s is ShiftView => s !== null && Date.parse(s.start) < endMs && Date.parse(s.end) > startMs,
  );
  if (overlapping.length === 0) return 'cannot_tell';
  return overlapping.every((s) => coveredBy(s, emails)) ? 'seen' : 'not_seen';
}

/** What a hint means for the person deciding whether to send the override again. */
export function recheckText(hint: RecheckHint): string {
  switch (hint) {
    case 'seen':
      return 'The refreshed schedule shows the new people on call for that window: the override is saved.';
    case 'not_seen':
      return 'The refreshed schedule does not show the change: it was most likely not saved. You can send it again.';
    case 'cannot_tell':
      return CANNOT_TELL_TEXT;
  }
}

/** The hint and its words for a request, against the schedules as they are (refreshed just before). */
export function recheckOf(schedules: readonly ScheduleView[], request: OverrideRecheckRequest): OverrideRecheck {
  const schedule = schedules.find((s) => s.id === request.scheduleId);
  const state = recheckHint(schedule, request.start, request.end, request.covering);
  return { state, text: recheckText(state) };
}
