// "Already in place" is said only of the app's own write, proven by its own-write record (an override it sent over
// the window with these people), never inferred from the schedule looking as planned: a manager who made that same
// change is a change since the plan, said, and nothing is built on it (issue 48, adv48 r40: a swap pressed once the
// app's data had aged re-read the schedule, took a manager's cover of my block for "an earlier press", and wrote the
// old plan's other side).

/** An override the app wrote, as its own-write record keeps it (model/snapshot.ts CreatedOverride). */
export interface OwnRecord {
  start: string;
  end: string;
  /** Who it put on call (lower-cased); absent in records older than the field: content unknown, so no proof. */
  covering?: readonly string[] | undefined;
  /** Read back from a file and not yet seen on the service: a claim, not proof (issue 52). */
  unconfirmed?: true | undefined;
  /** A take-over since handed back: its people are no longer what the app holds there. */
  handedBackAt?: string | undefined;
  /** Sent with its outcome unknown (it may land late): the app's own write once it shows, but only by its very
   *  window and people, as a may-land claim is confirmed (sync/own-overrides.ts): a manager's cover of part of it is
   *  not the write the app sent. */
  mayLand?: true | undefined;
}

/** Every write of the app's own a snapshot records: those it knows saved, and those whose outcome was unknown and
 *  may land late (a 503 applied a minute on is the app's own write when it shows, never a manager's change). */
export const ownWritesIn = (s: Snapshot): CreatedOverride[] => [...s.createdOverrides, ...(s.mayLand ?? [])];

import type { CreatedOverride, Snapshot } from '../model/snapshot';

const lower = (e: string) => e.trim().toLowerCase();

/** Whether the record holds an override of the app's own over the whole window with exactly `emails` on call. */
export function ownCoverOver(
  own: readonly OwnRecord[],
  startMs: number,
  endMs: number,
  emails: readonly string[],
): boolean {
  const want = new Set(emails.map(lower));
  return own.some((o) => {
    if (o.unconfirmed !== undefined || o.handedBackAt !== undefined || o.covering === undefined) return false;
    const got = new Set(o.covering.map(lower));
    const [a, b] = [Date.parse(o.start), Date.parse(o.end)];
    const window = o.mayLand === true ? a === startMs && b === endMs : a <= startMs && endMs <= b;
    return window && got.size === want.size && [...want].every((e) => got.has(e));
  });
}
