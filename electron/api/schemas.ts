// Resource schemas of the on-call service (spec section 2) and request inputs (sections 4 and 8).
// Responses are parsed with these once at the HTTP edge; unknown extra fields are tolerated
// (zod objects strip them). Only what the app reads is required: the spec does not say which fields may be
// absent or null, so a field the app never uses must not make a whole schedule unreadable.
import { isKnownZone } from '../shared/wall-clock';
import { z } from 'zod';
import { COUNT_LIMITS, FIELD_LIMITS } from '../shared/limits';

/** An ISO 8601 instant as the service sends it. Offsets are accepted on input; we normalise to UTC. */
export const InstantSchema = z.iso.datetime({ offset: true });

/** Limits of spec section 8 (the text ones declared in shared/limits.ts), for client validation and the simulator. */
export const LIMITS = {
  perPageMin: 1,
  perPageMax: 100,
  perPageDefault: 20,
  pageMin: 1,
  userReferencesMin: 1,
  userReferencesMax: COUNT_LIMITS.coveringPeople,
  nameMax: FIELD_LIMITS.name,
  handleMax: FIELD_LIMITS.handle,
  chatGroupDescriptionMax: FIELD_LIMITS.chatGroupDescription,
  teamDescriptionMax: FIELD_LIMITS.teamDescription,
} as const;

/** A field the app shows or keeps but never relies on: absent, null and a string are all fine. */
const Unrelied = z.string().nullish();

/** A free text whose absence reads as empty (a team's description, a coverage request's reason). */
const TextOrEmpty = Unrelied.transform((text) => text ?? '');

/** A zone name, or null when it is absent, not a string, or not an IANA zone: shown as "zone unknown", never raw. */
export const ZoneSchema = z
  .unknown()
  .optional()
  .transform((zone) => (typeof zone === 'string' && isKnownZone(zone) ? zone : null));

// id, name and email identify a person (the app matches you by e-mail); the rest is never read.
export const UserSchema = z.object({
  id: z.string().startsWith('usr_'),
  name: z.string(),
  email: z.string(),
  // Where the person is, for their local hours when they might cover (an absent or unknown zone: null).
  time_zone: ZoneSchema.optional(),
  role: Unrelied,
  seat: Unrelied,
  chat_id: Unrelied,
});
export type User = z.infer<typeof UserSchema>;

export const TeamSchema = z.object({
  // Absent or null: the team is still shown (by name), but it can't be edited, since an update needs its id (4.7).
  id: z
    .string()
    .startsWith('tea_')
    .nullish()
    .transform((id) => id ?? null),
  // Shown as its id when absent.
  name: z
    .string()
    .nullish()
    .transform((name) => name ?? null),
  description: TextOrEmpty,
});
export type Team = z.infer<typeof TeamSchema>;

export const ShiftSchema = z.object({
  users: z.array(UserSchema),
  start: InstantSchema,
  end: InstantSchema,
});
export type Shift = z.infer<typeof ShiftSchema>;

export const ShiftLengthSchema = z.object({ amount: z.number().int(), unit: z.string() });
export type ShiftLength = z.infer<typeof ShiftLengthSchema>;

// The app reads nothing from layers: every field may be absent (the spec marks required fields only for users).
export const LayerSchema = z.object({
  name: Unrelied,
  rotation_start: Unrelied,
  concurrent_oncall_users: z.number().int().nullish(),
  users: z.array(z.unknown()).nullish(),
  shift_length: ShiftLengthSchema.nullish(),
  // Element shape is "not shown" in the spec: accept anything (or nothing), interpret nothing.
  restriction_intervals: z
    .array(z.unknown())
    .nullish()
    .transform((items) => items ?? []),
});
export type Layer = z.infer<typeof LayerSchema>;

