// The snapshot: everything sync has learned from the service, kept as received (last good data per schedule,
// plus how each fetch went). Persisted as the offline cache; derived state is a pure function of it.
import { z } from 'zod';
import { WriteAnswerSchema } from '../../shared/write-answer';
import { ChatUserGroupSchema, CoverageRequestSchema, ScheduleSchema, ShiftSchema } from '../../api/schemas';

export const SNAPSHOT_VERSION = 1;

const Iso = z.string();

export const KeptShiftsSchema = z.object({ from: Iso, to: Iso, readAt: Iso, shifts: z.array(ShiftSchema) });
export type KeptShifts = z.infer<typeof KeptShiftsSchema>;

export const FetchProblemSchema = z.object({
  /** An ApiError kind (network, timeout, rate_limited, server, bad_response, not_found, …). */
  kind: z.string(),
  message: z.string(),
  at: Iso,
  /** For a network problem, what the OS said: connection refused, name not found, TLS failed (absent: unknown). */
  reach: z.enum(['refused', 'dns', 'tls']).optional(),
  /** The service's own words with a refusal its message does not carry (bounded and cleaned at the API edge), so a
   *  write that refuses on this read says them (actions/unread-words.ts). */
  said: z.string().optional(),
  /** A 429's Retry-After as the instant it ends (never a relative wait, which would be said unchanged later on). */
  askedUntilMs: z.number().optional(),
});
export type FetchProblem = z.infer<typeof FetchProblemSchema>;

export const ScheduleSnapshotSchema = z.object({
  id: z.string(),
  /** Last good details (name, zone, users, teams, current/next); null until first fetched. */
  details: ScheduleSchema.nullable(),
  detailsFetchedAt: Iso.nullable(),
  /** Last good shifts over the horizon [shiftsFrom, shiftsTo). */
  shifts: z.array(ShiftSchema),
  shiftsFrom: Iso.nullable(),
  shiftsTo: Iso.nullable(),
  /** When the shifts were last known to hold: read, or (unchanged revision) confirmed by a probe of the schedule. */
  shiftsFetchedAt: Iso.nullable(),
  /** When the shifts were last actually read. A probe confirms only what it shows (now, the next shift): the
   * service never promises its revision moves with an override, so the days beyond are as of this read. Absent in
   * caches written before it (then shiftsFetchedAt stands in). */
  shiftsReadAt: Iso.optional(),
  /** Spans inside [shiftsFrom, shiftsTo) where the service sent shifts that couldn't be read: unknown time. */
  shiftHoles: z.array(z.object({ from: Iso, to: Iso })).default([]),
  /** What earlier reads held over time the latest read left unknown (a hole in it, or beyond its range), each span
   * with the shifts read there and when: the last read that covered that time, so a hole is never taken for a
   * removal. Only spans not over yet are kept. Absent in caches written before it. */
  shiftsKept: z.array(KeptShiftsSchema).optional(),
  /** The most recent failure, cleared by the next success. */
  problem: FetchProblemSchema.nullable(),
  /** The service answered 404 (since `problem.at`). The data above is kept and shown as saved data; reminders skip it. */
  notFound: z.boolean(),
});
export type ScheduleSnapshot = z.infer<typeof ScheduleSnapshotSchema>;

