// The one truth every surface shows: derived by the core from (snapshot, now, settings), pushed by main to the
// tray and the renderer. Plain data with UTC ISO instants; consumers format them (see ./format).
// It holds no wall-clock "generated at" on purpose: equal inputs give an equal state, so nothing is re-sent.
import { z } from 'zod';
import { TakeOverOptionsSchema } from './take-over';
import { AccountIdSchema, SettingsSchema } from './settings';
import { AlarmStatusSchema, PhoneStatusSchema } from './phone-intent';

const Iso = z.string();

export const PersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof PersonSchema>;

export const ShiftViewSchema = z.object({ users: z.array(PersonSchema), start: Iso, end: Iso });
export type ShiftView = z.infer<typeof ShiftViewSchema>;

/**
 * Freshness of one source's data (a schedule, or the coverage-request list). 'loading' and 'error' mean nothing
 * is known yet: consumers say "unknown", never "nobody" or "none". 'stale' shows saved data from `since`.
 */
export const ScheduleStatusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('loading') }),
  z.object({ kind: z.literal('fresh'), at: Iso }),
  z.object({ kind: z.literal('stale'), since: Iso, reason: z.string() }),
  z.object({ kind: z.literal('error'), reason: z.string(), since: Iso.optional() }),
  z.object({
    kind: z.literal('not_found'),
    reason: z.string(),
    /** When the service first answered "not found". */
    since: Iso.optional(),
    /** When the last known data (still shown) was fetched; null/absent when there is none. */
    savedAt: Iso.nullable().optional(),
  }),
]);
export type ScheduleStatus = z.infer<typeof ScheduleStatusSchema>;
/** The same freshness, for any source. */
export type SourceStatus = ScheduleStatus;

/** A span of time, as UTC ISO instants [from, to). */
export const SpanSchema = z.object({ from: Iso, to: Iso });
export type Span = z.infer<typeof SpanSchema>;

/**
 * What a schedule's held shifts cover: the window they were read over, minus holes (shifts the service sent that
 * could not be read). Who is on call (or that nobody is) may be said only inside it; `status` says how fresh it is.
 */
export const KnownRangeSchema = SpanSchema.extend({
  holes: z.array(SpanSchema),
  /** When these shifts were read: what a probe since confirmed is fresher, the rest is as of this read. */
  readAt: Iso.optional(),
});
export type KnownRange = z.infer<typeof KnownRangeSchema>;

/**
 * One stretch of a schedule's known timeline (core/model/timeline.ts): who is on call (`people`), read and nobody
 * on call (`nobody`), or `unknown` with why (a hole: shifts the service sent unreadable; outside the read range).
 * The stretches are sorted and disjoint; time outside them is unknown (not read). In an unknown stretch, `users` are
 * the people known to be on call at least (others may be too), and `saved` what an earlier read had there.
 */
export const TimeSpanSchema = z.object({
  kind: z.enum(['people', 'nobody', 'unknown']),
  start: Iso,
  end: Iso,
  users: z.array(PersonSchema),
  why: z.enum(['not_read', 'hole', 'beyond']).optional(),
  /** Unknown time an earlier read did cover (kept over a hole or past the latest read): who it had on call there
   *  (none: nobody) and when it was read. The reminders speak from it, saying so; the week shows it the same way. */
  saved: z.object({ readAt: Iso, users: z.array(PersonSchema) }).optional(),
});
export type TimeSpan = z.infer<typeof TimeSpanSchema>;

/** Why time is unknown: never read, a hole (shifts the service sent unreadable), after the read range. */
export const UnknownWhySchema = z.enum(['not_read', 'hole', 'beyond']);

/**
 * What a statement over a span rests on (shared/basis.ts): `fresh` (read at `readAt`, complete over the span, and
 * confirmed lately), `saved` (read at `savedAt`, not confirmed since) or `unknown` (why). Text is made from it by
 * functions that handle every kind.
 */
export const BasisSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fresh'), readAt: Iso.nullable() }),
  z.object({ kind: z.literal('saved'), savedAt: Iso.nullable() }),
  z.object({ kind: z.literal('unknown'), why: UnknownWhySchema }),
]);
export type Basis = z.infer<typeof BasisSchema>;

/** `id` null: the service sent the team without one, so it is shown but can't be edited. */
export const TeamViewSchema = z.object({ id: z.string().nullable(), name: z.string(), description: z.string() });
export type TeamView = z.infer<typeof TeamViewSchema>;

export const ChatGroupViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  handle: z.string(),
  description: z.string().optional(),
});

