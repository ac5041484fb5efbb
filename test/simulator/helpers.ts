// Shared fixtures for simulator tests: a small seed, and fetch helpers that speak to a real loopback server.
import { z } from 'zod';
import {
  CoverageRequestSchema,
  LayerSchema,
  PaginationMetaSchema,
  ScheduleSchema,
  ShiftLengthSchema,
  ShiftSchema,
  UserSchema,
} from '../../electron/api/schemas';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';

// The simulator serves every field the spec shows, so its answers are checked against the app's schemas with
// nothing left out (the app itself reads them tolerantly: see electron/api/schemas.ts).
export const ShiftsPageStrictSchema = z.object({ shifts: z.array(ShiftSchema), meta: PaginationMetaSchema });
export const CoverageRequestsPageStrictSchema = z.object({
  coverage_requests: z.array(CoverageRequestSchema),
  meta: PaginationMetaSchema,
});
const LayerStrictSchema = LayerSchema.extend({
  name: z.string(),
  rotation_start: z.string(),
  concurrent_oncall_users: z.number().int(),
  users: z.array(UserSchema),
  shift_length: ShiftLengthSchema,
});
export const ScheduleStrictSchema = ScheduleSchema.extend({
  name: z.string(),
  current_revision: z.number().int(),
  users: z.array(UserSchema),
  layers: z.array(LayerStrictSchema),
});
export const ScheduleEnvelopeStrictSchema = z.object({ schedule: ScheduleStrictSchema });

export const KEY = 'ocs_test_alice';
export const BOB_KEY = 'ocs_test_bob_1';
export const NOW = '2026-03-04T12:00:00Z';

type SeedUserInput = {
  id: string;
  name: string;
  email: string;
  time_zone?: string;
  role: string;
  seat: string;
  chat_id: string;
};
const user = (id: string, name: string, extra: Partial<SeedUserInput> = {}): SeedUserInput => ({
  id: `usr_${id}`,
  name,
  email: `${id}@example.com`,
  role: 'standard',
  seat: 'member',
  chat_id: `U_${id}`,
  ...extra,
});

/** Alice, Bob, Carol, Dave (no time zone); one team; one weekly Berlin schedule starting Monday 2026-03-02 09:00. */
export function baseSeed() {
  return {
    api_keys: [
      { key: KEY, user_id: 'usr_alice' },
      { key: BOB_KEY, user_id: 'usr_bob' },
    ],
    users: [
      user('alice', 'Alice Doe', { time_zone: 'Europe/Berlin', role: 'owner' }),
      user('bob', 'Bob Stone', { time_zone: 'Europe/Berlin' }),
      user('carol', 'Carol Lee', { time_zone: 'America/New_York' }),
      user('dave', 'Dave Kim'),
    ],
    teams: [{ id: 'tea_platform', name: 'Platform', description: 'Core platform' }],
    schedules: [
      {
        id: 'sch_primary',
        name: 'Platform primary',
        description: 'First line',
        time_zone: 'Europe/Berlin',
        team_ids: ['tea_platform'],
        layers: [
          {
            name: 'Weekly',
            rotation_start: '2026-03-02T08:00:00Z',
            concurrent_oncall_users: 1,
            user_ids: ['usr_alice', 'usr_bob'],
            shift_length: { amount: 1, unit: 'weeks' },
            restriction_intervals: [],
          },
        ],
        overrides: [] as { id: string; start: string; end: string; user_ids: string[] }[],
      },
    ],
    coverage_requests: [] as unknown[],
  };
}

export type Fetched = { status: number; headers: Headers; json: unknown };

export async function call(
  sim: RunningSimulator,
  method: string,
  path: string,
  options: { key?: string | null; body?: unknown } = {},
): Promise<Fetched> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? sim.apiKey : options.key;
  if (key !== null) headers['x-api-key'] = key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(sim.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // left as text: some tests look at non-JSON bodies
  }
  return { status: res.status, headers: res.headers, json };
}

export const get = (sim: RunningSimulator, path: string, key?: string | null) => call(sim, 'GET', path, { key });

/** Starts a simulator for each test of a file and closes it afterwards. */
export async function withSimulator(
  seed: unknown,
  run: (sim: RunningSimulator) => Promise<void>,
  now: string | (() => number) = NOW,
): Promise<void> {
  const sim = await startSimulator({ seed: seed ?? baseSeed(), now });
  try {
    await run(sim);
  } finally {
    await sim.close();
  }
}

export function errorFields(json: unknown): string[] {
  if (typeof json !== 'object' || json === null || !('errors' in json) || !Array.isArray(json.errors)) return [];
  return json.errors.map((e: unknown) => (typeof e === 'object' && e !== null && 'field' in e ? String(e.field) : '?'));
}
