// Wire shapes of spec section 2, built from simulator state. Typed against the client's schemas so the
// simulator cannot drift from what the client parses.
import type { ChatUserGroup, CoverageRequest, Layer, Override, Schedule, Shift, Team, User } from '../api/schemas';
import { currentAndNext, type Segment } from './rotation';
import type {
  ChatUserGroupState,
  CoverageState,
  LayerState,
  OverrideState,
  ScheduleState,
  SimulatorState,
  TeamState,
  UserState,
} from './state';
import { formatInstant } from './time';

export function renderUser(user: UserState): User {
  const { id, name, email, time_zone, role, seat, chat_id } = user;
  return time_zone === undefined
    ? { id, name, email, role, seat, chat_id }
    : { id, name, email, time_zone, role, seat, chat_id };
}

function renderUsers(state: SimulatorState, userIds: readonly string[]): User[] {
  return userIds.flatMap((id) => {
    const user = state.users.get(id);
    return user ? [renderUser(user)] : [];
  });
}

export const renderTeam = (team: TeamState): Team => ({ id: team.id, name: team.name, description: team.description });

export function renderShift(state: SimulatorState, segment: Segment, clip?: { fromMs: number; toMs: number }): Shift {
  const startMs = clip ? Math.max(segment.startMs, clip.fromMs) : segment.startMs;
  const endMs = clip ? Math.min(segment.endMs, clip.toMs) : segment.endMs;
  return { users: renderUsers(state, segment.userIds), start: formatInstant(startMs), end: formatInstant(endMs) };
}

function renderLayer(state: SimulatorState, layer: LayerState): Layer {
  return {
    name: layer.name,
    rotation_start: formatInstant(layer.rotationStartMs),
    concurrent_oncall_users: layer.concurrentUsers,
    users: renderUsers(state, layer.userIds),
    shift_length: { amount: layer.shiftLength.amount, unit: layer.shiftLength.unit },
    restriction_intervals: layer.restrictionIntervals,
  };
}

export function renderSchedule(state: SimulatorState, schedule: ScheduleState, nowMs: number): Schedule {
  const { current, next } = currentAndNext(schedule, nowMs);
  return {
    name: schedule.name,
    description: schedule.description,
    time_zone: schedule.timeZone,
    layers: schedule.layers.map((l) => renderLayer(state, l)),
    current_revision: schedule.revision,
    current_revision_valid_from: formatInstant(schedule.revisionValidFromMs),
    current_oncall_shift: current ? renderShift(state, current) : null,
    next_oncall_shift: next ? renderShift(state, next) : null,
    users: renderUsers(state, state.scheduleUserIds(schedule)),
    teams: schedule.teamIds.flatMap((id) => {
      const team = state.teams.get(id);
      return team ? [renderTeam(team)] : [];
    }),
  };
}

export function renderOverride(state: SimulatorState, override: OverrideState): Override {
  return {
    id: override.id,
    start: formatInstant(override.startMs),
    end: formatInstant(override.endMs),
    users: renderUsers(state, override.userIds),
  };
}

export function renderCoverageRequest(state: SimulatorState, request: CoverageState): CoverageRequest {
  const requester = state.users.get(request.userId);
  return {
    id: request.id,
    // The seed checks every requester exists and users are never deleted, so the fallback is unreachable.
    user: requester
      ? renderUser(requester)
      : { id: request.userId, name: '', email: '', role: '', seat: '', chat_id: '' },
    reason: request.reason,
    status: request.status,
    shifts: request.shifts.map((s) => ({
      start: formatInstant(s.startMs),
      end: formatInstant(s.endMs),
      schedule_reference: { id: s.scheduleId, name: s.scheduleName },
    })),
  };
}

export function renderChatUserGroup(group: ChatUserGroupState): ChatUserGroup {
  const { id, name, handle, description } = group;
  return description === undefined ? { id, name, handle } : { id, name, handle, description };
}