export const ScheduleViewSchema = z.object({
  /** The schedule across accounts (shared/accounts.ts scheduleRef): what IPC requests and the tray name it by. */
  id: z.string(),
  /** The account it belongs to, and its id on that account's service. */
  accountId: AccountIdSchema,
  scheduleId: z.string(),
  name: z.string(),
  /** IANA zone of the schedule; shown next to local times when it differs. null until the schedule was read. */
  timeZone: z.string().nullable(),
  status: ScheduleStatusSchema,
  /** The span its shifts cover (fresh or saved, as `status` says); null when no shifts were ever read. */
  known: KnownRangeSchema.nullable(),
  /** Who is on call now, from the timeline (null when nobody, or unknown). */
  now: ShiftViewSchema.nullable(),
  /** The next people after now, only when nothing unknown lies between (else null: "then unknown"). */
  next: ShiftViewSchema.nullable(),
  /** The known timeline: every statement over time ("until", "then", the week) is read from it. */
  timeline: z.array(TimeSpanSchema).default([]),
  meOnCall: z.boolean(),
  users: z.array(PersonSchema),
  teams: z.array(TeamViewSchema),
  /** The chat user group last attached from this app, if any (the service cannot be asked for it). */
  chatUserGroup: ChatGroupViewSchema.nullable(),
  /** Whether "Take over now" / "Hand back" are offered here (core/state/take-over.ts); always set by deriveState. */
  takeOverOptions: TakeOverOptionsSchema.optional(),
});
export type ScheduleView = z.infer<typeof ScheduleViewSchema>;

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
  kind: z.enum(['loading', 'failed', 'ended', 'holes', 'saved', 'short', 'read']),
  /** failed: why it couldn't be loaded. */
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
});
export type MyGap = z.infer<typeof MyGapSchema>;

/** One readiness check before my next shift: ok, a problem (with the one action that fixes it), or can't tell. */
export const ReadinessCheckSchema = z.object({
  id: z.enum(['key', 'schedule', 'reminders', 'autostart', 'notifications', 'alarm', 'phone']),
  /** `checking`: not judged yet, since this session's first read of it isn't back (saved data at start-up). */
  result: z.enum(['ok', 'problem', 'unknown', 'checking']),
  message: z.string(),
  action: z.enum(['settings', 'refresh', 'start-at-login', 'test-notification']).optional(),
});
export type ReadinessCheck = z.infer<typeof ReadinessCheckSchema>;

/** "Ready for your shift": whether the app can reach me for my next shift (within 24 h), check by check. */
export const ReadinessSchema = z.object({
  shift: MyShiftSchema,
  checks: z.array(ReadinessCheckSchema),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/** A coverage request the app could not read, or could not tell whether it asks me (its schedule is unknown). */
export const CoverageIssueSchema = z.object({
  accountId: AccountIdSchema,
  id: z.string().nullable(),
  requester: z.string().nullable(),
  why: z.string(),
});
export type CoverageIssue = z.infer<typeof CoverageIssueSchema>;

export const CoverageViewSchema = z.object({
  accountId: AccountIdSchema,
  id: z.string(),
  requester: PersonSchema,
  reason: z.string(),
  status: z.string(),
  shifts: z.array(z.object({ start: Iso, end: Iso, scheduleId: z.string(), scheduleName: z.string() })),
});
export type CoverageView = z.infer<typeof CoverageViewSchema>;

/**
 * What is on screen instead of fresh data: saved data fetched at this instant, or null when nothing was saved.
 * Absent when the message makes no such statement. Kept apart from the message so consumers format the time.
 */
const Saved = Iso.nullable().optional();

/** Why the service could not be read: the app says only what it knows (a slow service is not "offline"). */
export const OfflineCauseSchema = z.enum(['timeout', 'refused', 'dns', 'tls', 'network']);
export type OfflineCause = z.infer<typeof OfflineCauseSchema>;

/** Overall sync health; drives banners and the tray's "problem" icon. */
export const SyncStatusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('needs_setup'), message: z.string() }),
  z.object({ kind: z.literal('ok') }),
  /** Some sources (schedules, coverage requests) could not be refreshed; the others are fine. */
  z.object({ kind: z.literal('partial'), message: z.string(), saved: Saved }),
  /** `cause`: what the app knows happened (no answer in time, connection refused, name not found, TLS failed, or
   *  only that it could not connect); absent when accounts differ. Every surface words the status by it. */
  z.object({ kind: z.literal('offline'), message: z.string(), saved: Saved, cause: OfflineCauseSchema.optional() }),
  z.object({ kind: z.literal('error'), message: z.string(), saved: Saved }),
  z.object({ kind: z.literal('key_rejected'), message: z.string() }),
]);
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

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
    z.object({ accountId: AccountIdSchema, scheduleId: z.string(), scheduleName: z.string(), hours: z.number() }),
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

/** One watched service, as every surface may name it (its address without user info; never its key). */
export const AccountViewSchema = z.object({
  id: AccountIdSchema,
  label: z.string(),
  address: z.string(),
  /** Who I am there ('' when not set). */
  email: z.string(),
  sync: SyncStatusSchema,
  /** Oldest successful fetch among its schedules. */
  lastSuccessAt: Iso.nullable(),
  hasKey: z.boolean(),
  keyStorage: z.enum(['keychain', 'memory', 'none']),
  keyFromEnvironment: z.boolean().optional(),
});
export type AccountView = z.infer<typeof AccountViewSchema>;

/** A swap's sides as main answered them (shared/handoff.ts's SwapResult, repeated here: handoff.ts imports
 *  action-schemas.ts, which imports this file, so importing it back would be a cycle). */
