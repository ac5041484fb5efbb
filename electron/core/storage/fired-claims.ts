// What the record of reminders shown (reminders.json) must agree with before it is used (issue 52). A fired key
// only holds a reminder back, so it is dropped only when it can't be one the app wrote (a huge key, a time so far
// ahead it would never be pruned and would silence a reminder for good); dropping a true one could repeat a
// reminder. Held messages are checked in held-claims.ts.
import { DAY_MS } from '../../shared/time';
import { plausibleText } from './read-back';

/** What the app knows now that a record entry must agree with. */
export interface FiredContext {
  nowMs: number;
  /** Is the account of this key known, and (given) this schedule of that account watched now? */
  watched?: (key: string, scheduleId: string | undefined) => boolean;
  /** Is this key on the record as read (kept)? A correction is held only over a reminder on record as said. */
  onRecord?: (key: string) => boolean;
  /** When a heads-up for a shift starting at `startMs` falls due now (as quiet hours begin before it), or undefined
   *  when none is planned (quiet hours off or not over the start: such a record silences nothing). */
  headsUpDueMs?: (startMs: number) => number | undefined;
}

/** Keys and held messages a record may hold: far beyond a quarter of reminders, far below a file that stalls start-up. */
export const MAX_FIRED_KEYS = 50_000;
export const MAX_HELD = 1_000;
/** How far ahead a time read back may lie (a reminder's relevance, a held message's times). */
export const AHEAD_MS = 400 * DAY_MS;

/** A shift reminder's key names when it falls due: its start ("…:start"), its start less a lead ("…:lead15"), its
 *  end ("…:end:<end>"); recorded as shown (or passed) only once due. The scheduler shows nothing early. */
const SHIFT_KEY =
  /(?:^|\/)(?:passed:)?shift:[^:]+:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z):(start|lead(\d{1,6}))$/;
/** A heads-up ("…:heads-up"): due as quiet hours begin before the start (reminders/plan.ts headsUp). */
const HEADS_UP_KEY = /(?:^|\/)(?:passed:)?shift:[^:]+:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z):heads-up$/;
const END_KEY = /(?:^|\/)(?:passed:)?shift:[^:]+:end:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z)$/;
/** Slack for a reminder fired a moment before its instant (a timer, a clock step). */
const EARLY_MS = 5 * 60_000;

/**
 * Every kind of key the app records, and when it can have been recorded (one table, issue 52):
 * | key                                     | written by                    | recorded once                      |
 * | shift:<sch>:<start>:start / :lead<N>    | reminders/plan.ts             | due: start (less N min)            |
 * | shift:<sch>:<start>:heads-up            | reminders/plan.ts headsUp     | due: quiet hours begin before start|
 * | shift:<sch>:end:<end>                   | reminders/types.ts            | due: the end                       |
 * | passed:<any of the above>               | reminders/delivery.ts         | as the key it wraps                |
 * | said:<shift group>                      | reminders/delivery.ts         | a reminder of it shown: not timed  |
 * | coverage:<request id>                   | reminders/coverage.ts         | the request seen: checked against  |
 * |                                         |                               | the first read (engine/coverage-   |
 * |                                         |                               | record.ts)                         |
 * | coverage:first-sync:<ids>               | reminders/coverage.ts         | a first sync's summary: not timed  |
 * | change:<sch>:<before>><after>           | reminders/changes.ts          | a change seen: not timed           |
 * | correction:<sch>:<start>                | reminders/corrections.ts      | a correction seen: not timed       |
 * Each may carry an account's prefix ("<account>/"). A due time ahead of now (past a little slack) is a record
 * of a reminder shown before it could be: dropped, so the reminder still comes.
 */
function dueMsOf(key: string, ctx: Pick<FiredContext, 'headsUpDueMs'>): number | undefined {
  const headsUp = HEADS_UP_KEY.exec(key);
  if (headsUp) return ctx.headsUpDueMs?.(Date.parse(headsUp[1] ?? ''));
  const shift = SHIFT_KEY.exec(key);
  if (shift) return Date.parse(shift[1] ?? '') - Number(shift[3] ?? 0) * 60_000;
  const end = END_KEY.exec(key);
  return end ? Date.parse(end[1] ?? '') : undefined;
}

export function firedProblem(
  key: string,
  untilMs: number,
  nowMs: number,
  ctx: Pick<FiredContext, 'headsUpDueMs'> = {},
): string | undefined {
  if (!plausibleText(key, 500)) return 'a key the app did not write';
  // A reminder recorded before it fell due would silence it when it does: dropped, so it still comes.
  const dueMs = dueMsOf(key, ctx);
  if (dueMs !== undefined && dueMs > nowMs + EARLY_MS) return 'a reminder recorded as shown before it was due';
  // Long past is pruned as before; what is far ahead would never be.
  if (!Number.isSafeInteger(untilMs) || untilMs > nowMs + AHEAD_MS) return "a time that can't be true";
  return undefined;
}
