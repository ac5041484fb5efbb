// A raw fake of the on-call service for the status command's fault tests: the test's own script server (not the
// project's simulator, so the simulator's fault injection never judges itself). Healthy answers for the three
// endpoints the status command reads, shifts placed around the real now; any route can be given a fault instead.
import { meta, schedule, shift, user } from '../../api/support/fixtures';
import { startScriptServer, type RecordedRequest, type ScriptServer, type Step } from '../../api/support/script-server';

export type Route = 'schedule' | 'shifts' | 'coverage';

export interface FakeService {
  url: string;
  server: ScriptServer;
  /** Answers this route with `step` (per schedule id when given) instead of the healthy answer. */
  fault(route: Route, step: Step, scheduleId?: string): void;
  /** How many requests each route received, e.g. { 'schedule sch_a': 1, 'shifts sch_a': 1, coverage: 1 }. */
  counts(): Record<string, number>;
  close(): Promise<void>;
}

const wire = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

function routeOf(r: RecordedRequest): { route: Route; id?: string } | undefined {
  const shifts = /^\/schedules\/([^/]+)\/shifts\/?$/.exec(r.path);
  if (shifts) return { route: 'shifts', id: shifts[1] };
  const details = /^\/schedules\/([^/]+)$/.exec(r.path);
  if (details) return { route: 'schedule', id: details[1] };
  if (/^\/user\/coverage_requests\/?$/.test(r.path)) return { route: 'coverage' };
  return undefined;
}

function healthy(route: Route, id: string | undefined): Step {
  const now = Date.now();
  const current = shift(wire(now - 3_600_000), wire(now + 7 * 3_600_000), [user(1)]);
  const next = shift(wire(now + 7 * 3_600_000), wire(now + 31 * 3_600_000), [user(2)]);
  if (route === 'schedule') {
    return {
      status: 200,
      json: {
        schedule: { ...schedule(), name: `Schedule ${id}`, current_oncall_shift: current, next_oncall_shift: next },
      },
    };
  }
  if (route === 'shifts') return { status: 200, json: { shifts: [current, next], meta: meta(2, 1, 100) } };
  return { status: 200, json: { coverage_requests: [], meta: meta(0, 1, 100) } };
}

export async function startFakeService(): Promise<FakeService> {
  const server = await startScriptServer();
  const faults = new Map<string, Step>();
  server.fallback((r) => {
    const found = routeOf(r);
    if (!found) return { status: 404, json: { message: 'no such route' } };
    return (
      faults.get(`${found.route} ${found.id ?? ''}`) ?? faults.get(`${found.route} *`) ?? healthy(found.route, found.id)
    );
  });
  return {
    url: server.url,
    server,
    fault: (route, step, scheduleId) =>
      void faults.set(`${route} ${route === 'coverage' ? '' : (scheduleId ?? '*')}`, step),
    counts() {
      const out: Record<string, number> = {};
      for (const r of server.requests) {
        const found = routeOf(r);
        const key = found ? (found.id ? `${found.route} ${found.id}` : found.route) : `other ${r.path}`;
        out[key] = (out[key] ?? 0) + 1;
      }
      return out;
    },
    close: () => server.close(),
  };
}
