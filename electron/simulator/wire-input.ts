// Validation of what clients send (query strings and JSON bodies), with the limits of spec section 8.
// Problems are reported per field, in the 422 body shape documented in docs/simulator.md.
import { z } from 'zod';
import { LIMITS } from '../api/schemas';
import { parseIsoInstant, parseUtcInstant, YEAR_MS } from './time';

export type FieldError = { field: string; message: string };
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const PER_PAGE_MESSAGE = `must be between ${LIMITS.perPageMin} and ${LIMITS.perPageMax}`;
const PAGE_MESSAGE = `must be at least ${LIMITS.pageMin}`;

function wholeNumber(raw: string | null, fallback: number, min: number, max: number): number | undefined {
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw.trim())) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}

export type PageQuery = { perPage: number; page: number };

export function checkPageQuery(query: URLSearchParams, errors: FieldError[]): PageQuery {
  const perPage = wholeNumber(query.get('per_page'), LIMITS.perPageDefault, LIMITS.perPageMin, LIMITS.perPageMax);
  const page = wholeNumber(query.get('page'), 1, LIMITS.pageMin, Number.MAX_SAFE_INTEGER);
  if (perPage === undefined) errors.push({ field: 'per_page', message: PER_PAGE_MESSAGE });
  if (page === undefined) errors.push({ field: 'page', message: PAGE_MESSAGE });
  return { perPage: perPage ?? LIMITS.perPageDefault, page: page ?? 1 };
}

export type ShiftsQuery = PageQuery & { fromMs: number; toMs: number; clip: boolean };

export function checkShiftsQuery(query: URLSearchParams): Checked<ShiftsQuery> {
  const errors: FieldError[] = [];
  const instant = (field: 'from' | 'to') => {
    const raw = query.get(field);
    const ms = raw === null ? undefined : parseIsoInstant(raw);
    if (ms === undefined) {
      errors.push({ field, message: raw === null ? 'is required' : 'must be an ISO 8601 date-time' });
    }
    return ms;
  };
  const fromMs = instant('from');
  const toMs = instant('to');
  if (fromMs !== undefined && toMs !== undefined) {
    if (toMs <= fromMs) errors.push({ field: 'to', message: 'must be after from' });
    else if (toMs - fromMs > YEAR_MS) errors.push({ field: 'to', message: 'must be at most 366 days after from' });
  }
  const clipRaw = query.get('clip_to_interval');
  if (clipRaw !== null && clipRaw !== 'true' && clipRaw !== 'false') {
    errors.push({ field: 'clip_to_interval', message: 'must be true or false' });
  }
  const paging = checkPageQuery(query, errors);
  if (errors.length > 0 || fromMs === undefined || toMs === undefined) return { ok: false, errors };
  return { ok: true, value: { ...paging, fromMs, toMs, clip: clipRaw === 'true' } };
}

const utcInstant = z.string().refine((s) => parseUtcInstant(s) !== undefined, 'must be an ISO 8601 UTC date-time (…Z)');
const text = (min: number, max: number) =>
  z.string().min(min, 'must not be empty').max(max, `must be at most ${max} characters`);

const CreateOverrideBodySchema = z
  .object({
    start: utcInstant,
    end: utcInstant,
    user_references: z
      .array(
        z.object({
          type: z.literal('email', 'unsupported type (only "email")'),
          value: z.email('must be an e-mail address'),
        }),
      )
      .min(LIMITS.userReferencesMin, 'must have 1 to 4 elements')
      .max(LIMITS.userReferencesMax, 'must have 1 to 4 elements'),
  })
  .refine((b) => Date.parse(b.start) < Date.parse(b.end), { message: 'must be after start', path: ['end'] });

const ChatUserGroupBodySchema = z.object({
  name: text(1, LIMITS.nameMax),
  handle: text(1, LIMITS.handleMax),
  description: text(0, LIMITS.chatGroupDescriptionMax).optional(),
});

const UpdateTeamBodySchema = z.object({
  name: text(1, LIMITS.nameMax).optional(),
  description: text(0, LIMITS.teamDescriptionMax).optional(),
});

function check<T>(schema: z.ZodType<T>, body: unknown): Checked<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors = parsed.error.issues.map((i) => ({
    field: i.path.map(String).join('.') || 'body',
    message: i.message,
  }));
  return { ok: false, errors };
}

export const checkCreateOverride = (body: unknown) => check(CreateOverrideBodySchema, body);
export const checkChatUserGroup = (body: unknown) => check(ChatUserGroupBodySchema, body);
export const checkUpdateTeam = (body: unknown) => check(UpdateTeamBodySchema, body);
