// The seed format (normative in issue 2), validated with zod. Times are resolved against the simulator
// clock at load; every problem is reported with the JSON path where it was found.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { err, ok, type Result } from '../api/errors';
import { checkSeedReferences } from './seed-refs';
import { resolveSeedTime } from './time';

export type SeedProblem = { path: string; message: string };
export type SeedError = { kind: 'seed'; message: string; problems: SeedProblem[] };

export const SHIFT_UNITS = ['minutes', 'hours', 'days', 'weeks'] as const;

function seedTime(nowMs: number) {
  return z.string().transform((text, ctx) => {
    const resolved = resolveSeedTime(text, nowMs);
    if (resolved.ok) return resolved.ms;
    ctx.addIssue({ code: 'custom', message: resolved.message, input: text });
    return z.NEVER;
  });
}

const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[A-Za-z0-9_-]+$`), `must look like ${prefix}…`);

export const SeedUserSchema = z.strictObject({
  id: id('usr_'),
  name: z.string().min(1),
  email: z.email(),
  time_zone: z.string().optional(),
  role: z.string().min(1),
  seat: z.string().min(1),
  chat_id: z.string(),
});
export type SeedUser = z.infer<typeof SeedUserSchema>;

export const SeedTeamSchema = z.strictObject({
  id: id('tea_'),
  name: z.string().min(1).max(60),
  description: z.string().max(200).default(''),
});

function makeSeedSchema(nowMs: number) {
  const time = seedTime(nowMs);
  const layer = z.strictObject({
    name: z.string(),
    rotation_start: time,
    concurrent_oncall_users: z.number().int().min(1).default(1),
    user_ids: z.array(z.string()).min(1),
    shift_length: z.strictObject({ amount: z.number().int().min(1), unit: z.enum(SHIFT_UNITS) }),
    restriction_intervals: z.array(z.unknown()).default([]),
  });
  const endAfterStart = [
    (w: { start: number; end: number }) => w.end > w.start,
    { message: 'must be after start', path: ['end'] },
  ] satisfies [unknown, { message: string; path: string[] }];
  const override = z
    .strictObject({ id: id('ovr_'), start: time, end: time, user_ids: z.array(z.string()).min(1).max(4) })
    .refine(...endAfterStart);
  const schedule = z.strictObject({
    id: id('sch_'),
    name: z.string().min(1),
    description: z.string().default(''),
    time_zone: z.string(),
    team_ids: z.array(z.string()).default([]),
    layers: z.array(layer).min(1),
    overrides: z.array(override).default([]),
  });
  const coveredShift = z.strictObject({ start: time, end: time, schedule_id: z.string() }).refine(...endAfterStart);
  const coverageRequest = z.strictObject({
    id: id('cov_'),
    user_id: z.string(),
    reason: z.string(),
    status: z.string().default('pending'),
    shifts: z.array(coveredShift).min(1),
  });
  return z
    .strictObject({
      api_keys: z.array(z.strictObject({ key: z.string().min(8), user_id: z.string() })).min(1),
      users: z.array(SeedUserSchema).min(1),
      teams: z.array(SeedTeamSchema).default([]),
      schedules: z.array(schedule).default([]),
      coverage_requests: z.array(coverageRequest).default([]),
    })
    .superRefine(checkSeedReferences);
}

/** A loaded seed: every time is epoch milliseconds. */
export type Seed = z.output<ReturnType<typeof makeSeedSchema>>;
export type SeedSchedule = Seed['schedules'][number];
export type SeedLayer = SeedSchedule['layers'][number];
export type SeedOverride = SeedSchedule['overrides'][number];
export type SeedCoverageRequest = Seed['coverage_requests'][number];

/** `schedules[0].layers[1].shift_length.unit` */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
  return out || '(root)';
}

export function parseSeed(json: unknown, nowMs: number): Result<Seed, SeedError> {
  const parsed = makeSeedSchema(nowMs).safeParse(json);
  if (parsed.success) return ok(parsed.data);
  const problems = parsed.error.issues.map((i) => ({ path: formatJsonPath(i.path), message: i.message }));
  const message = 'Invalid seed: ' + problems.map((p) => `${p.path}: ${p.message}`).join('; ');
  return err({ kind: 'seed', message, problems });
}

export function parseSeedText(text: string, nowMs: number): Result<Seed, SeedError> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    return err({
      kind: 'seed',
      message: `Invalid seed: not JSON (${detail})`,
      problems: [{ path: '(root)', message: detail }],
    });
  }
  return parseSeed(json, nowMs);
}

export async function loadSeedFile(path: string, nowMs: number = Date.now()): Promise<Result<Seed, SeedError>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    return err({
      kind: 'seed',
      message: `Cannot read seed file: ${detail}`,
      problems: [{ path: '(file)', message: detail }],
    });
  }
  return parseSeedText(text, nowMs);
}
