// What a held message read back from the record of reminders shown (reminders.json) must agree with before it is
// shown (issue 52): a held message is shown after quiet hours, so it must be one the app could have held: text it
// words, a time already passed when it was held, and a schedule watched now on the account its key names. Changes
// and corrections are held as their statements (worded when shown), so those are checked as the app states them.
import { z } from 'zod';
import { isoOf } from '../model/segments';
import { AHEAD_MS, type FiredContext } from './fired-claims';
import { plausibleMs, plausibleText } from './read-back';

/** A message kept back while notifications were quiet, with what is needed to re-check it when they end. */
/** One block of mine as a held change states it (reminders' ShiftRef): the statement, worded when it is shown. */
const HeldShiftSchema = z.object({
  group: z.string(),
  scheduleId: z.string(),
  scheduleName: z.string(),
  scheduleZone: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  startSeen: z.boolean(),
  others: z.array(z.string()),
  nextNames: z.array(z.string()),
  keptReadAtMs: z.number().optional(),
  endUnknown: z.literal(true).optional(),
});

// At most as many as names may be, each a user id as the service gives them.
const CovererIds = z.array(z.string().startsWith('usr_').max(200)).max(20).optional();

export const HeldMessageSchema = z.object({
  key: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  atMs: z.number(),
  untilMs: z.number(),
  scheduleId: z.string().optional(),
  /** The shift group it concerns (leads: dropped from the summary once that shift has started or is gone). */
  group: z.string().optional(),
  startsAtMs: z.number().optional(),
  /** A change notice's statement (my blocks before and after, who covers): worded from what is known when shown. */
  change: z
    .object({
      before: z.array(HeldShiftSchema),
      after: z.array(HeldShiftSchema),
      coverers: z.array(z.string()),
      /** Who covers by user id: what it is checked by when shown (absent in records written before them). */
      covererIds: CovererIds,
    })
    .optional(),
  /** A correction's statement (the block whose start no longer holds, who covers it): worded when shown. */
  correction: z
    .object({
      was: HeldShiftSchema,
      lostEndMs: z.number(),
      coverers: z.array(z.string()),
      covererIds: CovererIds,
      later: HeldShiftSchema.optional(),
      /** Time already past that a read contradicts (reminders/past-corrections). */
      past: z
        .object({
          lostStartMs: z.number(),
          savedAtMs: z.number().optional(),
          spans: z.array(z.object({ fromMs: z.number(), toMs: z.number(), coverers: z.array(z.string()) })).optional(),
        })
        .optional(),
    })
    .optional(),
});
export type HeldMessage = z.infer<typeof HeldMessageSchema>;

/** The kinds of message the app holds (reminders/types.ts ReminderKind). */
const HELD_KINDS = new Set(['lead', 'heads-up', 'start', 'end', 'coverage', 'change', 'correction']);

/** A correction's key names its schedule and the start it corrects (reminders/corrections.ts). */
const CORRECTION_KEY = /(?:^|\/)correction:sch_[A-Za-z0-9_-]+:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z)$/;

type HeldShift = z.infer<typeof HeldShiftSchema>;
const NOT_WORDED = 'a message the app could not have worded';

/** A name or id the app words into a line: one line, bounded, no control or direction-changing characters. */
const plausibleName = (t: string): boolean =>
  t.length <= 300 && !/[\u0000-\u001F\u007F\u2028\u2029\u202A-\u202E\u2066-\u2069]/.test(t);

/** A shift as a statement states it: on the message's own schedule, with times that can be, names that can be. */
function shiftHolds(r: HeldShift, scheduleId: string | undefined, aheadMs: number): boolean {
  const names = [r.group, r.scheduleId, r.scheduleName, r.scheduleZone, ...r.others, ...r.nextNames];
  return (
    r.scheduleId === scheduleId &&
    r.group === `shift:${r.scheduleId}:${isoOf(r.startMs)}` &&
    plausibleMs(r.startMs, aheadMs) &&
    plausibleMs(r.endMs, aheadMs) &&
    r.endMs > r.startMs &&
    r.others.length <= 20 &&
    r.nextNames.length <= 20 &&
    names.every(plausibleName)
  );
}