// Only what a statement needs is required (the spec marks required fields only for users): a missing name shows the
// id, a missing revision means "always re-read the shifts", missing users mean "whether a request asks you is unknown".
export const ScheduleSchema = z.object({
  name: z
    .string()
    .nullish()
    .transform((name) => name ?? null),
  description: Unrelied,
  time_zone: ZoneSchema,
  // The app reads nothing from layers: absent, null or unreadable reads as none.
  layers: z
    .array(LayerSchema)
    .nullish()
    .catch(null)
    .transform((layers) => layers ?? []),
  // Compared between reads to know when shifts must be read again; null: re-read every time.
  current_revision: z
    .number()
    .int()
    .nullish()
    .transform((revision) => revision ?? null),
  current_revision_valid_from: Unrelied,
  // A schedule with nothing on call now (or nothing after) has no shift to report; only a fallback, so an
  // unreadable one is treated as absent rather than refusing the schedule.
  current_oncall_shift: ShiftSchema.nullish().catch(undefined),
  next_oncall_shift: ShiftSchema.nullish().catch(undefined),
  // Needed to tell whether a coverage request asks you (null: unknown); teams feed the team form only.
  users: z
    .array(UserSchema)
    .nullish()
    .transform((users) => users ?? null),
  teams: z
    .array(TeamSchema)
    .nullish()
    .transform((teams) => teams ?? []),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const OverrideSchema = z.object({
  id: z.string().startsWith('ovr_'),
  start: InstantSchema,
  end: InstantSchema,
  users: z.array(UserSchema),
});
export type Override = z.infer<typeof OverrideSchema>;

export const ScheduleReferenceSchema = z.object({ id: z.string().startsWith('sch_'), name: z.string() });
export type ScheduleReference = z.infer<typeof ScheduleReferenceSchema>;

export const CoveredShiftSchema = z.object({
  start: InstantSchema,
  end: InstantSchema,
  schedule_reference: ScheduleReferenceSchema,
});
export type CoveredShift = z.infer<typeof CoveredShiftSchema>;

/** Ends after it starts: a request with a shift that does not can't be read (it is counted, never shown backwards). */
const hasLength = (s: { start: string; end: string }): boolean => Date.parse(s.end) > Date.parse(s.start);

export const CoverageRequestSchema = z.object({
  id: z.string().startsWith('cov_'),
  user: UserSchema,
  reason: TextOrEmpty,
  // Only `pending` requests ask anything, so the status must be known.
  status: z.string(),
  shifts: z.array(CoveredShiftSchema.refine(hasLength, { message: 'ends before it starts' })),
});
export type CoverageRequest = z.infer<typeof CoverageRequestSchema>;

/** A pending request that couldn't be read: what could be read of it, and why. */
export interface UnreadableRequest {
  id: string | null;
  requester: string | null;
  why: string;
}

/** "its user is missing or unreadable", "its shifts.0 ends before it starts": the first problem, where it is. */
function whyUnreadable(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it is unreadable';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'it';
  return issue.message === 'ends before it starts' ? `${where} ${issue.message}` : `${where} is missing or unreadable`;
}

const RequestHintsSchema = z.object({
  id: z.string().catch('').optional(),
  status: z.string().catch('').optional(),
  user: z.object({ name: z.string() }).optional().catch(undefined),
});

/** One list element: readable, or unreadable (null when it is known not to be pending, so it asks nothing). */
export type CoverageEntry = { ok: true; request: CoverageRequest } | { ok: false; issue: UnreadableRequest | null };

export const CoverageEntrySchema = z.unknown().transform((raw): CoverageEntry => {
  const parsed = CoverageRequestSchema.safeParse(raw);
  if (parsed.success) return { ok: true, request: parsed.data };
  const hints = RequestHintsSchema.safeParse(raw);
  const h = hints.success ? hints.data : {};
  if (h.status && h.status !== 'pending') return { ok: false, issue: null };
  return { ok: false, issue: { id: h.id || null, requester: h.user?.name ?? null, why: whyUnreadable(parsed.error) } };
});

/** Every request of the list: the readable ones, and the pending ones that couldn't be read. */
export interface CoverageList {
  requests: CoverageRequest[];
  unreadable: UnreadableRequest[];
}

export const ChatUserGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  handle: z.string(),
  // "Whether it is returned: not shown" (spec 2.8); null is read as absent.
  description: Unrelied.transform((text) => text ?? undefined).optional(),
});
export type ChatUserGroup = z.infer<typeof ChatUserGroupSchema>;

export const PaginationMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type PaginationMeta = z.infer<typeof PaginationMetaSchema>;

// Response envelopes (section 4).
export const ScheduleEnvelopeSchema = z.object({ schedule: ScheduleSchema });
/** One shift of a list: readable, or not (with whatever instants could be read, to place the hole it leaves). */
export type ShiftEntry = { ok: true; shift: Shift } | { ok: false; start: string | null; end: string | null };

const ShiftTimesSchema = z.object({
  start: InstantSchema.nullish().catch(null),
  end: InstantSchema.nullish().catch(null),
});

export const ShiftEntrySchema = z.unknown().transform((raw): ShiftEntry => {
  const parsed = ShiftSchema.safeParse(raw);
  if (parsed.success) return { ok: true, shift: parsed.data };
  const times = ShiftTimesSchema.safeParse(raw);
  return {
    ok: false,
    start: times.success ? (times.data.start ?? null) : null,
    end: times.success ? (times.data.end ?? null) : null,
  };
});

