// Fault injection per route, and a log of served requests, for tests and benchmarks.

export const ROUTE_NAMES = [
  'getSchedule',
  'listShifts',
  'createOverride',
  'getOverride',
  'listCoverageRequests',
  'putChatUserGroup',
  'updateTeam',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export interface Fault {
  /** Delay before the request is handled (or before the injected status is sent). */
  latencyMs?: number;
  /** Answer with this status instead of handling the request (nothing is changed). Typically 429, 500, 503. */
  status?: number;
  /** Sent as the Retry-After header with `status`: seconds ("2") or an HTTP date. */
  retryAfter?: string;
  /** Body sent with `status`: a string goes out as text/plain, anything else as JSON. Default `{ message }`. */
  body?: unknown;
  /** Handle the request (writes take effect), then destroy the connection without answering. */
  reset?: true;
  /** Handle the request, then send a truncated JSON body with status 200. */
  malformedJson?: true;
  /** Handle the request, then break the envelope's payload (see docs/simulator.md) so schema parsing fails. */
  badSchema?: true;
  /** Handle the request, then leave these fields out of the answer: dotted paths into its JSON (`schedule.teams.0.id`). */
  omit?: string[];
  /** Apply to this many requests, then remove itself; unlimited when absent. */
  times?: number;
  /**
   * A service that applies writes slowly: a write is taken, answered at once with `status` (default 504, a gateway
   * that gave up waiting) or, with `reset`, not at all, and applied only this long after it arrived, on the
   * simulator's clock (by the first request served from then on, so a fake clock drives it). Reads ignore it.
   */
  applyAfterMs?: number;
  /**
   * Apply only to requests whose path contains this (e.g. '/schedules/sch_data' for one schedule); others are served
   * as if this fault were not set (the '*' fault still applies to them). Matching requests alone consume `times`.
   */
  pathIncludes?: string;
  /** Apply only to requests whose query has each of these values (e.g. `{ page: '2' }` for one page of a list). */
  query?: Record<string, string>;
}

/** What a fault's matchers look at: the request's path (without the query) and its query. */
export interface RequestTarget {
  path: string;
  query: URLSearchParams;
}

export interface FaultControl {
  /** Route-specific faults win over the '*' fault. Replaces any fault already set for the route. */
  set(route: RouteName | '*', fault: Fault): void;
  /** Removes the fault of one route, or every fault when called without a route. */
  clear(route?: RouteName | '*'): void;
  /**
   * The fault that applies to the next request of a route, consuming one of its `times`. Without a target, faults
   * that match on the path or query never apply.
   */
  take(route: RouteName, target?: RequestTarget): Fault | undefined;
}

function matches(fault: Fault, target: RequestTarget | undefined): boolean {
  if (fault.pathIncludes === undefined && fault.query === undefined) return true;
  if (!target) return false;
  if (fault.pathIncludes !== undefined && !target.path.includes(fault.pathIncludes)) return false;
  return Object.entries(fault.query ?? {}).every(([name, value]) => target.query.get(name) === value);
}

export function createFaults(): FaultControl {
  const faults = new Map<RouteName | '*', Fault>();
  return {
    set: (route, fault) => void faults.set(route, { ...fault }),
    clear: (route) => (route === undefined ? faults.clear() : void faults.delete(route)),
    take: (route, target) => {
      const applies = (key: RouteName | '*'): boolean => {
        const fault = faults.get(key);
        return fault !== undefined && matches(fault, target);
      };
      const key = applies(route) ? route : applies('*') ? '*' : undefined;
      if (key === undefined) return undefined;
      const fault = faults.get(key);
      if (fault?.times !== undefined) {
        fault.times -= 1;
        if (fault.times <= 0) faults.delete(key);
      }
      return fault;
    },
  };
}

export interface RequestRecord {
  method: string;
  /** null for requests that matched no route (answered 404). */
  route: RouteName | null;
  /** Path without the query string. */
  path: string;
  /** The status sent, or 'reset' when the connection was destroyed instead. */
  status: number | 'reset';
}

export type RequestFilter = { route?: RouteName | null; method?: string; status?: number | 'reset' };

export interface RequestLog {
  all(): readonly RequestRecord[];
  count(filter?: RequestFilter): number;
  clear(): void;
  record(entry: RequestRecord): void;
}

export function createRequestLog(): RequestLog {
  let entries: RequestRecord[] = [];
  const matches = (e: RequestRecord, f: RequestFilter) =>
    (f.route === undefined || e.route === f.route) &&
    (f.method === undefined || e.method === f.method) &&
    (f.status === undefined || e.status === f.status);
  return {
    all: () => entries,
    count: (filter = {}) => entries.filter((e) => matches(e, filter)).length,
    clear: () => void (entries = []),
    record: (entry) => void entries.push(entry),
  };
}

/** Replaces the payload of a JSON envelope so it no longer matches the schema: arrays become [12345], and an
 * object's first string field becomes the number 12345. */
export function breakEnvelope(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 12345;
  const entries: [string, unknown][] = Object.entries(body);
  const [key, payload] = entries[0] ?? ['', undefined];
  if (Array.isArray(payload)) return { ...body, [key]: [12345] };
  if (typeof payload !== 'object' || payload === null) return { ...body, [key]: 12345 };
  const field = Object.entries(payload).find(([, v]) => typeof v === 'string')?.[0] ?? 'id';
  return { ...body, [key]: { ...payload, [field]: 12345 } };
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** A copy of the answer without the fields at these dotted paths (a path that leads nowhere changes nothing). */
export function omitFields(body: unknown, paths: readonly string[]): unknown {
  const copy: unknown = structuredClone(body);
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop() ?? '';
    let at: unknown = copy;
    for (const key of keys) at = isObject(at) ? Reflect.get(at, key) : undefined;
    if (isObject(at)) Reflect.deleteProperty(at, last);
  }
  return copy;
}
