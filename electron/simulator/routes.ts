// The seven endpoints of spec section 4, as pure-ish handlers over simulator state.
import type { RouteName } from './faults';
import {
  renderChatUserGroup,
  renderCoverageRequest,
  renderOverride,
  renderSchedule,
  renderShift,
  renderTeam,
} from './render';
import { timeline } from './rotation';
import { opaqueToken, type ScheduleState, type SimulatorState, type UserState } from './state';
import {
  checkChatUserGroup,
  checkCreateOverride,
  checkPageQuery,
  checkShiftsQuery,
  checkUpdateTeam,
  type FieldError,
} from './wire-input';

export type Reply = { status: number; body: unknown };

export interface RouteContext {
  state: SimulatorState;
  nowMs: number;
  user: UserState;
  params: string[];
  query: URLSearchParams;
  body: unknown;
}

export interface Route {
  name: RouteName;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  pattern: RegExp;
  handle(ctx: RouteContext): Reply;
}

const json = (status: number, body: unknown): Reply => ({ status, body });
const notFound = (what: string): Reply => json(404, { message: `${what} not found` });

export function unprocessable(errors: FieldError[]): Reply {
  return json(422, { message: errors.map((e) => `${e.field} ${e.message}`).join('; '), errors });
}

function paginate<T>(items: readonly T[], page: number, perPage: number) {
  const slice = items.slice((page - 1) * perPage, page * perPage);
  return { slice, meta: { total: items.length, page, per_page: perPage } };
}

function withSchedule(ctx: RouteContext, handle: (schedule: ScheduleState) => Reply): Reply {
  const schedule = ctx.state.schedules.get(ctx.params[0] ?? '');
  return schedule ? handle(schedule) : notFound('Schedule');
}

function listShifts(ctx: RouteContext): Reply {
  return withSchedule(ctx, (schedule) => {
    const query = checkShiftsQuery(ctx.query);
    if (!query.ok) return unprocessable(query.errors);
    const { fromMs, toMs, clip, page, perPage } = query.value;
    const { slice, meta } = paginate(timeline(schedule, fromMs, toMs), page, perPage);
    const shifts = slice.map((s) => renderShift(ctx.state, s, clip ? { fromMs, toMs } : undefined));
    return json(200, { shifts, meta });
  });
}

function createOverride(ctx: RouteContext): Reply {
  return withSchedule(ctx, (schedule) => {
    const body = checkCreateOverride(ctx.body);
    if (!body.ok) return unprocessable(body.errors);
    const errors: FieldError[] = [];
    const userIds = body.value.user_references.flatMap((ref, i) => {
      const user = ctx.state.userByEmail(ref.value);
      if (!user) errors.push({ field: `user_references.${i}.value`, message: `no user has the e-mail ${ref.value}` });
      return user ? [user.id] : [];
    });
    if (errors.length > 0) return unprocessable(errors);
    const window = {
      startMs: Date.parse(body.value.start),
      endMs: Date.parse(body.value.end),
      userIds: [...new Set(userIds)],
    };
    const override = ctx.state.addOverride(schedule.id, window, ctx.nowMs);
    return override ? json(201, { override: renderOverride(ctx.state, override) }) : notFound('Schedule');
  });
}

function getOverride(ctx: RouteContext): Reply {
  return withSchedule(ctx, (schedule) => {
    const override = schedule.overrides.find((o) => o.id === ctx.params[1]);
    return override ? json(200, { override: renderOverride(ctx.state, override) }) : notFound('Override');
  });
}

function listCoverageRequests(ctx: RouteContext): Reply {
  const errors: FieldError[] = [];
  const { page, perPage } = checkPageQuery(ctx.query, errors);
  if (errors.length > 0) return unprocessable(errors);
  const userId = ctx.user.id;
  const onSchedule = (scheduleId: string) => {
    const schedule = ctx.state.schedules.get(scheduleId);
    return schedule !== undefined && ctx.state.scheduleUserIds(schedule).includes(userId);
  };
  const visible = ctx.state.coverageRequests.filter(
    (c) => c.userId === userId || c.shifts.some((s) => onSchedule(s.scheduleId)),
  );
  const { slice, meta } = paginate(visible, page, perPage);
  return json(200, { coverage_requests: slice.map((c) => renderCoverageRequest(ctx.state, c)), meta });
}

function putChatUserGroup(ctx: RouteContext): Reply {
  return withSchedule(ctx, (schedule) => {
    const body = checkChatUserGroup(ctx.body);
    if (!body.ok) return unprocessable(body.errors);
    const id = schedule.chatUserGroup?.id ?? `S0${opaqueToken(4).toUpperCase()}`;
    schedule.chatUserGroup = { id, ...body.value };
    return json(200, { user_group: renderChatUserGroup(schedule.chatUserGroup) });
  });
}

function updateTeam(ctx: RouteContext): Reply {
  const team = ctx.state.teams.get(ctx.params[0] ?? '');
  if (!team) return notFound('Team');
  const body = checkUpdateTeam(ctx.body);
  if (!body.ok) return unprocessable(body.errors);
  if (body.value.name !== undefined) team.name = body.value.name;
  if (body.value.description !== undefined) team.description = body.value.description;
  return json(200, { team: renderTeam(team) });
}

const SEGMENT = '([^/]+)';
export const ROUTES: readonly Route[] = [
  {
    name: 'getSchedule',
    method: 'GET',
    pattern: new RegExp(`^/schedules/${SEGMENT}$`),
    handle: (ctx) => withSchedule(ctx, (s) => json(200, { schedule: renderSchedule(ctx.state, s, ctx.nowMs) })),
  },
  { name: 'listShifts', method: 'GET', pattern: new RegExp(`^/schedules/${SEGMENT}/shifts/$`), handle: listShifts },
  {
    name: 'createOverride',
    method: 'POST',
    pattern: new RegExp(`^/schedules/${SEGMENT}/overrides/$`),
    handle: createOverride,
  },
  {
    name: 'getOverride',
    method: 'GET',
    pattern: new RegExp(`^/schedules/${SEGMENT}/overrides/${SEGMENT}$`),
    handle: getOverride,
  },
  {
    name: 'listCoverageRequests',
    method: 'GET',
    pattern: /^\/user\/coverage_requests\/$/,
    handle: listCoverageRequests,
  },
  {
    name: 'putChatUserGroup',
    method: 'PUT',
    pattern: new RegExp(`^/schedules/${SEGMENT}/chat_user_group/$`),
    handle: putChatUserGroup,
  },
  { name: 'updateTeam', method: 'PATCH', pattern: new RegExp(`^/teams/${SEGMENT}$`), handle: updateTeam },
];

export function matchRoute(method: string, path: string): { route: Route; params: string[] } | undefined {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    try {
      return { route, params: match.slice(1).map((p) => decodeURIComponent(p)) };
    } catch {
      return undefined; // a malformed %-escape names nothing that exists
    }
  }
  return undefined;
}
