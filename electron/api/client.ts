// The service client: one typed function per endpoint of spec section 4. Every argument is validated with
// the schemas of schemas.ts before anything is sent; ids are validated and percent-encoded into the path.
import type { OncallClient } from './client-types';
import { ok, type Result } from './errors';
import { collectAllPages, DEFAULT_MAX_PAGES, PAGE_SIZE } from './pagination';
import { createRequester, type CreateClientOptions, type Requester } from './request';
import {
  ChatUserGroupEnvelopeSchema,
  ChatUserGroupInputSchema,
  CoverageRequestsPageSchema,
  CreateOverrideInputSchema,
  ListShiftsParamsSchema,
  OverrideEnvelopeSchema,
  OverrideIdSchema,
  PageParamsSchema,
  ScheduleEnvelopeSchema,
  ScheduleIdSchema,
  ShiftsPageSchema,
  TeamEnvelopeSchema,
  TeamIdSchema,
  UpdateTeamInputSchema,
  type ListShiftsParams,
  type PageParams,
} from './schemas';
import { MaxPagesSchema, valid1, valid2, valid3 } from './validate';
import { coverageList, shiftList } from './list-entries';

export type { CreateClientOptions } from './request';

const seg = encodeURIComponent;

function pageQuery(params: PageParams, into = new URLSearchParams()): URLSearchParams {
  if (params.per_page !== undefined) into.set('per_page', String(params.per_page));
  if (params.page !== undefined) into.set('page', String(params.page));
  return into;
}

function shiftsQuery(params: ListShiftsParams): URLSearchParams {
  const query = pageQuery(params, new URLSearchParams({ from: params.from, to: params.to }));
  if (params.clip_to_interval !== undefined) query.set('clip_to_interval', String(params.clip_to_interval));
  return query;
}

function mapValue<T, U>(result: Result<T>, pick: (value: T) => U): Result<U> {
  return result.ok ? ok(pick(result.value)) : result;
}

type Reads = Pick<OncallClient, 'getSchedule' | 'listShifts' | 'getOverride' | 'listCoverageRequests'>;
type Writes = Pick<OncallClient, 'createOverride' | 'putChatUserGroup' | 'updateTeam'>;
type Walks = Pick<OncallClient, 'listAllShifts' | 'listAllCoverageRequests'>;

function readEndpoints(api: Requester): Reads {
  return {
    async getSchedule(scheduleId) {
      const id = valid1(['schedule_id', ScheduleIdSchema.safeParse(scheduleId)]);
      if (!id.ok) return id;
      return mapValue(
        await api.send({ method: 'GET', path: `/schedules/${seg(id.value)}` }, ScheduleEnvelopeSchema),
        (v) => v.schedule,
      );
    },
    async listShifts(scheduleId, params) {
      const args = valid2(
        ['schedule_id', ScheduleIdSchema.safeParse(scheduleId)],
        ['', ListShiftsParamsSchema.safeParse(params)],
      );
      if (!args.ok) return args;
      const [id, query] = args.value;
      return api.send(
        { method: 'GET', path: `/schedules/${seg(id)}/shifts/`, query: shiftsQuery(query) },
        ShiftsPageSchema,
      );
    },
    async getOverride(scheduleId, overrideId) {
      const args = valid2(
        ['schedule_id', ScheduleIdSchema.safeParse(scheduleId)],
        ['override_id', OverrideIdSchema.safeParse(overrideId)],
      );
      if (!args.ok) return args;
      const [id, ovr] = args.value;
      const result = await api.send(
        { method: 'GET', path: `/schedules/${seg(id)}/overrides/${seg(ovr)}` },
        OverrideEnvelopeSchema,
      );
      return mapValue(result, (v) => v.override);
    },
    async listCoverageRequests(params = {}) {
      const query = valid1(['', PageParamsSchema.safeParse(params)]);
      if (!query.ok) return query;
      return api.send(
        { method: 'GET', path: '/user/coverage_requests/', query: pageQuery(query.value) },
        CoverageRequestsPageSchema,
      );
    },
  };
}

function writeEndpoints(api: Requester): Writes {
  return {
    async createOverride(scheduleId, input) {
      const args = valid2(
        ['schedule_id', ScheduleIdSchema.safeParse(scheduleId)],
        ['', CreateOverrideInputSchema.safeParse(input)],
      );
      if (!args.ok) return args;
      const [id, body] = args.value;
      const result = await api.send(
        { method: 'POST', path: `/schedules/${seg(id)}/overrides/`, body },
        OverrideEnvelopeSchema,
      );
      return mapValue(result, (v) => v.override);
    },
    async putChatUserGroup(scheduleId, input) {
      const args = valid2(
        ['schedule_id', ScheduleIdSchema.safeParse(scheduleId)],
        ['', ChatUserGroupInputSchema.safeParse(input)],
      );
      if (!args.ok) return args;
      const [id, body] = args.value;
      const result = await api.send(
        { method: 'PUT', path: `/schedules/${seg(id)}/chat_user_group/`, body },
        ChatUserGroupEnvelopeSchema,
      );
      return mapValue(result, (v) => v.user_group);
    },
    async updateTeam(teamId, input) {
      const args = valid2(['team_id', TeamIdSchema.safeParse(teamId)], ['', UpdateTeamInputSchema.safeParse(input)]);
      if (!args.ok) return args;
      const [id, body] = args.value;
      return mapValue(
        await api.send({ method: 'PATCH', path: `/teams/${seg(id)}`, body }, TeamEnvelopeSchema),
        (v) => v.team,
      );
    },
  };
}

function pageWalkers(reads: Reads): Walks {
  return {
    async listAllShifts(scheduleId, params, maxPages = DEFAULT_MAX_PAGES, onPage) {
      // Everything is checked up front so a bad argument sends nothing, not even page 1.
      const args = valid3(
        ['schedule_id', ScheduleIdSchema.safeParse(scheduleId)],
        ['', ListShiftsParamsSchema.safeParse({ ...params, page: undefined, per_page: undefined })],
        ['maxPages', MaxPagesSchema.safeParse(maxPages)],
      );
      if (!args.ok) return args;
      const [id, window] = args.value;
      const entries = await collectAllPages(
        async (page) => {
          const result = await reads.listShifts(id, { ...window, per_page: PAGE_SIZE, page });
          return mapValue(result, (v) => ({ items: v.shifts, meta: v.meta }));
        },
        { maxPages, onPage },
      );
      return mapValue(entries, (items) => shiftList(items, window));
    },
    async listAllCoverageRequests(maxPages = DEFAULT_MAX_PAGES, onPage) {
      const bound = valid1(['maxPages', MaxPagesSchema.safeParse(maxPages)]);
      if (!bound.ok) return bound;
      const entries = await collectAllPages(
        async (page) => {
          const result = await reads.listCoverageRequests({ per_page: PAGE_SIZE, page });
          return mapValue(result, (v) => ({ items: v.coverage_requests, meta: v.meta }));
        },
        { maxPages, onPage },
      );
      return mapValue(entries, coverageList);
    },
  };
}

/**
 * Never throws. An unusable base URL (not https, and not http on a loopback host) makes every call return a
 * `validation` error on field `baseUrl` without sending anything; use `checkBaseUrl` to check a setting early.
 * One client = one (base URL, key) pair and its keep-alive pool; build it once and reuse it, and close() it when
 * either changes (that also drops what it has in flight) or when done.
 */
export function createClient(options: CreateClientOptions): OncallClient {
  const api = createRequester(options);
  const reads = readEndpoints(api);
  return { ...reads, ...writeEndpoints(api), ...pageWalkers(reads), close: () => api.close() };
}
