// What the app costs while nothing happens: main-process wake-ups (every timer callback scheduled through the Clock
// port, by the module that scheduled it) and state pushes (main → renderer and tray) per idle hour, over a simulated
// idle day with 5 watched schedules and no changes; and main's heap after a simulated month with reminders firing.
import { IoClock } from '../test/core/support/io-clock';
import { startSimulator } from '../electron/simulator/server';
import { BENCH_EMAIL, benchSeed } from './seeds';
import { startEngine } from './engine-rig';
import { Worker } from 'node:worker_threads';
import { MonthHeapOutputSchema, type MonthHeapInput, type MonthHeapOutput } from './month-heap-worker';
import type { Figure, Section } from './types';

const START = Date.parse('2026-03-02T06:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `sch_bench_${i}`);

/** The module (electron/…/file) that scheduled a timer: the first frame of the app's own code below the clock. */
function originOf(stack: string | undefined): string {
  for (const line of (stack ?? '').split('\n').slice(2)) {
    const m = /electron\/([\w/.-]+?)\.ts/.exec(line);
    if (m?.[1]) return m[1];
  }
  return 'other';
}

/** The shared fake clock, counting every timer callback that runs, by where it was scheduled. */
class CountingClock extends IoClock {
  readonly fired = new Map<string, number>();
  counting = false;
  override setTimer(delayMs: number, callback: () => void): () => void {
    const origin = originOf(new Error().stack);
    return super.setTimer(delayMs, () => {
      if (this.counting) this.fired.set(origin, (this.fired.get(origin) ?? 0) + 1);
      callback();
    });
  }
}

interface DayCost {
  /** Timer callbacks per hour, and by where they were scheduled. */
  perHour: number;
  by: string;
  pushes: number;
}

/** One day of 5 watched schedules and no changes, after an hour's warm-up: what it costs in timers and pushes. */
async function quietDay(includeMe: boolean): Promise<DayCost> {
  const clock = new CountingClock(START);
  const sim = await startSimulator({
    seed: benchSeed({ schedules: 5, includeMe, shiftHours: 24 }),
    now: () => clock.now(),
  });
  const rig = await startEngine({
    clock,
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    email: BENCH_EMAIL,
    scheduleIds: ids(5),
  });
  let pushes = 0;
  const stop = rig.engine.subscribe(() => void pushes++);
  try {
    await clock.advance(HOUR); // warm-up: first sync, cadence settled
    clock.counting = true;
    pushes = 0;
    await clock.advance(DAY);
    const total = [...clock.fired.values()].reduce((a, b) => a + b, 0);
    const by = [...clock.fired.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${round(v / 24)}`)
      .join(', ');
    return { perHour: round(total / 24), by, pushes };
  } finally {
    stop();
    await rig.engine.stop();
    await sim.close();
  }
}

const TRAY_NOTE =
  'the tray (adapters/tray.ts, outside the core) adds one each time its text would change: each minute while it counts down minutes (a shift within a day), about hourly otherwise';

async function idleDay(): Promise<Figure[]> {
  const idle = await quietDay(false);
  const mine = await quietDay(true);
  return [
    {
      name: 'main-process wake-ups per idle hour (5 watched, no changes)',
      value: idle.perHour,
      unit: 'timers',
      max: 70,
      note: `per hour by where they are scheduled: ${idle.by}; ${TRAY_NOTE}`,
    },
    {
      name: 'main-process wake-ups per hour with shifts of mine planned (5 watched, 24-h shifts, no changes)',
      value: mine.perHour,
      unit: 'timers',
      max: 70,
      note: `per hour: ${mine.by} (reminders look every 90 s while any is planned, to notice a sleep without a resume event; each lead, start and end first reads its schedule); ${TRAY_NOTE}`,
    },
    {
      name: 'state pushes per idle hour (5 watched, no changes)',
      value: round(idle.pushes / 24),
      unit: 'pushes',
      max: 70,
      note: `${idle.pushes} in 24 h: each one a change a surface shows (stateEquals compares what is shown)`,
    },
  ];
}

/** Runs the month in a worker thread (its own V8 heap) against the simulator in this thread. */
async function monthInWorker(n: number, days: number): Promise<MonthHeapOutput> {
  const now = new SharedArrayBuffer(8);
  const time = new Float64Array(now);
  time[0] = START;
  const sim = await startSimulator({
    seed: benchSeed({ schedules: n, includeMe: true, shiftHours: 8 }),
    now: () => time[0] ?? START,
  });
  try {
    const workerData: MonthHeapInput = {
      baseUrl: sim.url,
      apiKey: sim.apiKey,
      email: BENCH_EMAIL,
      scheduleIds: ids(n),
      startMs: START,
      days,
      now,
    };
    // Workers don't inherit the loader hooks tsx registers: the worker loads it itself.
    const worker = new Worker(new URL('./month-heap-worker.mjs', import.meta.url), {
      workerData,
    });
    const answer: unknown = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    const out = MonthHeapOutputSchema.safeParse(answer);
    if (!out.success) throw new Error(`month worker: ${JSON.stringify(answer).slice(0, 300)}`);
    return out.data;
  } finally {
    await sim.close();
  }
}

/** Least-squares slope of daily samples, in MB per week. */
function weeklyTrend(samples: readonly number[]): number {
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const xs = samples.map((_, i) => i);
  const [mx, my] = [mean(xs), mean(samples)];
  const slope =
    xs.reduce((a, x, i) => a + (x - mx) * ((samples[i] ?? my) - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return slope * 7;
}

/**
 * A month with handoffs of mine every few hours and reminders firing: the engine's heap at the end, and its trend
 * over the last two weeks. Measured in a worker thread, whose heap holds the app's main-process code and data only.
 */
async function heapMonth(): Promise<Figure[]> {
  const n = 5;
  const out = await monthInWorker(n, 30);
  const last = out.samplesMb.at(-1) ?? NaN;
  const tail = out.samplesMb.slice(-14);
  return [
    {
      name: `main-process heap used after a simulated month (${n} schedules, my handoffs every few hours)`,
      value: round(last),
      unit: 'MB',
      max: 30,
      note: `${out.notified} notifications; the engine alone in a worker thread (simulator and bench outside it), of which ${round(out.baselineMb)} MB is its loaded code before start`,
    },
    {
      name: 'heap trend over the last two weeks of the month',
      value: round(Math.max(0, weeklyTrend(tail)), 2),
      unit: 'MB/week',
      max: 1,
      note: `daily samples ${tail.map((s) => round(s)).join(', ')}`,
    },
  ];
}

export const IDLE_SECTIONS: Section[] = [
  { id: 'idle', title: 'Idle footprint: wake-ups and state pushes', report: 'core', run: idleDay },
  { id: 'month-heap', title: 'Heap over a simulated month', report: 'core', run: heapMonth },
];
