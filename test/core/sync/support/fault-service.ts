// A tiny stand-in for the on-call service on a raw loopback server (test/api/support/script-server), not the
// project's simulator, so the simulator's own fault injection never judges itself. Each source (a schedule id,
// or 'coverage') answers healthily or with one kind of failure; every request is logged at its fake instant.
import type { RecordedRequest, ScriptServer, Step } from '../../../api/support/script-server';
import { coverageRequest, meta, schedule, shift } from '../../../api/support/fixtures';

export type FaultKind =
  | { kind: 'healthy' }
  | { kind: 'status'; status: number; retryAfterSec?: number }
  /** Every page is new and full, and `total` always says there is one more page. */
  | { kind: 'endless-new-pages' }
  /** The same page whatever `page` asks for, with a `total` far beyond it. */
  | { kind: 'endless-same-page' };

export interface LoggedRequest {
  atMs: number;
  /** Schedule id, or 'coverage'. */
  source: string;
  path: string;
  status: number;
}

export const COVERAGE = 'coverage';
const HOUR_MS = 3_600_000;

function sourceOf(path: string): string {
  return path.startsWith('/user/coverage_requests') ? COVERAGE : (path.split('/')[2] ?? '');
}

function fullPage(page: number, total: number): { shifts: unknown[]; meta: unknown } {
  const base = Date.parse('2026-03-25T00:00:00Z') + (page - 1) * 100 * HOUR_MS;
  const at = (i: number) => new Date(base + i * HOUR_MS).toISOString().replace('.000Z', 'Z');
  return { shifts: Array.from({ length: 100 }, (_, i) => shift(at(i), at(i + 1))), meta: meta(total, page, 100) };
}

function endless(request: RecordedRequest, fault: FaultKind): Step | undefined {
  if (!request.path.endsWith('/shifts/') && sourceOf(request.path) !== COVERAGE) return undefined;
  const page = fault.kind === 'endless-same-page' ? 1 : Number(request.query.get('page'));
  const total = fault.kind === 'endless-same-page' ? 1_000_000 : page * 100 + 1;
  if (sourceOf(request.path) === COVERAGE) {
    return {
      status: 200,
      json: {
        coverage_requests: Array.from({ length: 100 }, (_, i) => coverageRequest(page * 100 + i)),
        meta: meta(total, page, 100),
      },
    };
  }
  return { status: 200, json: fullPage(page, total) };
}

function healthy(request: RecordedRequest, revision: number): Step {
  if (sourceOf(request.path) === COVERAGE)
    return { status: 200, json: { coverage_requests: [], meta: meta(0, 1, 100) } };
  if (request.path.endsWith('/shifts/')) return { status: 200, json: { shifts: [], meta: meta(0, 1, 100) } };
  return { status: 200, json: { schedule: { ...schedule(), current_revision: revision } } };
}

function answer(request: RecordedRequest, fault: FaultKind, revision: number): Step {
  if (fault.kind === 'status') {
    const headers: Record<string, string> =
      fault.retryAfterSec === undefined ? {} : { 'retry-after': String(fault.retryAfterSec) };
    return { status: fault.status, json: { message: 'injected' }, headers };
  }
  if (fault.kind === 'endless-new-pages' || fault.kind === 'endless-same-page')
    return endless(request, fault) ?? healthy(request, revision);
  return healthy(request, revision);
}

export interface FaultService {
  log: LoggedRequest[];
  /** Sets the behaviour of one source; `'*'` sets every source without one of its own. The schedules' revision
   * moves with it (as if the schedule was edited), so their shifts are read at the next probe. */
  set(source: string, fault: FaultKind): void;
  /** Requests of one source in [fromMs, toMs). */
  count(source: string, fromMs: number, toMs: number): number;
}

export function serveFaults(server: ScriptServer, now: () => number): FaultService {
  const log: LoggedRequest[] = [];
  const faults = new Map<string, FaultKind>();
  let revision = 1;
  server.fallback((request) => {
    const source = sourceOf(request.path);
    const step = answer(request, faults.get(source) ?? faults.get('*') ?? { kind: 'healthy' }, revision);
    log.push({ atMs: now(), source, path: request.path, status: 'status' in step ? step.status : 0 });
    return step;
  });
  return {
    log,
    set: (source, fault) => {
      faults.set(source, fault);
      revision += 1;
    },
    count: (source, fromMs, toMs) => log.filter((r) => r.source === source && r.atMs >= fromMs && r.atMs < toMs).length,
  };
}