/** A correction's statement: the start its key names, a time lost inside that block, a later part inside it. */
function correctionHolds(h: HeldMessage, aheadMs: number): boolean {
  const c = h.correction;
  const m = CORRECTION_KEY.exec(h.key);
  const startMs = Date.parse(m?.[1] ?? '');
  // A correction of time already past has no start ahead to be urgent about (it waits through quiet time).
  const startHolds = c?.past ? h.startsAtMs === undefined : h.startsAtMs === startMs;
  if (!c || !m || !startHolds || c.was.startMs !== startMs) return false;
  const past = c.past;
  if (past && !(past.lostStartMs >= c.was.startMs && past.lostStartMs < c.lostEndMs)) return false;
  // Each span lost lies inside the block, in order, with names that can be.
  const spans = past?.spans ?? [];
  const spansHold =
    spans.length <= 50 &&
    spans.every(
      (l, i) =>
        l.fromMs >= c.was.startMs &&
        l.toMs <= c.lostEndMs &&
        l.fromMs < l.toMs &&
        l.fromMs >= (spans[i - 1]?.toMs ?? -Infinity) &&
        l.coverers.length <= 20 &&
        l.coverers.every(plausibleName),
    );
  if (!spansHold) return false;
  const later = c.later;
  return (
    shiftHolds(c.was, h.scheduleId, aheadMs) &&
    h.key.endsWith(`correction:${c.was.scheduleId}:${m[1] ?? ''}`) &&
    c.lostEndMs > c.was.startMs &&
    c.lostEndMs <= c.was.endMs &&
    c.coverers.length <= 20 &&
    c.coverers.every(plausibleName) &&
    (later === undefined || (shiftHolds(later, h.scheduleId, aheadMs) && later.startMs === c.lostEndMs))
  );
}

/** A change and a correction are held as their statements and worded from them when shown (held.ts toHeld): one
 *  without (or an older version's, held as text) is not shown, since its stored body would read as the app's words. */
function statementProblem(h: HeldMessage, aheadMs: number): string | undefined {
  if (h.kind === 'change') {
    const c = h.change;
    const shifts = c ? [...c.before, ...c.after] : [];
    // A change naming no block of mine is one the app never holds ("Your shift was changed: " and nothing after).
    const holds =
      c !== undefined &&
      h.scheduleId !== undefined &&
      shifts.length > 0 &&
      shifts.length <= 50 &&
      shifts.every((r) => shiftHolds(r, h.scheduleId, aheadMs)) &&
      c.coverers.length <= 20 &&
      c.coverers.every(plausibleName);
    return holds ? undefined : NOT_WORDED;
  }
  if (h.kind === 'correction') return correctionHolds(h, aheadMs) ? undefined : NOT_WORDED;
  // Only changes and corrections carry a statement: on another kind it would be worded as one.
  return h.change === undefined && h.correction === undefined ? undefined : NOT_WORDED;
}

/** A correction is planned only while a reminder of the block it corrects is on record as said (delivery's
 *  `said:<group>`, under the same account's prefix): without that record the app never told me the block was mine. */
function unsaid(h: HeldMessage, ctx: FiredContext): boolean {
  const c = h.correction;
  if (h.kind !== 'correction' || !c || !ctx.onRecord) return false;
  const prefix = h.key.slice(0, h.key.lastIndexOf('correction:'));
  return !ctx.onRecord(`${prefix}said:${c.was.group}`);
}

export function heldProblem(h: HeldMessage, ctx: FiredContext): string | undefined {
  if (!HELD_KINDS.has(h.kind)) return 'a kind of message the app does not hold';
  const statement = statementProblem(h, ctx.nowMs + AHEAD_MS);
  if (statement !== undefined) return statement;
  if (unsaid(h, ctx)) return 'a correction of a shift not on record as told';
  const texts: [string, number][] = [
    [h.key, 500],
    [h.kind, 50],
    [h.title, 300],
    [h.body, 2000],
    [h.group ?? '', 500],
    [h.scheduleId ?? '', 300],
  ];
  if (!texts.every(([t, max]) => plausibleText(t, max))) return 'a message the app could not have worded';
  const aheadMs = ctx.nowMs + AHEAD_MS;
  const times = [h.untilMs, h.startsAtMs ?? h.atMs];
  if (!plausibleMs(h.atMs, ctx.nowMs + 60_000) || !times.every((t) => plausibleMs(t, aheadMs)))
    return "a time that can't be true";
  if (ctx.watched && !ctx.watched(h.key, h.scheduleId)) return 'a schedule not watched now';
  return undefined;
}