export const CreatedOverrideSchema = z.object({
  /** '' when the answer was lost but the schedule showed a take-over in place: it is kept for "Hand back". */
  id: z.string(),
  scheduleId: z.string(),
  start: Iso,
  end: Iso,
  createdAt: Iso,
  /** Set by "Take over now" / "Hand back"; absent on quick overrides and in caches written before them. */
  kind: z.enum(['take-over', 'hand-back']).optional(),
  /** Whom a take-over replaced (who "Hand back" restores), as the schedule showed them. */
  replaced: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })).optional(),
  /** Who a take-over kept on call with me (e-mails): what its hand back expects the schedule to still hold. */
  kept: z.array(z.string()).optional(),
  /** Until when the schedule showed me off call after a take-over's end, when it was made: its hand back reads that
   *  far, so a block of mine that grew past it since is a change, said (plan-block.ts). */
  offUntil: Iso.optional(),
  /** When this take-over was handed back from this app: "Hand back" is no longer offered for it. */
  handedBackAt: Iso.optional(),
  /** Read back from a file and not yet read on the service (issue 52): the file is a claim, so until a read by id
   *  shows it (same window, me on it) it is neither offered as "Hand back" nor explains a change away. Every record
   *  loaded is marked so, whatever the file says. */
  unconfirmed: z.literal(true).optional(),
  /** Its outcome was unknown when settled (a 5xx or a lost answer, not shown when checked): the service may apply
   *  it later, so a change over its window is mine whenever a read shows it, not only up to `createdAt`. */
  mayLand: z.literal(true).optional(),
  /** Its answer told no id, and the schedule showed it in place when it was checked ("It was saved after all"): a
   *  later press says it is in place, not that its answer "never came" (adv48 r17 #2, side observation). */
  shown: z.literal(true).optional(),
  /** Its outcome was unknown after the service answered it with an error (a 5xx), not after no answer at all: a press
   *  again never says its answer "never came" (adv48 r17, side observation). */
  erred: z.literal(true).optional(),
  /** What became of its answer (none came, an error, unreadable): every later word about it says so (adv48 r34). */
  answer: WriteAnswerSchema.optional(),
  /** Who the write puts on call (lower-cased e-mails): a may-land claim read back from a file is confirmed by the
   *  schedule showing these people over its whole window (sync/own-overrides.ts; adv48 r16 #1). */
  covering: z.array(z.string().max(320)).max(20).optional(),
  /** A may-land write the schedule showed after its settle (sync/late-own.ts): no longer watched, said once. */
  lateSeen: z.literal(true).optional(),
  /** A may-land take-over the user asked to hand back while it might still land: its landing is told even over no
   *  later choice, since the user asked to be off call (sync/late-own.ts; adv48 r44 #4). */
  handBackAsked: Iso.optional(),
});
export type CreatedOverride = z.infer<typeof CreatedOverrideSchema>;

export const SnapshotSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  schedules: z.array(ScheduleSnapshotSchema),
  coverageRequests: z.array(CoverageRequestSchema),
  coverageFetchedAt: Iso.nullable(),
  coverageProblem: FetchProblemSchema.nullable(),
  /** Requests in the last good list that couldn't be read (kept apart, so one never hides the others). */
  coverageIssues: z
    .array(z.object({ id: z.string().nullable(), requester: z.string().nullable(), why: z.string() }))
    .default([]),
  /** Set by a 401; syncing pauses until a new key is stored. */
  keyRejected: z.boolean(),
  /** Overrides this app created (the service has no list endpoint), so they can be fetched back. */
  createdOverrides: z.array(CreatedOverrideSchema),
  /** Writes of mine not shown when checked after a 5xx or a lost answer ("can't confirm yet"; their doubt is kept
   *  and checked): the service may apply one long after, and a read that shows it then shows my own hand-off, not
   *  someone's change (adv47 r16 #4). Read back from a file as claims (cache-claims.ts unconfirmedOwn): one explains a change only once a read
   *  shows its window (sync/own-overrides.ts; adv48 r16 #1). */
  mayLand: z.array(CreatedOverrideSchema).optional(),
  /** The coverage list above was read back from a file, not from the service since start (issue 52): shown as saved
   *  data, never announced as new. Set on every load whatever the file says; a fresh read clears it. */
  coverageSaved: z.literal(true).optional(),
  /** Chat user groups attached from this app, per schedule id (the service has no read endpoint). */
  chatGroups: z.record(z.string(), ChatUserGroupSchema),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

export function emptySnapshot(): Snapshot {
  return {
    version: SNAPSHOT_VERSION,
    schedules: [],
    coverageRequests: [],
    coverageFetchedAt: null,
    coverageProblem: null,
    coverageIssues: [],
    keyRejected: false,
    createdOverrides: [],
    chatGroups: {},
  };
}
