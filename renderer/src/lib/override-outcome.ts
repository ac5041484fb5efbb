// What the engine answered to a sent override, in the form's terms: its per-field problems placed next to the
// fields, and after an "outcome unknown" write, "Check again" as main answered it (core/actions/override-recheck.ts).
import type { RecheckHint } from '../../../electron/shared/action-schemas';
import type { FieldErrors } from './limits';

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
