// The real engine against the simulator on loopback, on a fake clock that waits for real I/O (shared with the
// core tests), with in-memory files and keys, a silent notifier, and the fake instant of every HTTP attempt.
// `startEngine` runs it against any service on loopback (the failure benchmarks use a raw one).
import { createClient } from '../electron/api/client';
import type { ClientOptions, OncallClient } from '../electron/api/client-types';
import { ok } from '../electron/api/errors';
import { createEngine } from '../electron/core/engine/engine';
import type { Engine } from '../electron/core/engine/types';
import { startSimulator, type RunningSimulator } from '../electron/simulator/server';
import { IoClock } from '../test/core/support/io-clock';
import { MemoryFileStore } from '../test/core/support/memory-file-store';

export interface RunningEngine {
  engine: Engine;
  /** Fake instants of HTTP attempts, in order. */
  attempts: number[];
  notified: number;
}

export interface EngineRig extends RunningEngine {
  clock: IoClock;
  sim: RunningSimulator;
  close(): Promise<void>;
}

export interface EngineOptions {
  clock: IoClock;
  baseUrl: string;
  apiKey: string;
  email: string;
  scheduleIds: string[];
  /** settings.horizonDays (default: the settings' own, 14). */
  horizonDays?: number;
}

/** Real clients whose every HTTP attempt is noted (its fake instant) and whose reads the clock waits for. */
export function countingClients(clock: IoClock, attempts: number[]): (o: ClientOptions) => OncallClient {
  return (o) => {
    const real = createClient({ ...o, onRequest: () => attempts.push(clock.now()) });
    const track = <T>(p: Promise<T>) => clock.inFlight.track(p);
    return {
      ...real,
      getSchedule: (...a) => track(real.getSchedule(...a)),
      listShifts: (...a) => track(real.listShifts(...a)),
      listAllShifts: (...a) => track(real.listAllShifts(...a)),
      listAllCoverageRequests: (...a) => track(real.listAllCoverageRequests(...a)),
    };
  };
}

export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  const { clock } = options;
  const attempts: number[] = [];
  const files = new MemoryFileStore();
  await files.writeAtomic(
    'settings.json',
    JSON.stringify({
      version: 2,
      accounts: [
        {
          id: 'main',
          label: 'Main',
          baseUrl: options.baseUrl,
          email: options.email,
          schedules: options.scheduleIds.map((id) => ({ id })),
        },
      ],
      ...(options.horizonDays === undefined ? {} : { horizonDays: options.horizonDays }),
    }),
  );
  const rig = { notified: 0 };
  const engine = createEngine({
    clock,
    files,
    secrets: {
      get: async () => ok(options.apiKey),
      set: async () => ok({ storage: 'memory' }),
      delete: async () => ok(null),
    },
    notifier: { notify: async () => void rig.notified++ },
    localZone: 'Europe/Berlin',
    createClient: countingClients(clock, attempts),
  });
  await engine.start();
  return Object.assign(rig, { engine, attempts });
}

export async function engineRig(options: {
  seed: object;
  startMs: number;
  email: string;
  scheduleIds: string[];
  horizonDays?: number;
}): Promise<EngineRig> {
  const clock = new IoClock(options.startMs);
  const sim = await startSimulator({ seed: options.seed, now: () => clock.now() });
  const running = await startEngine({
    clock,
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    email: options.email,
    scheduleIds: options.scheduleIds,
    ...(options.horizonDays === undefined ? {} : { horizonDays: options.horizonDays }),
  });
  return Object.assign(running, {
    clock,
    sim,
    async close() {
      await running.engine.stop();
      await sim.close();
    },
  });
}
