// Cross-reference checks of a seed (ids that must exist, unique ids, valid IANA zones), each naming its path.
import { isKnownZone } from '../shared/wall-clock';
import type { z } from 'zod';

type Path = (string | number)[];
type Window = { start: number; end: number };
type Problem = (path: Path, message: string) => void;

/** The parts of a parsed seed the checks look at (structural, so it fits the schema's output). */
export interface ReferenceView {
  api_keys: { key: string; user_id: string }[];
  users: { id: string; email: string; time_zone?: string | undefined }[];
  teams: { id: string }[];
  schedules: {
    id: string;
    time_zone: string;
    team_ids: string[];
    layers: { user_ids: string[]; concurrent_oncall_users: number }[];
    overrides: (Window & { id: string; user_ids: string[] })[];
  }[];
  coverage_requests: { id: string; user_id: string; shifts: (Window & { schedule_id: string })[] }[];
}

export function checkSeedReferences(seed: ReferenceView, ctx: z.RefinementCtx): void {
  const problem = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message, input: undefined });
  const userIds = new Set(seed.users.map((u) => u.id));
  const teamIds = new Set(seed.teams.map((t) => t.id));
  const scheduleIds = new Set(seed.schedules.map((s) => s.id));
  const knownUser = (userId: string, path: Path) => {
    if (!userIds.has(userId)) problem(path, `unknown user id "${userId}"`);
  };

  unique(
    seed.users.map((u) => u.id),
    ['users'],
    'id',
    problem,
  );
  unique(
    seed.users.map((u) => u.email.toLowerCase()),
    ['users'],
    'email',
    problem,
  );
  unique(
    seed.teams.map((t) => t.id),
    ['teams'],
    'id',
    problem,
  );
  unique(
    seed.schedules.map((s) => s.id),
    ['schedules'],
    'id',
    problem,
  );
  unique(
    seed.coverage_requests.map((c) => c.id),
    ['coverage_requests'],
    'id',
    problem,
  );
  // Keys are secrets: a duplicate is reported by path only, never by value.
  unique(
    seed.api_keys.map((k) => k.key),
    ['api_keys'],
    'key',
    problem,
    false,
  );
  seed.api_keys.forEach((k, i) => knownUser(k.user_id, ['api_keys', i, 'user_id']));
  seed.users.forEach((u, i) => {
    if (u.time_zone !== undefined) validZone(u.time_zone, ['users', i, 'time_zone'], problem);
  });

  checkSchedules(seed.schedules, teamIds, knownUser, problem);

  seed.coverage_requests.forEach((c, i) => {
    knownUser(c.user_id, ['coverage_requests', i, 'user_id']);
    c.shifts.forEach((s, j) => {
      if (!scheduleIds.has(s.schedule_id)) {
        problem(['coverage_requests', i, 'shifts', j, 'schedule_id'], `unknown schedule id "${s.schedule_id}"`);
      }
    });
  });
}

function validZone(zone: string, path: Path, problem: Problem): void {
  if (!isKnownZone(zone)) problem(path, `"${zone}" is not an IANA time zone (e.g. Europe/Berlin)`);
}

function unique(values: string[], base: Path, field: string, problem: Problem, showValue = true): void {
  const seen = new Set<string>();
  values.forEach((v, i) => {
    if (seen.has(v)) problem([...base, i, field], showValue ? `duplicate ${field} "${v}"` : `duplicate ${field}`);
    seen.add(v);
  });
}

function checkSchedules(
  schedules: ReferenceView['schedules'],
  teamIds: Set<string>,
  knownUser: (id: string, path: Path) => void,
  problem: Problem,
): void {
  const overrideIds = new Map<string, Path>();
  schedules.forEach((s, i) => {
    validZone(s.time_zone, ['schedules', i, 'time_zone'], problem);
    s.team_ids.forEach((t, j) => {
      if (!teamIds.has(t)) problem(['schedules', i, 'team_ids', j], `unknown team id "${t}"`);
    });
    s.layers.forEach((l, j) => {
      const path: Path = ['schedules', i, 'layers', j];
      l.user_ids.forEach((u, k) => knownUser(u, [...path, 'user_ids', k]));
      if (l.concurrent_oncall_users > l.user_ids.length) {
        problem([...path, 'concurrent_oncall_users'], `must be at most the number of user_ids (${l.user_ids.length})`);
      }
    });
    s.overrides.forEach((o, j) => {
      o.user_ids.forEach((u, k) => knownUser(u, ['schedules', i, 'overrides', j, 'user_ids', k]));
      const path: Path = ['schedules', i, 'overrides', j, 'id'];
      if (overrideIds.has(o.id)) problem(path, `duplicate id "${o.id}"`);
      overrideIds.set(o.id, path);
    });
  });
}
