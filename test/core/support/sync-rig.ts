// A sync loop on its own, against a real simulator over loopback, with a fake clock and a request log that
// records the fake instant of every HTTP attempt.
import { createClient } from '../../../electron/api/client';
import type { OncallClient } from '../../../electron/api/client-types';
import { defaultSettings, type RefreshSettings } from '../../../electron/shared/settings';
import { emptySnapshot, type Snapshot } from '../../../electron/core/model/snapshot';
import { createSync, type SyncLoop } from '../../../electron/core/sync/loop';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/server';
import { IoClock } from './io-clock';

export interface Attempt {
  atMs: number;
  method: string;
  path: string;
  outcome: number | string;
}

export interface SyncRig {
  clock: IoClock;
  sim: RunningSimulator;
  sync: SyncLoop;
  attempts: Attempt[];
  snapshot(): Snapshot;
  setSnapshot(s: Snapshot): void;
  /** Attempts in [fromMs, toMs). */
  between(fromMs: number, toMs: number): Attempt[];
  close(): Promise<void>;
}

export interface SyncRigOptions {
  startMs: number;
  seed: object;
  scheduleIds: string[];
  email?: string;
  refresh?: Partial<RefreshSettings>;
  port?: number;
}

export async function createSyncRig(options: SyncRigOptions): Promise<SyncRig> {
  const clock = new IoClock(options.startMs);
  const sim = await startSimulator({ seed: options.seed, now: () => clock.now(), port: options.port });
  const attempts: Attempt[] = [];
  const real: OncallClient = createClient({
    baseUrl: sim.url,
    getApiKey: () => sim.apiKey,
    maxTries: 1,
    onRequest: (e) => attempts.push({ atMs: clock.now(), ...e }),
  });
  const client: OncallClient = {
    ...real,
    getSchedule: (...a) => clock.inFlight.track(real.getSchedule(...a)),
    listAllShifts: (...a) => clock.inFlight.track(real.listAllShifts(...a)),
    listAllCoverageRequests: (...a) => clock.inFlight.track(real.listAllCoverageRequests(...a)),
  };
  let snap: Snapshot = emptySnapshot();
  const refresh = { ...defaultSettings().refresh, ...options.refresh };
  const sync = createSync({
    clock,
    getClient: () => client,
    getConfig: () => ({ scheduleIds: options.scheduleIds, email: options.email ?? '', refresh }),
    snapshot: { get: () => snap, set: (s) => void (snap = s) },
    random: () => 0.5,
  });
  return {
    clock,
    sim,
    sync,
    attempts,
    snapshot: () => snap,
    setSnapshot: (s) => void (snap = s),
    between: (fromMs, toMs) => attempts.filter((a) => a.atMs >= fromMs && a.atMs < toMs),
    async close() {
      sync.stop();
      await sync.idle();
      real.close();
      await sim.close();
    },
  };
}
