// A schedule as every surface shows it (part of the app state, view-state.ts): who is on call over its known
// timeline, how fresh that is, and what each statement over time rests on.
import { z } from 'zod';
import { TakeOverOptionsSchema } from './take-over';
import { AccountIdSchema } from './settings';

const Iso = z.string();

export const PersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof PersonSchema>;

export const ShiftViewSchema = z.object({ users: z.array(PersonSchema), start: Iso, end: Iso });
export type ShiftView = z.infer<typeof ShiftViewSchema>;

/**
 * Freshness of one source's data (a schedule, or the coverage-request list). 'loading', 'not_read' and 'error' mean
 * nothing is known yet: consumers say "unknown", never "nobody" or "none". 'not_read': no read can happen (its
 * account has no key), `reason` says why ("no API key for Acme"), never "loading". 'stale' shows saved data from
 * `since`.
 */
export const ScheduleStatusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('loading') }),
  z.object({ kind: z.literal('not_read'), reason: z.string() }),
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
  /** Where the name starts to differ from the other schedules' shown with it (core/state/name-tails.ts): the glance
   *  keeps the name from here whole and lets only the shared start before it be cut. Absent or 0: no shared start. */
  nameAt: z.number().optional(),
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
