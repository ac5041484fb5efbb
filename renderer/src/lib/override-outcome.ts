// What the engine answered to a sent override, in the form's terms: its per-field problems placed next to the
// fields, and after an "outcome unknown" write, whether a refreshed schedule shows the override (a hint only).
import type { ScheduleView, ShiftView } from '../../../electron/shared/view-state';
import type { FieldErrors } from './limits';

export type RecheckHint = 'seen' | 'not_seen' | 'cannot_tell';

/** "Check again" as OverrideResult shows it: under way, failed, or the hint with what it means. */
export interface Recheck {
  state: 'checking' | 'failed' | RecheckHint;
  text: string;
}

/**
 * Maps the engine's per-field problems (window.end, emails.1, scheduleId…) onto this form's fields. `sent` is the
 * e-mails of the request in the order sent: "emails.N" is the N-th of those, shown next to that person.
 */
export function fieldsFromProblems(
  problems: ReadonlyArray<{ field: string; message: string }> | undefined,
  sent: readonly string[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const p of problems ?? []) {
    const person = /^emails\.(\d+)$/.exec(p.field);
    if (p.field === 'window.start' || p.field === 'start') errors.customStart = p.message;
    else if (p.field.startsWith('window') || p.field === 'end') errors.customEnd = p.message;
    else if (person) {
      const email = sent[Number(person[1])];
      if (email) errors[`person:${email.toLowerCase()}`] = p.message;
      else errors.who = p.message;
    } else if (p.field === 'emails') errors.who = p.message;
    else if (p.field === 'scheduleId') errors.scheduleId = p.message;
  }
  return errors;
}

function coveredBy(shift: ShiftView, emails: ReadonlySet<string>): boolean {
  const have = new Set(shift.users.map((u) => u.email.toLowerCase()));
  return have.size === emails.size && [...emails].every((e) => have.has(e));
}

/**
 * After an "outcome unknown" write and a refresh: do the schedule's now/next shifts show the covering people for
 * the window? Only a hint — the refreshed state holds two shifts, not the whole window's history.
 */
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
      return 'The schedule cannot tell from here. Check it on the service before creating it again.';
  }
}