const SwapSideViewSchema = z.object({
  scheduleId: z.string(),
  start: Iso,
  end: Iso,
  email: z.string(),
  others: z.array(z.string()),
  within: z.object({ start: Iso, end: Iso }).optional(),
  state: z.enum(['pending', 'sending', 'unknown', 'handed_off', 'not_landed', 'refused', 'not_sent', 'changed']),
  message: z.string(),
});
const HalfSwapResultSchema = z.object({
  mine: SwapSideViewSchema,
  theirs: SwapSideViewSchema,
  back: SwapSideViewSchema.nullable(),
  text: z.string(),
});

export const AppStateSchema = z.object({
  setup: z.object({
    hasKey: z.boolean(),
    /** Where the key lives: the OS keychain, or this session's memory when the keychain is unavailable. Only in
     *  one account's state: with several, each account's is on its AccountView (none speaks for the others). */
    keyStorage: z.enum(['keychain', 'memory', 'none']).optional(),
    demo: z.boolean(),
    /** The key was given from outside (ONCALL_API_KEY for `npm run status`), so Settings can't change it. */
    keyFromEnvironment: z.boolean().optional(),
    /** Which variable it came from: ONCALL_API_KEY, or ONCALL_API_KEY_<ID> with several accounts. */
    keyVariable: z.string().optional(),
  }),
  settings: SettingsSchema,
  /** Every watched service in the user's order, each with its own sync status and key. */
  accounts: z.array(AccountViewSchema),
  /** Over all accounts: the most urgent account's status, named when there are several. */
  sync: SyncStatusSchema,
  /** Oldest successful fetch among watched schedules, if any; for "updated 2 min ago". */
  lastSuccessAt: Iso.nullable(),
  syncing: z.boolean(),
  schedules: z.array(ScheduleViewSchema),
  me: z.object({
    onCallNow: z.array(MyShiftSchema),
    nextShift: MyShiftSchema.nullable(),
    /**
     * Every block of mine from now to the horizon (settings.horizonDays), per schedule (consecutive shifts of mine
     * merged), the running one included with its true start; sorted by start. Only from schedules with data.
     */
    shifts: z.array(MyShiftSchema).default([]),
    /** Schedules that keep "no shift of yours" from being said plainly; every such statement names them. */
    gaps: z.array(MyGapSchema).default([]),
    /** Readiness for my next shift when it starts within 24 h; null otherwise. */
    readiness: ReadinessSchema.nullable().optional(),
    /** My on-call load (this month and last), from the shifts read; null without an e-mail. */
    load: MyLoadSchema.nullable().optional(),
    /** Where `shifts` is complete (the derive's now + the horizon; with several accounts the earliest): past it only
     *  blocks carrying my time on within one account are listed, so another account's may go on unlisted. A run
     *  reaching it is "until at least", whenever a surface words it (the clock moves on between derives). */
    listedTo: Iso.optional(),
  }),
  coverage: z.object({
    mine: z.array(CoverageViewSchema),
    /** Pending requests that ask me and are not yet covered by me. */
    askingMe: z.array(CoverageViewSchema),
    /**
     * Requests that asked me and that the schedules now show me covering (every asked shift on a schedule of mine):
     * "Covered by you ✓". Not counted as asking me. The service may still list them as pending.
     */
    coveredByMe: z.array(CoverageViewSchema).default([]),
    /** Pending requests that couldn't be read or placed: "none pending" is never said while there are any. */
    issues: z.array(CoverageIssueSchema).default([]),
    /** Freshness of the coverage-request list: empty lists mean "none" only when this is 'fresh' or 'stale'. */
    status: ScheduleStatusSchema,
  }),
  /** Things the user must be told once, e.g. "Settings file was unreadable; it was backed up to …". */
  /** `accountId`: the account a notice is about (its keychain, its cache), when it is about one. */
  notices: z.array(z.object({ id: z.string(), message: z.string(), accountId: AccountIdSchema.optional() })),
  /** The shift-start alarm of the current or last start (issue 50); absent when none rang or is due now. */
  alarm: AlarmStatusSchema.nullable().optional(),
  /** Every other alarm ringing now (two starts at once): each gets its line and its "I'm on it" in the tray. */
  otherAlarms: z.array(AlarmStatusSchema).optional(),
  /** Phone escalation (Settings → Phone): never a topic or token, so no subscribe link either (Settings → Phone
   *  asks for that one with phone:link); absent: not known. */
  phone: PhoneStatusSchema.optional(),
  /** Swaps that landed on one side only (or whose second side's outcome is unknown), until settled: a Retry or Hand
   *  back landed, or a check found it done. Each is a problem on the glance with the swap window as its fix. */
  halfSwaps: z
    .array(z.object({ accountId: AccountIdSchema, name: z.string(), result: HalfSwapResultSchema }))
    .optional(),
  /** A newer release, from the daily update check (main process; never in demo): its version and release page. */
  update: z.object({ version: z.string(), url: z.string() }).optional(),
});
export type AppState = z.infer<typeof AppStateSchema>;

/** What one account's state is derived from about its key: whether there is one and where it lives (required). */
export type AccountSetup = AppState['setup'] & { keyStorage: AccountView['keyStorage'] };
