// Requests while sources fail, beside the healthy figure: the real engine against a raw loopback service (the
// tests' fault service, not the simulator), on a fake clock, over a simulated day after an hour of warm-up.
// Each failure must cost no more requests per schedule per hour than the same service costs when healthy.
import { startScriptServer } from '../test/api/support/script-server';
import { API_KEY } from '../test/api/support/fixtures';
import { IoClock } from '../test/core/support/io-clock';
import { COVERAGE, serveFaults, type FaultKind, type FaultService } from '../test/core/sync/support/fault-service';
import { startEngine } from './engine-rig';
import { round, type Figure, type Section } from './types';

const START = Date.parse('2026-03-25T10:17:00Z');
const HOUR = 3_600_000;
const HOURS = 24;
const WATCHED = 3;
const ids = Array.from({ length: WATCHED }, (_, i) => `sch_fair_${i}`);

interface Rates {
  /** Every request (coverage included) per watched schedule per hour. */
  perSchedule: number;
  /** Each source's own requests per hour. */
  own: Map<string, number>;
  /** The busiest single hour, per watched schedule. */
  worstHour: number;
}

function ratesOf(service: FaultService, fromMs: number): Rates {
  const window = service.log.filter((q) => q.atMs >= fromMs && q.atMs < fromMs + HOURS * HOUR);
  const own = new Map([...ids, COVERAGE].map((s) => [s, round(window.filter((q) => q.source === s).length / HOURS)]));
  const perHour = Array.from(
    { length: HOURS },
    (_, h) => window.filter((q) => Math.floor((q.atMs - fromMs) / HOUR) === h).length,
  );
  return { perSchedule: round(window.length / WATCHED / HOURS), own, worstHour: round(Math.max(...perHour) / WATCHED) };
}

/** Runs the engine on healthy sources for an hour, then with `faults` for the whole window. */
async function measure(faults: Array<[string, FaultKind]>): Promise<Rates> {
  const clock = new IoClock(START);
  const server = await startScriptServer();
  const service = serveFaults(server, () => clock.now());
  const running = await startEngine({
    clock,
    baseUrl: server.url,
    apiKey: API_KEY,
    email: 'bench@example.com',
    scheduleIds: ids,
  });
  try {
    await clock.advance(HOUR);
    for (const [source, fault] of faults) service.set(source, fault);
    const fromMs = clock.now();
    await clock.advance(HOURS * HOUR);
    return ratesOf(service, fromMs);
  } finally {
    await running.engine.stop();
    await server.close();
  }
}

const own = (r: Rates, source: string): number => r.own.get(source) ?? NaN;

async function failureRates(): Promise<Figure[]> {
  // The service changes revision when a fault is set, so the healthy run re-reads shifts once too.
  const healthy = await measure([['*', { kind: 'healthy' }]]);
  const h = healthy.perSchedule;
  const storm = async (name: string, fault: FaultKind): Promise<Figure> => {
    const r = await measure([['*', fault]]);
    return { name, value: r.perSchedule, unit: 'req', max: h, note: `healthy ${h}; busiest hour ${r.worstHour}` };
  };
  const figures: Figure[] = [
    {
      name: `healthy: requests per schedule per hour (${WATCHED} watched, coverage included)`,
      value: h,
      unit: 'req',
      note: `average of ${HOURS} h; busiest hour ${healthy.worstHour}`,
    },
    await storm('5xx storm (every request 503)', { kind: 'status', status: 503 }),
    await storm('429 storm (every request 429, Retry-After 60 s)', { kind: 'status', status: 429, retryAfterSec: 60 }),
    await storm('endless pagination, a new full page every time', { kind: 'endless-new-pages' }),
    await storm('endless pagination, the same page whatever is asked', { kind: 'endless-same-page' }),
  ];
  const failing = ids[0] ?? '';
  const one = await measure([[failing, { kind: 'status', status: 503, retryAfterSec: 120 }]]);
  const healthyOwn = own(healthy, ids[1] ?? '');
  figures.push(
    {
      name: 'one failing schedule (503, Retry-After 120 s): its own requests per hour',
      value: own(one, failing),
      unit: 'req',
      max: healthyOwn,
      note: `healthy ${healthyOwn}`,
    },
    {
      name: "one failing schedule: each healthy schedule's own requests per hour",
      value: own(one, ids[1] ?? ''),
      unit: 'req',
      note: `healthy ${healthyOwn}: unchanged cadence`,
    },
  );
  const cov = await measure([[COVERAGE, { kind: 'status', status: 500 }]]);
  figures.push({
    name: 'failing coverage list (500): its requests per hour',
    value: own(cov, COVERAGE),
    unit: 'req',
    max: own(healthy, COVERAGE),
    note: `healthy ${own(healthy, COVERAGE)}`,
  });
  return figures;
}

export const FAILURE_SECTIONS: Section[] = [
  {
    id: 'failures',
    title: 'Requests while sources fail (simulated day, beside the healthy figure)',
    report: 'core',
    run: failureRates,
  },
];
