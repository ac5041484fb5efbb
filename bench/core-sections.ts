// Core benchmarks: request budget at idle cadence, full refresh wall time, heap over a week (derivation: ./derive-sections).
import { performance } from 'node:perf_hooks';
import { createClient } from '../electron/api/client';
import { emptySnapshot, type Snapshot } from '../electron/core/model/snapshot';
import { horizonWindow, toWireInstant } from '../electron/core/sync/plan';
import { startSimulator } from '../electron/simulator/server';
import { engineRig } from './engine-rig';
import { BENCH_EMAIL, benchSeed } from './seeds';
import { round, type Figure, type Section } from './types';

const START = Date.parse('2026-03-25T10:17:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
// A whole day, so the reads that come only every few hours (shift safety net, horizon extension) are counted.
const IDLE_HOURS = 24;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `sch_bench_${i}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function budgetFor(n: number): Promise<Figure[]> {
  const rig = await engineRig({
    seed: benchSeed({ schedules: n, includeMe: false, shiftHours: 24 }),
    startMs: START,
    email: BENCH_EMAIL,
    scheduleIds: ids(n),
  });
  try {
    await rig.clock.advance(HOUR); // warm-up: first full fetch, cadence settled
    const from = rig.clock.now();
    await rig.clock.advance(IDLE_HOURS * HOUR);
    const made = rig.attempts.filter((t) => t >= from && t < rig.clock.now());
    const refreshes = new Set(made).size;
    return [
      {
        name: `requests per schedule per refresh (${n} watched)`,
        value: round(made.length / (refreshes * n)),
        unit: 'req',
        max: 1.2,
        note: `${made.length} requests in ${refreshes} refreshes over ${IDLE_HOURS} idle hours`,
      },
      {
        name: `requests per schedule per idle hour (${n} watched)`,
        value: round(made.length / n / IDLE_HOURS),
        unit: 'req',
        max: 15,
        note: `average of ${IDLE_HOURS} hours`,
      },
    ];
  } finally {
    await rig.close();
  }
}

/**
 * What the "My shifts" horizon costs: the same idle day with 8-hour shifts (3 a day, so a 90-day read is 3 pages of
 * 100 where a 14-day one is 1), at the default 14 days and the maximum 90. Shifts are re-read only when a revision
 * moves, the horizon needs extending, or after 6 h, so the extra pages are a few requests a day.
 */
async function horizonCost(): Promise<Figure[]> {
  const n = 10;
  const perHour: Record<number, number> = {};
  for (const horizonDays of [14, 90]) {
    // Idle: no shift of mine near (handoffs of mine bring the near cadence, which is not the idle budget).
    const rig = await engineRig({
      seed: benchSeed({ schedules: n, includeMe: false, shiftHours: 8 }),
      startMs: START,
      email: BENCH_EMAIL,
      scheduleIds: ids(n),
      horizonDays,
    });
    try {
      await rig.clock.advance(HOUR);
      const from = rig.clock.now();
      await rig.clock.advance(IDLE_HOURS * HOUR);
      const made = rig.attempts.filter((t) => t >= from && t < rig.clock.now());
      perHour[horizonDays] = round(made.length / n / IDLE_HOURS);
    } finally {
      await rig.close();
    }
  }
  const at14 = perHour[14] ?? NaN;
  const at90 = perHour[90] ?? NaN;
  return [
    {
      name: `requests per schedule per idle hour, horizon 14 days (${n} watched, 8 h shifts)`,
      value: at14,
      unit: 'req',
      max: 15,
    },
    {
      name: `requests per schedule per idle hour, horizon 90 days (${n} watched, 8 h shifts)`,
      value: at90,
      unit: 'req',
      max: 15,
      note: `the 90-day horizon costs ${round(at90 - at14)} req per schedule per hour more (extra pages of shifts)`,
    },
  ];
}

/**
 * What the re-reads the revision doesn't announce cost: near a handoff of mine the shifts are re-read once older than
 * the idle interval (and a probe contradicting the saved shifts re-reads them). A day with my handoffs every 8 h on
 * 10 schedules, beside the idle day without any: the difference is what the near re-reads and near cadence cost.
 */
async function nearRereadCost(): Promise<Figure[]> {
  const n = 10;
  const rig = await engineRig({
    seed: benchSeed({ schedules: n, includeMe: true, shiftHours: 8 }),
    startMs: START,
    email: BENCH_EMAIL,
    scheduleIds: ids(n),
  });
  try {
    await rig.clock.advance(HOUR);
    const from = rig.clock.now();
    const shiftsBefore = rig.sim.requests.count({ route: 'listShifts' });
    await rig.clock.advance(IDLE_HOURS * HOUR);
    const made = rig.attempts.filter((t) => t >= from && t < rig.clock.now());
    const shiftReads = rig.sim.requests.count({ route: 'listShifts' }) - shiftsBefore;
    return [
      {
        name: `requests per schedule per hour with handoffs of mine (${n} watched, 8 h shifts, I am 1 of 5)`,
        value: round(made.length / n / IDLE_HOURS),
        unit: 'req',
        max: 20,
        note: `near cadence and near re-reads included; of them ${round(shiftReads / n / IDLE_HOURS)} shift reads per schedule per hour`,
      },
    ];
  } finally {
    await rig.close();
  }
}

async function fullRefresh(): Promise<Figure[]> {
  const rig = await engineRig({
    seed: benchSeed({ schedules: 50, includeMe: true, shiftHours: 8 }),
    startMs: START,
    email: BENCH_EMAIL,
    scheduleIds: ids(50),
  });
  try {
    await rig.clock.advance(10 * MIN);
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const before = rig.attempts.length;
      const t0 = performance.now();
      const result = await rig.engine.handlers['sync:refresh'](null);
      times.push(performance.now() - t0);
      if (!result.ok || rig.attempts.length - before !== 101)
        throw new Error('the full refresh did not make the 101 requests expected');
    }
    return [
      {
        name: 'full refresh of 50 schedules (101 requests, loopback)',
        value: round(median(times), 1),
        unit: 'ms',
        max: 300,
        note: `median of 10; worst ${round(Math.max(...times), 1)} ms`,
      },
    ];
  } finally {
    await rig.close();
  }
}

export async function snapshotOf50(): Promise<Snapshot> {
  const sim = await startSimulator({ seed: benchSeed({ schedules: 50, includeMe: true, shiftHours: 8 }), now: START });
  const client = createClient({ baseUrl: sim.url, getApiKey: () => sim.apiKey });
  try {
    const { fromMs, toMs } = horizonWindow(START, 14);
    const schedules = await Promise.all(
      ids(50).map(async (id) => {
        const [details, shifts] = await Promise.all([
          client.getSchedule(id),
          client.listAllShifts(id, { from: toWireInstant(fromMs), to: toWireInstant(toMs) }),
        ]);
        if (!details.ok || !shifts.ok) throw new Error(`bench seed: ${id} could not be read`);
        const at = new Date(START).toISOString();
        return {
          id,
          details: details.value,
          detailsFetchedAt: at,
          shifts: shifts.value.shifts,
          shiftsFrom: toWireInstant(fromMs),
          shiftsTo: toWireInstant(toMs),
          shiftsFetchedAt: at,
          shiftsReadAt: at,
          shiftHoles: shifts.value.holes,
          problem: null,
          notFound: false,
        };
      }),
    );
    const coverage = await client.listAllCoverageRequests();
    return {
      ...emptySnapshot(),
      schedules,
      coverageRequests: coverage.ok ? coverage.value.requests : [],
      coverageFetchedAt: new Date(START).toISOString(),
    };
  } finally {
    client.close();
    await sim.close();
  }
}

function heapMb(): number {
  const gc: unknown = Reflect.get(globalThis, 'gc');
  for (let i = 0; i < 3 && typeof gc === 'function'; i++) Reflect.apply(gc, undefined, []);
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

async function heapWeek(): Promise<Figure[]> {
  const n = 5;
  const rig = await engineRig({
    seed: benchSeed({ schedules: n, includeMe: true, shiftHours: 8 }),
    startMs: START,
    email: BENCH_EMAIL,
    scheduleIds: ids(n),
  });
  try {
    await rig.clock.advance(DAY); // warm-up: caches and connections in their steady shape
    rig.sim.requests.clear();
    rig.attempts.length = 0;
    const before = heapMb();
    let requests = 0;
    for (let day = 0; day < 7; day++) {
      await rig.clock.advance(DAY);
      requests += rig.attempts.length;
      // The bench's own logs are not the engine's memory.
      rig.sim.requests.clear();
      rig.attempts.length = 0;
    }
    const growth = heapMb() - before;
    return [
      {
        name: `heap growth over a simulated week (${n} schedules, my handoffs every few hours)`,
        value: round(growth, 2),
        unit: 'MB',
        max: 10,
        note: `${requests} requests, ${rig.notified} notifications`,
      },
    ];
  } finally {
    await rig.close();
  }
}

export const CORE_SECTIONS: Section[] = [
  {
    id: 'budget',
    title: 'Requests at idle cadence',
    report: 'core',
    run: async () => [...(await budgetFor(1)), ...(await budgetFor(10)), ...(await budgetFor(50))],
  },
  { id: 'horizon', title: 'What the My shifts horizon costs (14 vs 90 days)', report: 'core', run: horizonCost },
  { id: 'near', title: 'What re-reading shifts near my handoffs costs', report: 'core', run: nearRereadCost },
  { id: 'refresh', title: 'Full refresh wall time', report: 'core', run: fullRefresh },
  { id: 'heap', title: 'Heap over a simulated week', report: 'core', run: heapWeek },
];
