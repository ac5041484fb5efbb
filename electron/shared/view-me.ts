// What the app state says of me (part of view-state.ts): my shifts, the schedules that keep "no shift of yours"
// from being said plainly, readiness for my next shift, and my on-call load.
import { z } from 'zod';
import { text } from './bounded';
import { AccountIdSchema } from './settings';
import { BasisSchema, SpanSchema } from './view-schedule';

const Iso = z.string();

/** `scheduleId` is the schedule's ref (see ScheduleView.id); `accountId` its account. */
export const MyShiftSchema = z.object({
  accountId: AccountIdSchema,
  scheduleId: z.string(),
  scheduleName: z.string(),
  start: Iso,
  end: Iso,
  /** What "until `end`" rests on: the time just after it (unknown there: the block may go on). */
  endBasis: BasisSchema,
  /** What the block itself rests on (from now on, for the running one): fresh, or saved data from when. Every
   *  surface words it beside the block (shared/say.ts), so saved data is never said as now's fact. */
  basis: BasisSchema,
  /** Main's words for a block whose hand-off (I'm away) may have landed: "may be handed off — checking", said beside
   *  it on every surface so it is never said as plainly mine (core/handoff/half-handoff.ts). */
  handoff: z.string().optional(),
});
export type MyShift = z.infer<typeof MyShiftSchema>;

/**
 * A schedule that keeps "no shift of yours" from being said plainly over [now, now + horizon): unknown (not read
 * yet, failed, saved data that ends before now, a hole), or only from saved data / only up to a point.
 */
export const MyGapSchema = z.object({
  accountId: AccountIdSchema,
  scheduleId: z.string(),
  scheduleName: z.string(),
  kind: z.enum(['loading', 'not_read', 'failed', 'ended', 'holes', 'saved', 'short', 'read']),
  /** failed: why it couldn't be loaded; not_read: why it can't be read ("no API key for Acme"). */
  reason: z.string().optional(),
  /** saved: when the saved data was read. */
  savedAt: Iso.optional(),
  /** ended, short: where its known shifts stop. */
  until: Iso.optional(),
  /** read: the schedule answers (now and next are fresh), but its shifts further on were read at this time. */
  readAt: Iso.optional(),
  /** Who is on call now is unknown there (not loaded, failed, a read not reaching now, a hole over now): whether I
   *  am on call now is unknown (shared/now-unknown.ts). */
  now: z.boolean().optional(),
  /** holes: where in [now, horizon) its shifts couldn't be read (each hole whole), in order: listed among my shifts
   *  as unknown time that may be mine (shared/hole-spans.ts), never left out as if free. */
  spans: z.array(SpanSchema).optional(),
});
export type MyGap = z.infer<typeof MyGapSchema>;

/** One readiness check before my next shift: ok, a problem (with the one action that fixes it), or can't tell. */
export const ReadinessCheckSchema = z.object({
  id: z.enum(['key', 'schedule', 'reminders', 'autostart', 'notifications', 'alarm', 'phone']),
  /** `checking`: not judged yet, since this session's first read of it isn't back (saved data at start-up). */
  result: z.enum(['ok', 'problem', 'unknown', 'checking']),
  message: z.string(),
  action: z.enum(['settings', 'refresh', 'start-at-login', 'test-notification']).optional(),
  /** The action's button words ("Turn on Start at login"), worded in main (core/readiness/fix-label.ts), so the
   *  popover's first frame, before any script, shows the same button the live line does (adv49 r19 #4). */
  label: text('Fix label', 'readinessFix').optional(),
});
export type ReadinessCheck = z.infer<typeof ReadinessCheckSchema>;

/** "Ready for your shift": whether the app can reach me for my next shift (within 24 h), check by check. */
export const ReadinessSchema = z.object({
  shift: MyShiftSchema,
  checks: z.array(ReadinessCheckSchema),
  /** The account that speaks for the shift (whose alarm rings its start) where several watch it: the line names it. */
  speaker: AccountIdSchema.optional(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/** One month's on-call load, counted from `from` (the month's start when `whole`) to the current hour. */
export const LoadPeriodSchema = z.object({
  /** "2026-11" (local). */
  month: z.string(),
  /** What the figures rest on: saved data from the earliest read of a counted schedule that failed since (time past
   *  that schedule's read is left out, in `unreadableHours`), else fresh. */
  basis: BasisSchema,
  from: Iso,
  whole: z.boolean(),
  hours: z.number(),
  /** Hours in the period the counted schedules' shifts were sent unreadable (holes), or came after the read of a
   *  schedule shown from saved data: not in `hours`, whoever was on call then; said beside the total ("49 h + 24 h
   *  not readable"). */
  unreadableHours: z.number(),
  /** Of that unreadable time: the nights not counted in `nights` that it may make one (with it, at least an hour of
   *  the night), and the weekend hours in it; said beside theirs ("1 night + 1 not readable"). */
  unreadableNights: z.number(),
  unreadableWeekendHours: z.number(),
  /** Hours between 22:00 and 07:00 local, and the nights with at least an hour of them. */
  nightHours: z.number(),
  nights: z.number(),
  /** Hours on Saturdays and Sundays (local). */
  weekendHours: z.number(),
  schedules: z.array(
    z.object({
      accountId: AccountIdSchema,
      scheduleId: z.string(),
      scheduleName: z.string(),
      hours: z.number(),
      /** Hours of this schedule's in the period that were not read (holes, after its read when saved data): not in
       *  `hours`; said beside it ("Payments 2 h + 144 h not readable"). */
      unreadableHours: z.number(),
    }),
  ),
});
export type LoadPeriod = z.infer<typeof LoadPeriodSchema>;

/** One account's on-call load from the shifts read; periods are null where no read shift reaches them. */
export const AccountLoadSchema = z.object({
  thisMonth: LoadPeriodSchema.nullable(),
  lastMonth: LoadPeriodSchema.nullable(),
  /** Schedules whose shifts couldn't be read: not counted (the figures leave them out, and say so). */
  missing: z.array(z.string()),
});
export type AccountLoad = z.infer<typeof AccountLoadSchema>;

/**
 * My on-call load. With several accounts each has read its own span (its own `from`), so their figures are not
 * added: `byAccount` holds each account's over its own span, and `thisMonth`/`lastMonth` are null (a sum would
 * borrow one account's start date, count the other's unread days as 0 h and a night on two services as two).
 */
export const MyLoadSchema = AccountLoadSchema.extend({
  byAccount: z.array(AccountLoadSchema.extend({ accountId: AccountIdSchema, label: z.string() })).optional(),
});
export type MyLoad = z.infer<typeof MyLoadSchema>;