/** The shifts of a window, and the spans in it where the service sent shifts that couldn't be read. */
export interface ShiftList {
  shifts: Shift[];
  holes: { from: string; to: string }[];
}

export const ShiftsPageSchema = z.object({ shifts: z.array(ShiftEntrySchema), meta: PaginationMetaSchema });
export type ShiftsPage = z.infer<typeof ShiftsPageSchema>;
export const OverrideEnvelopeSchema = z.object({ override: OverrideSchema });
export const CoverageRequestsPageSchema = z.object({
  coverage_requests: z.array(CoverageEntrySchema),
  meta: PaginationMetaSchema,
});
export type CoverageRequestsPage = z.infer<typeof CoverageRequestsPageSchema>;
export const ChatUserGroupEnvelopeSchema = z.object({ user_group: ChatUserGroupSchema });
export const TeamEnvelopeSchema = z.object({ team: TeamSchema });

// ---- Request inputs, validated before anything is sent (section 8). ----

/** A UTC instant on the wire: ISO 8601 with a `Z`. */
export const UtcInstantSchema = z.iso.datetime({ message: 'must be an ISO 8601 UTC date-time (…Z)' });

const PageParamsShape = {
  per_page: z.number().int().min(LIMITS.perPageMin).max(LIMITS.perPageMax, 'must be between 1 and 100').optional(),
  page: z.number().int().min(LIMITS.pageMin, 'must be at least 1').optional(),
};

export const PageParamsSchema = z.object(PageParamsShape);
export type PageParams = z.infer<typeof PageParamsSchema>;

export const ListShiftsParamsSchema = z
  .object({
    from: UtcInstantSchema,
    to: UtcInstantSchema,
    clip_to_interval: z.boolean().optional(),
    ...PageParamsShape,
  })
  // Written as "not (from >= to)" so an unreadable instant (NaN) is reported once, on its own field.
  .refine((p) => !(Date.parse(p.from) >= Date.parse(p.to)), { message: 'must be after from', path: ['to'] });
export type ListShiftsParams = z.infer<typeof ListShiftsParamsSchema>;

export const UserReferenceSchema = z.object({
  type: z.literal('email'),
  value: z.email({ message: 'must be an e-mail address' }),
});
export type UserReference = z.infer<typeof UserReferenceSchema>;

export const CreateOverrideInputSchema = z
  .object({
    start: UtcInstantSchema,
    end: UtcInstantSchema,
    user_references: z
      .array(UserReferenceSchema)
      .min(LIMITS.userReferencesMin, 'must list at least 1 person')
      .max(LIMITS.userReferencesMax, `must list at most ${LIMITS.userReferencesMax} people`),
  })
  .refine((o) => !(Date.parse(o.start) >= Date.parse(o.end)), { message: 'must be after start', path: ['end'] });
export type CreateOverrideInput = z.infer<typeof CreateOverrideInputSchema>;

export const ChatUserGroupInputSchema = z.object({
  name: z.string().min(1, 'must not be empty').max(LIMITS.nameMax, `must be at most ${LIMITS.nameMax} characters`),
  handle: z
    .string()
    .min(1, 'must not be empty')
    .max(LIMITS.handleMax, `must be at most ${LIMITS.handleMax} characters`),
  description: z
    .string()
    .max(LIMITS.chatGroupDescriptionMax, `must be at most ${LIMITS.chatGroupDescriptionMax} characters`)
    .optional(),
});
export type ChatUserGroupInput = z.infer<typeof ChatUserGroupInputSchema>;

export const UpdateTeamInputSchema = z.object({
  name: z
    .string()
    .min(1, 'must not be empty')
    .max(LIMITS.nameMax, `must be at most ${LIMITS.nameMax} characters`)
    .optional(),
  description: z
    .string()
    .max(LIMITS.teamDescriptionMax, `must be at most ${LIMITS.teamDescriptionMax} characters`)
    .optional(),
});
export type UpdateTeamInput = z.infer<typeof UpdateTeamInputSchema>;

/** Ids of path parameters: non-empty, and safe to place in a path segment. */
export const ScheduleIdSchema = z.string().regex(/^sch_[A-Za-z0-9_-]+$/, 'must look like sch_…');
export const OverrideIdSchema = z.string().regex(/^ovr_[A-Za-z0-9_-]+$/, 'must look like ovr_…');
export const TeamIdSchema = z.string().regex(/^tea_[A-Za-z0-9_-]+$/, 'must look like tea_…');
