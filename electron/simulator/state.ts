// The simulator's mutable world, built from a loaded seed. Route handlers read and change it; tests reach in
// through the few methods below (delete a schedule, revoke a key) to stage situations the API cannot.
import { randomBytes } from 'node:crypto';
import type { RotationLayer, RotationOverride, RotationSchedule } from './rotation';
import type { Seed, SeedUser } from './seed';

export type UserState = SeedUser;
export type TeamState = { id: string; name: string; description: string };
export type ChatUserGroupState = { id: string; name: string; handle: string; description?: string };
export type LayerState = RotationLayer & { name: string; restrictionIntervals: unknown[] };
export type OverrideState = RotationOverride & { id: string };

export interface ScheduleState extends RotationSchedule {
  id: string;
  name: string;
  description: string;
  teamIds: string[];
  layers: LayerState[];
  overrides: OverrideState[];
  revision: number;
  revisionValidFromMs: number;
  chatUserGroup: ChatUserGroupState | null;
}

export interface CoverageState {
  id: string;
  userId: string;
  reason: string;
  status: string;
  /** The schedule name is kept so a request still renders after its schedule is deleted. */
  shifts: { startMs: number; endMs: number; scheduleId: string; scheduleName: string }[];
}

export interface SimulatorState {
  users: Map<string, UserState>;
  teams: Map<string, TeamState>;
  schedules: Map<string, ScheduleState>;
  coverageRequests: CoverageState[];
  userForKey(key: string): UserState | undefined;
  userByEmail(email: string): UserState | undefined;
  /** Users of a schedule: its layers' users, then its overrides' users, each once. */
  scheduleUserIds(schedule: ScheduleState): string[];
  addOverride(scheduleId: string, window: RotationOverride, nowMs: number): OverrideState | undefined;
  deleteSchedule(scheduleId: string): boolean;
  revokeKey(key: string): boolean;
  addKey(key: string, userId: string): boolean;
}

export const opaqueToken = (bytes = 8) => randomBytes(bytes).toString('hex');

/** `revisionMoves: false` plays a service whose `current_revision` never moves (the spec doesn't promise it does). */
export function createState(seed: Seed, loadedAtMs: number, options: { revisionMoves?: boolean } = {}): SimulatorState {
  const users = new Map(seed.users.map((u) => [u.id, u]));
  const keys = new Map(seed.api_keys.map((k) => [k.key, k.user_id]));
  const schedules = new Map(seed.schedules.map((s) => [s.id, scheduleFromSeed(s, loadedAtMs)]));
  const coverageRequests = seed.coverage_requests.map((c): CoverageState => ({
    id: c.id,
    userId: c.user_id,
    reason: c.reason,
    status: c.status,
    shifts: c.shifts.map((s) => ({
      startMs: s.start,
      endMs: s.end,
      scheduleId: s.schedule_id,
      scheduleName: schedules.get(s.schedule_id)?.name ?? s.schedule_id,
    })),
  }));
  return {
    users,
    teams: new Map(seed.teams.map((t) => [t.id, { ...t }])),
    schedules,
    coverageRequests,
    userForKey: (key) => {
      const userId = keys.get(key);
      return userId === undefined ? undefined : users.get(userId);
    },
    // An e-mail reference names whoever holds that address now: a test (or the service) may move a user's e-mail.
    userByEmail: (email) => [...users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase()),
    scheduleUserIds: (schedule) => [
      ...new Set([...schedule.layers.flatMap((l) => l.userIds), ...schedule.overrides.flatMap((o) => o.userIds)]),
    ],
    addOverride: (scheduleId, window, nowMs) => {
      const schedule = schedules.get(scheduleId);
      if (!schedule) return undefined;
      const override: OverrideState = { id: `ovr_${opaqueToken()}`, ...window };
      schedule.overrides.push(override);
      if (options.revisionMoves !== false) {
        schedule.revision += 1;
        schedule.revisionValidFromMs = nowMs;
      }
      return override;
    },
    deleteSchedule: (scheduleId) => schedules.delete(scheduleId),
    revokeKey: (key) => keys.delete(key),
    addKey: (key, userId) => users.has(userId) && (keys.set(key, userId), true),
  };
}

function scheduleFromSeed(s: Seed['schedules'][number], loadedAtMs: number): ScheduleState {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    timeZone: s.time_zone,
    teamIds: s.team_ids,
    layers: s.layers.map((l) => ({
      name: l.name,
      rotationStartMs: l.rotation_start,
      shiftLength: l.shift_length,
      concurrentUsers: l.concurrent_oncall_users,
      userIds: l.user_ids,
      restrictionIntervals: l.restriction_intervals,
    })),
    overrides: s.overrides.map((o) => ({ id: o.id, startMs: o.start, endMs: o.end, userIds: o.user_ids })),
    revision: 1,
    revisionValidFromMs: loadedAtMs,
    chatUserGroup: null,
  };
}
