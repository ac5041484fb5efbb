// The month's engine in a worker thread of its own: its V8 isolate holds only what the app's main process would
// (engine, client, state, reminders, in-memory files), not the simulator or the bench. The simulator runs in the
// parent thread and reads this thread's fake time from shared memory.
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { IoClock } from '../test/core/support/io-clock';
import { startEngine } from './engine-rig';

export const MonthHeapInputSchema = z.object({
  baseUrl: z.string(),
  apiKey: z.string(),
  email: z.string(),
  scheduleIds: z.array(z.string()),
  startMs: z.number(),
  days: z.number().int(),
  /** One float: the fake now, for the simulator in the parent thread. */
  now: z.instanceof(SharedArrayBuffer),
});
export type MonthHeapInput = z.infer<typeof MonthHeapInputSchema>;

export const MonthHeapOutputSchema = z.object({
  /** Heap used with the engine's modules loaded, before it started (MB). */
  baselineMb: z.number(),
  /** Heap used at the end of each simulated day (MB). */
  samplesMb: z.array(z.number()),
  notified: z.number(),
});
export type MonthHeapOutput = z.infer<typeof MonthHeapOutputSchema>;

const DAY_MS = 24 * 3_600_000;

function heapUsedMb(): number {
  globalThis.gc?.();
  return getHeapStatistics().used_heap_size / 1024 / 1024;
}

/** Publishes its fake time wherever the engine reads it, so the simulator answers for the same instant. */
class SharedTimeClock extends IoClock {
  constructor(
    startMs: number,
    private readonly shared: Float64Array,
  ) {
    super(startMs);
    shared[0] = startMs;
  }
  override now(): number {
    const t = super.now();
    this.shared[0] = t;
    return t;
  }
}

async function run(input: MonthHeapInput): Promise<MonthHeapOutput> {
  const clock = new SharedTimeClock(input.startMs, new Float64Array(input.now));
  const baselineMb = heapUsedMb();
  const rig = await startEngine({ clock, ...input });
  const samplesMb: number[] = [];
  try {
    for (let day = 0; day < input.days; day++) {
      await clock.advance(DAY_MS);
      rig.attempts.length = 0;
      samplesMb.push(heapUsedMb());
    }
  } finally {
    await rig.engine.stop();
  }
  return { baselineMb, samplesMb, notified: rig.notified };
}

const port = parentPort;
const input = MonthHeapInputSchema.safeParse(workerData);
if (port && input.success) void run(input.data).then((out) => port.postMessage(out));
else if (port) port.postMessage({ error: input.error?.message ?? 'no input' });
