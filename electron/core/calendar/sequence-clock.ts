// An edit's SEQUENCE, monotonic by construction (adv52 r43 #1). Counting edits in the record alone goes back when an
// older copy of the record is put back (a backup, a synced folder's older version): a calendar app holding 3 ignores
// the next edit at 2 (RFC 5546). So an edit's SEQUENCE is also never below the seconds since SEQUENCE_EPOCH_MS at the
// edit: a later edit outnumbers every earlier one whatever record it starts from, and the record's own +1 keeps two
// edits in one second apart.
import { DAY_MS } from '../../shared/time';

/** The highest SEQUENCE the app publishes: RFC 5545's INTEGER limit, which an edit's SEQUENCE (the seconds since
 *  2026) reaches in 2094. An edit past it issues the event again under a new UID (publisher.ts), so no event is ever
 *  frozen at it (adv52 r21 #2); a record above it is none the app made. */
export const MAX_SEQUENCE = 2 ** 31 - 1;

/** 2026-01-01T00:00Z: the seconds since reach RFC 5545's INTEGER limit (2^31 − 1, MAX_SEQUENCE) in 2094. */
export const SEQUENCE_EPOCH_MS = Date.UTC(2026, 0, 1);

/** The lowest SEQUENCE an edit made at `nowMs` takes. */
export const clockSequence = (nowMs: number): number =>
  Math.min(MAX_SEQUENCE, Math.max(0, Math.floor((nowMs - SEQUENCE_EPOCH_MS) / 1000)));

/** The SEQUENCE of an event as published at `nowMs`: 0 when new, the same when unchanged, above both the record's and
 *  the clock's when changed (at most MAX_SEQUENCE: an edit past it is a new event, publisher.ts). */
export function nextSequence(before: number | undefined, changed: boolean, nowMs: number): number {
  if (before === undefined) return 0;
  if (!changed) return before;
  return Math.min(MAX_SEQUENCE, Math.max(before + 1, clockSequence(nowMs)));
}

/** Edits a record's SEQUENCE may run ahead of the clock: one per edit beyond one a second (nextSequence), far more
 *  than renders with a changed block can make. */
const EDITS_AHEAD = 10_000;

/** The highest SEQUENCE the app can have made by `nowMs` (adv52 r55 #2): the clock's a day ahead (the slack every
 *  stamp read back gets, published-record.ts entryProblem, so a clock put back is no false claim) and the edits. A
 *  record above it claims a revision the app never made: published, every later edit would follow it. */
export const sequenceCeiling = (nowMs: number): number =>
  Math.min(MAX_SEQUENCE, clockSequence(nowMs + DAY_MS) + EDITS_AHEAD);
