// An edit's SEQUENCE, monotonic by construction (adv52 r43 #1). Counting edits in the record alone goes back when an
// older copy of the record is put back (a backup, a synced folder's older version): a calendar app holding 3 ignores
// the next edit at 2 (RFC 5546). So an edit's SEQUENCE is also never below the seconds since SEQUENCE_EPOCH_MS at the
// edit: a later edit outnumbers every earlier one whatever record it starts from, and the record's own +1 keeps two
// edits in one second apart.
import { MAX_SEQUENCE } from './published-record';

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
