// Away mode and swaps (issue 37): the schemas of the hand-off channels and of the plan kept on disk. A range
// hand-off is a list of my shift blocks, each to be covered by one person through one override; each item carries
// the state of its write, so a retry (also after a restart) sends only what did not land.
import { z } from 'zod';
import { ScheduleId } from './action-schemas';
import { AccountIdSchema } from './account-settings';
import { email, instant, list, text } from './bounded';
import { tooLong } from './limits';
import { WriteAnswerSchema } from './write-answer';

const localDate = (label: string) =>
  z
    .string()
    .max(10, { message: tooLong(label, 10), abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2026-03-04`);
/** Most shift blocks one hand-off may hold (a month of daily shifts on a few schedules). */
export const MAX_HANDOFF_ITEMS = 60;

/** Local dates, both included: [from 00:00, the day after `to` 00:00) in this computer's zone. */
export const HandoffRangeSchema = z.object({ from: localDate('First day'), to: localDate('Last day') });
export type HandoffRange = z.infer<typeof HandoffRangeSchema>;

/** Absent range: the next 7 days from now. */
export const HandoffPlanRequestSchema = z.object({
  range: HandoffRangeSchema.optional(),
  /** false: plan from the data main has now (an open form following a new state); else every account is read first. */
  reread: z.boolean().optional(),
});

/** One block of mine in the range, clipped to it (and to now): what "Create all" may hand off. */
export const HandoffRowSchema = z.object({
  accountId: AccountIdSchema,
  accountLabel: z.string(),
  scheduleId: z.string(),
  scheduleName: z.string(),
  timeZone: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  /** The others on call with me over the block (a block ends where they change): the override keeps them. */
  others: z.array(z.string()),
});
export type HandoffRow = z.infer<typeof HandoffRowSchema>;

/** Time in the range the app can't read as mine or not (a hole, not read, saved data): said, never written. */
export const HandoffExcludedSchema = HandoffRowSchema.extend({ why: z.string() });
export type HandoffExcluded = z.infer<typeof HandoffExcludedSchema>;

export const HandoffPlanSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(HandoffRowSchema),
  excluded: z.array(HandoffExcludedSchema),
});
export type HandoffPlan = z.infer<typeof HandoffPlanSchema>;

const HandoffItemInputSchema = z.object({
  scheduleId: ScheduleId,
  start: instant('Start'),
  end: instant('End'),
  /** Who covers this block. */
  email: email('Who covers'),
});
export type HandoffItemInput = z.infer<typeof HandoffItemInputSchema>;

export const HandoffCreateRequestSchema = z.object({
  items: list(HandoffItemInputSchema, 'shifts to hand off', MAX_HANDOFF_ITEMS).min(1, 'Choose at least one shift.'),
  /** The plan's span (HandoffPlan from/to) the items were chosen in: my time there beside the items is checked
   *  just before each write (a block that grew is a change). Absent: the span of the last plan asked for. */
  range: z.object({ from: instant('From'), to: instant('To') }).optional(),
});

/**
 * pending: not sent. sending: the write may have left (on disk before it leaves: after a crash it is looked for,
 * never sent again blind). unknown: sent, its outcome not known yet (checked again). handed_off: the service shows
 * it (or answered it). not_landed: the service does not show it (safe to send again). refused: the service said no.
 * not_sent: it never left (the app couldn't send it). changed: read just before sending, the service no longer holds
 * what was planned (a manager's change): nothing was sent, the item says what changed (Retry reads it again).
 */
export const HandoffItemStateSchema = z.enum([
  'pending',
  'sending',
  'unknown',
  'handed_off',
  'not_landed',
  'refused',
  'not_sent',
  'changed',
]);
export type HandoffItemState = z.infer<typeof HandoffItemStateSchema>;

export const HandoffItemSchema = z.object({
  id: z.string(),
  accountId: AccountIdSchema,
  scheduleId: z.string(),
  scheduleName: z.string(),
  timeZone: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  email: z.string(),
  /** The others on call with me then: sent with the covering person, so only I am replaced. */
  others: z.array(z.string()).default([]),
  /** The covering person's name as the schedule lists them ('' when not listed). */
  name: z.string(),
  state: HandoffItemStateSchema,
  /** What the service said (a refusal, why it is unknown), '' when nothing to add. */
  message: z.string(),
  /** The override's id when the service answered with it. */
  overrideId: z.string().optional(),
  /** Sent by the app, its answer lost (no id), then seen in place: the schedule, held as planned when it was read
   *  just before the send, showed exactly these people after it. The app's own write: after a restart it is said
   *  handed off again when the schedule still shows it (the service can't list overrides, so there is no id). */
  seenAfterSend: z.literal(true).optional(),
  /** Refused for rights (403: a read-only key, no rights on the schedule): another account of the service, a new
   *  key or new rights may take it, so Retry offers to send it again (re-read first, through an account that can). */
  retryable: z.literal(true).optional(),
  /** What its message tells, as a kind the wording reads (never found in the message's words): 'unconfirmed', a
   *  saved "handed off" the service does not show as this hand-off made it (state 'changed', issue 52);
   *  'landed-then-changed', it landed and a later change covers it now (state 'handed_off'); 'saved-after-all', it
   *  could not be confirmed and the schedule showed it later (state 'handed_off', watch-late.ts); 'earlier-may-apply',
   *  answered in place while an earlier own write over its window may still be applied by the service (its message
   *  says so: actions/late-watch.ts), so it is watched and restated if that one lands (adv48 r44 #2). Set with its
   *  message and cleared with it (run-work.ts restated). */
  outcome: z.enum(['unconfirmed', 'landed-then-changed', 'saved-after-all', 'earlier-may-apply']).optional(),
  /** A refusal's own words without its lead-in (ActionError `told`), said after "refused:"; set with its message. */
  refusal: z.string().optional(),
  /** Its last send was answered with an error (a 5xx, an unreadable answer), not lost: kept while its check could not
   *  read the schedule, so the check made once it reads is an error answer's (never "its answer never came"). */
  erred: z.literal(true).optional(),
  /** What became of its last send's answer (none came, an error, unreadable), for every later word (adv48 r34). */
  answer: WriteAnswerSchema.optional(),
  /** Around the block, the time of the away range where the plan had me off call: me on call there when it is
   *  written is a change since the plan (the block grew), said and not written. Absent: the block's own window. */
  within: z.object({ start: z.string(), end: z.string() }).optional(),
  /** Who was on call over the block when it was planned (me first, then the others, lower-cased): after a send
   *  that may have landed, the schedule shows the cover, not me, so a block "may have been sent" is kept on resume
   *  only when this says it was mine (store-claims.ts). Absent (a file from before it): such an item is dropped. */
  was: z.array(z.string()).max(21).optional(),
});
export type HandoffItem = z.infer<typeof HandoffItemSchema>;

export const HandoffRunSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  createdAt: z.string(),
  items: z.array(HandoffItemSchema).max(MAX_HANDOFF_ITEMS),
  /** Whose run it is: each account's service address (as shown, lower-cased) and e-mail when it was saved, as
   *  cache.json and reminders.json are stamped (core/storage/cache-origin.ts). An item for an account whose address
   *  or user has changed since is dropped on load, never sent to the other service. Absent: written before stamps. */
  origins: z.record(z.string(), z.object({ address: z.string(), email: z.string() })).optional(),
  /** Closed by the user while its file couldn't be removed (run-saver.ts): the next start removes it and sends
   *  nothing of it, since the user withdrew it. */
  closed: z.literal(true).optional(),
  /** Saved with its mark (handoff/run-current.ts): read back while the mark is gone, the file is behind what the
   *  app last showed (a save failed after it), so what it still holds as to be sent is not sent unasked. Absent:
   *  written before the mark; resumed as it is. */
  marked: z.literal(true).optional(),
});
export type HandoffRun = z.infer<typeof HandoffRunSchema>;

/** The run as it reads (handoff-text.ts, worded by main): the one-line count, each item's outcome by its id, and
 *  whether Retry has anything to do. */
export const HandoffSaidSchema = z.object({
  summary: z.string(),
  items: z.record(z.string(), z.string()),
  canRetry: z.boolean(),
});
export type HandoffSaid = z.infer<typeof HandoffSaidSchema>;

/** What handoff:get answers: the run (null when none), how it reads, and a problem with the saved plan to tell once. */
export const HandoffStatusSchema = z.object({
  run: HandoffRunSchema.nullable(),
  said: HandoffSaidSchema.nullable(),
  notice: z.string().nullable(),
});
export type HandoffStatus = z.infer<typeof HandoffStatusSchema>;

/** A swap: someone covers my block; I cover theirs (on the same schedule by default). */
export const SwapRequestSchema = z.object({
  mine: z.object({ scheduleId: ScheduleId, start: instant('Start'), end: instant('End') }),
  theirs: z.object({
    scheduleId: ScheduleId,
    start: instant('Start'),
    end: instant('End'),
    email: email('Teammate'),
  }),
});
export type SwapRequest = z.infer<typeof SwapRequestSchema>;

const SwapSideSchema = z.object({
  scheduleId: ScheduleId,
  start: instant('Start'),
  end: instant('End'),
  /** Who covers this side (the teammate on mine, me on theirs). */
  email: email('Who covers'),
  /** The others on call then, kept by the override (it replaces one person only), lower-cased. */
  others: list(email('Also on call'), 'others on call', 20).default([]),
  /** Around the side, where its person was off call when it was planned: on call there now is a change. */
  within: z.object({ start: instant('Start'), end: instant('End') }).optional(),
  state: HandoffItemStateSchema,
  message: text('Message', 'url'),
  /** 'earlier-may-apply': in place, and an earlier own write over it may still be applied (its message says so). */
  outcome: z.enum(['earlier-may-apply']).optional(),
  // No settle time here: when a side's write may still land is main's own record (core/handoff/swap-unsettled.ts),
  // never taken from what the renderer sends back.
});
export type SwapSide = z.infer<typeof SwapSideSchema>;

export const SwapResultSchema = z.object({
  mine: SwapSideSchema,
  theirs: SwapSideSchema,
  /** "Hand your Tue back" (me again over my block, after only the first side landed): null until asked. */
  back: SwapSideSchema.nullable().default(null),
  /** Said as it is: "Bob now covers your Tue 09:00–17:00; your cover of Bob's Thu did not land." */
  text: z.string(),
});
export type SwapResult = z.infer<typeof SwapResultSchema>;

/**
 * After a swap that did not fully land: 'check' looks at each side whose outcome is unknown (never sends);
 * 'retry' sends what did not land (looked for first where it may have); 'hand-back' puts me back over my block.
 */
export const SwapSettleRequestSchema = z.object({
  action: z.enum(['check', 'retry', 'hand-back']),
  mine: SwapSideSchema,
  theirs: SwapSideSchema,
  back: SwapSideSchema.nullable().default(null),
});
export type SwapSettleRequest = z.infer<typeof SwapSettleRequestSchema>;

/** "Ask for cover": the ready chat message for a shift or a range of mine. */
export const AskCoverRequestSchema = z.object({
  range: HandoffRangeSchema.optional(),
  /** One block instead of the range. */
  shift: z.object({ scheduleId: ScheduleId, start: instant('Start'), end: instant('End') }).optional(),
  reason: text('Reason', 'teamDescription'),
});
export type AskCoverRequest = z.infer<typeof AskCoverRequestSchema>;
