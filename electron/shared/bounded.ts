// zod building blocks with the bounds of ./limits.ts: every string the contract and the settings accept is one
// of these, so a value too long is refused with a message naming the field and its limit. The length is checked
// first and stops the other checks (abort), so a 10 MB value is never run through a pattern, and says one thing.
import { z } from 'zod';
import { FIELD_LIMITS, tooLong, tooMany } from './limits';

export type FieldLimit = keyof typeof FIELD_LIMITS;

/** A string of at most FIELD_LIMITS[limit] characters; `label` names the field in the message. */
export function text(label: string, limit: FieldLimit) {
  const max = FIELD_LIMITS[limit];
  return z.string().max(max, { message: tooLong(label, max), abort: true });
}

/** A service id: not empty, at most FIELD_LIMITS.id characters. */
export function id(label: string) {
  return text(label, 'id').min(1, `${label} must not be empty.`);
}

/** A UTC ISO 8601 instant (…Z), length-bounded before its pattern is tried. */
export function instant(label: string, message = 'must be an ISO 8601 UTC date-time (…Z)') {
  return text(label, 'instant').check(z.iso.datetime({ message }));
}

/** An e-mail address, length-bounded before its pattern is tried. */
export function email(label: string, message = 'must be an e-mail address') {
  return text(label, 'email').check(z.email({ message }));
}

/** A list of at most `max` entries; `what` names them in the message ("Too many people covering: at most 4."). */
export function list<T extends z.ZodType>(item: T, what: string, max: number) {
  return z.array(item).max(max, tooMany(what, max));
}
