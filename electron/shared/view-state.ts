// The one truth every surface shows: derived by the core from (snapshot, now, settings), pushed by main to the
// tray and the renderer. Plain data with UTC ISO instants; consumers format them (see ./format).
// It holds no wall-clock "generated at" on purpose: equal inputs give an equal state, so nothing is re-sent.
import { z } from 'zod';
import { AccountIdSchema, SettingsSchema } from './settings';
import { AlarmStatusSchema, PhoneStatusSchema } from './phone-intent';
import { BasisSchema, PersonSchema, ScheduleStatusSchema, ScheduleViewSchema } from './view-schedule';
import { MyGapSchema, MyLoadSchema, MyShiftSchema, ReadinessSchema } from './view-me';

// The schemas by topic, named from here as before (most surfaces import them from this file).
export * from './view-schedule';
export * from './view-me';

const Iso = z.string();

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
  shifts: z.array(
    z.object({
      start: Iso,
      end: Iso,
      scheduleId: z.string(),
      scheduleName: z.string(),
      /** On an asked shift of a request that asks me over another part: its time is saved data or unknown, so this
       *  part only may ask me (said "may ask you — couldn't check", never as the ask: adv47 r23 #1). */
      askBasis: BasisSchema.optional(),
    }),
  ),
  /** On a request covered by me: what that rests on (saved: "covered by you (saved data from T)", never ✓). */
  coveredBasis: BasisSchema.optional(),
  /** On a request under "asking you" whose asked time is not all read fresh: saved or unknown there, so it may be
   *  covered already; listed with this basis, never counted as a known ask (shared/ask-basis-words.ts). */
  askBasis: BasisSchema.optional(),
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
/** The status as a clause, made by its maker beside the sentence: no end punctuation, for a line that goes on
 *  ("Acme: not set up (Add your API key to start)", "Couldn't refresh Ops (timeout) · showing saved data from
 *  14:02"). Never made by cutting `message` (issue 47: no text is patched after it is made). */
const Clause = z.string();

/** The coverage list, when it failed beside schedules and its saved data is from another time than `saved` (which
 *  then dates the schedules only): its own short reason and saved time, worded by each surface after the status, so
 *  the schedules' time is never said of the list (adv47 r15 #2). The clause and message then leave it out. */
const CoverageApart = z.object({ reason: z.string(), saved: Iso.nullable() }).optional();

export const SyncStatusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('needs_setup'), message: z.string(), clause: Clause }),
  z.object({ kind: z.literal('ok') }),
  /** Some sources (schedules, coverage requests) could not be refreshed; the others are fine. */
  z.object({
    kind: z.literal('partial'),
    message: z.string(),
    clause: Clause,
    saved: Saved,
    coverage: CoverageApart,
    /** The same problems apart when their fixes differ (a schedule the service doesn't have: Settings; the rest:
     *  reading again), the Settings one first: each surface shows each with its own fix (adv49 r13 #5). */
    apart: z.array(z.object({ clause: Clause, fix: z.enum(['settings', 'retry']), saved: Saved })).optional(),
  }),
  /** `cause`: what the app knows happened (no answer in time, connection refused, name not found, TLS failed, or
   *  only that it could not connect); absent when accounts differ. Every surface words the status by it. */
  z.object({
    kind: z.literal('offline'),
    message: z.string(),
    saved: Saved,
    cause: OfflineCauseSchema.optional(),
    coverage: CoverageApart,
  }),
  z.object({ kind: z.literal('error'), message: z.string(), clause: Clause, saved: Saved, coverage: CoverageApart }),
  z.object({ kind: z.literal('key_rejected'), message: z.string() }),
]);
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

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
    /** The keychain has not answered yet (its password prompt may wait), or refused the read (locked, prompt
     *  cancelled): no key held, none known missing either. Absent: it answered (hasKey says what). */
    keyState: z.enum(['reading', 'refused']).optional(),
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
    /** With several accounts, each account whose list is saved data: its own time and reason, so a basis or reason
     *  said of a group of accounts is true of each (adv47 r19 #1). Absent with one account. */
    savedLists: z
      .array(z.object({ accountId: AccountIdSchema, label: z.string(), since: Iso, reason: z.string() }))
      .optional(),
  }),
  /** Things the user must be told once, e.g. "Settings file was unreadable; it was backed up to …". */
  /** `accountId`: the account a notice is about (its keychain, its cache), when it is about one. */
  /** `unmatched`: my e-mail names no one on the account's schedules, so my shifts there are unknown; the words for
   *  that, said where "no shift of yours" would be. */
  notices: z.array(
    z.object({
      id: z.string(),
      message: z.string(),
      accountId: AccountIdSchema.optional(),
      unmatched: z.string().optional(),
    }),
  ),
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
    .array(
      z.object({
        accountId: AccountIdSchema,
        name: z.string(),
        result: HalfSwapResultSchema,
        /** Present once a fresh read found a later change over my landed side: true when the cover is gone from all
         *  of it (replaced), false when it still holds part of it (changed). Said once, no call to act. (A boolean,
         *  not an enum: the popover's first load had no bytes to spare.) */
        replaced: z.boolean().optional(),
      }),
    )
    .optional(),
  /** An I'm away hand-off left half done (some blocks not handed off, Retry has work or a write may still land): its
   *  one problem line on the glance, its fix I'm away (core/handoff/half-handoff.ts). */
  halfHandoff: z.string().optional(),
  /** "Asks you" as main words it (core/state/asks-words.ts): the popover's heading, the count its Coverage button's
   *  title gives, the button's badge ("6*"; absent: none). Absent only in a state not yet worded. */
  asksYou: z.object({ heading: z.string(), count: z.string(), badge: z.string().optional() }).optional(),
  /** A newer release, from the daily update check (main process; never in demo): its version and release page. */
  update: z.object({ version: z.string(), url: z.string() }).optional(),
});
export type AppState = z.infer<typeof AppStateSchema>;

/** What one account's state is derived from about its key: whether there is one and where it lives (required). */
export type AccountSetup = AppState['setup'] & { keyStorage: AccountView['keyStorage'] };
