// Fair polling while sources fail: the sync loop against a raw loopback service (support/fault-service), on a
// fake clock, over a simulated day. Every bound is computed from the idle interval the user would see when all
// is well: a failing source must never cost more requests than a healthy one, and must not slow the others.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../electron/api/client';
import type { OncallClient } from '../../../electron/api/client-types';
import { coverageIntervalMs, JITTER_MAX_MS } from '../../../electron/core/sync/plan';
import { createSync, type SyncLoop } from '../../../electron/core/sync/loop';
import { emptySnapshot, type Snapshot } from '../../../electron/core/model/snapshot';
import { defaultSettings } from '../../../electron/shared/settings';
import { API_KEY } from '../../api/support/fixtures';
import { startScriptServer, type ScriptServer } from '../../api/support/script-server';
import { IoClock } from '../support/io-clock';
import { COVERAGE, serveFaults, type FaultService } from './support/fault-service';
import { textMatching } from '../../support/matchers';
import { HOUR } from '../../support/time';

const START = Date.parse('2026-03-25T10:00:00Z');
const HOURS = 24;
const refresh = defaultSettings().refresh;
const idleMs = refresh.idleIntervalSec * 1000;
/** What a healthy schedule costs at most over the window: one probe per idle interval. */
const idleBound = (HOURS * HOUR) / idleMs;
/** A healthy schedule is probed again within this (its interval, the timer's jitter, and the wake-up slack). */
const cadenceMs = idleMs + JITTER_MAX_MS + 1_000;

interface Rig {
  clock: IoClock;
  server: ScriptServer;
  service: FaultService;
  sync: SyncLoop;
  snapshot(): Snapshot;
  close(): Promise<void>;
}

/** Deterministic jitter that still varies (mulberry32), so the bounds hold for more than one fixed draw. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** Starts the loop on healthy sources and lets it settle for an hour. */
async function startRig(scheduleIds: string[]): Promise<Rig> {
  const clock = new IoClock(START);
  const server = await startScriptServer();
  const service = serveFaults(server, () => clock.now());
  const real = createClient({ baseUrl: server.url, getApiKey: () => API_KEY, maxTries: 1 });
  const client: OncallClient = {
    ...real,
    getSchedule: (...a) => clock.inFlight.track(real.getSchedule(...a)),
    listAllShifts: (...a) => clock.inFlight.track(real.listAllShifts(...a)),
    listAllCoverageRequests: (...a) => clock.inFlight.track(real.listAllCoverageRequests(...a)),
  };
  let snap = emptySnapshot();
  const sync = createSync({
    clock,
    getClient: () => client,
    getConfig: () => ({ scheduleIds, email: '', refresh }),
    snapshot: { get: () => snap, set: (s) => void (snap = s) },
    random: seeded(9),
  });
  sync.start();
  await clock.advance(HOUR);
  rig = {
    clock,
    server,
    service,
    sync,
    snapshot: () => snap,
    async close() {
      sync.stop();
      await sync.idle();
      real.close();
      await server.close();
    },
  };
  return rig;
}

/** Runs the fault for the whole window; returns the window's start. */
async function storm(r: Rig): Promise<number> {
  const fromMs = r.clock.now();
  await r.clock.advance(HOURS * HOUR);
  return fromMs;
}

function probeGapsMs(r: Rig, id: string, fromMs: number): number[] {
  const at = r.service.log.filter((q) => q.path === `/schedules/${id}` && q.atMs >= fromMs).map((q) => q.atMs);
  return at.slice(1).map((t, i) => t - (at[i] ?? t));
}

function expectOnCadence(r: Rig, id: string, fromMs: number): void {
  const gaps = probeGapsMs(r, id, fromMs);
  expect(gaps.length).toBeGreaterThanOrEqual(Math.floor((HOURS * HOUR) / cadenceMs) - 1);
  expect(Math.max(...gaps)).toBeLessThanOrEqual(cadenceMs);
  expect(r.snapshot().schedules.find((s) => s.id === id)?.problem).toBeNull();
}

describe('sync: fair polling while sources fail', () => {
  it('a 5xx storm costs each source no more than its healthy cadence, shows the problem, and recovers', async () => {
    const r = await startRig(['sch_a', 'sch_b']);
    r.service.set('*', { kind: 'status', status: 503 });
    const fromMs = await storm(r);
    const toMs = r.clock.now();
    for (const id of ['sch_a', 'sch_b']) expect(r.service.count(id, fromMs, toMs)).toBeLessThanOrEqual(idleBound);
    expect(r.service.count(COVERAGE, fromMs, toMs)).toBeLessThanOrEqual(
      (HOURS * HOUR) / coverageIntervalMs(2, refresh),
    );
    expect(r.snapshot().schedules.map((s) => s.problem?.kind)).toEqual(['server', 'server']);
    expect(r.snapshot().coverageProblem?.kind).toBe('server');
    // A failure changes status, it never ends the loop: once the service is back, so is the data.
    r.service.set('*', { kind: 'healthy' });
    await r.clock.advance(2 * coverageIntervalMs(2, refresh) + JITTER_MAX_MS);
    expect(r.snapshot().schedules.map((s) => s.problem)).toEqual([null, null]);
    expect(r.snapshot().coverageProblem).toBeNull();
  });

  it('a 429 storm waits as long as Retry-After asks and costs no more than the healthy cadence', async () => {
    const retryAfterSec = 120;
    const r = await startRig(['sch_a', 'sch_b']);
    r.service.set('*', { kind: 'status', status: 429, retryAfterSec });
    const fromMs = await storm(r);
    const toMs = r.clock.now();
    for (const id of ['sch_a', 'sch_b']) {
      expect(r.service.count(id, fromMs, toMs)).toBeLessThanOrEqual(idleBound);
      expect(Math.min(...probeGapsMs(r, id, fromMs))).toBeGreaterThanOrEqual(retryAfterSec * 1000);
    }
    expect(r.snapshot().schedules.every((s) => s.problem?.kind === 'rate_limited')).toBe(true);
  });

  for (const kind of ['endless-new-pages', 'endless-same-page'] as const) {
    it(`a list that never ends (${kind}) is a failure of its schedule, not re-walked on every retry`, async () => {
      const r = await startRig(['sch_a', 'sch_b']);
      r.service.set('sch_a', { kind }); // the revision moves, so the next probe reads the shifts
      const fromMs = await storm(r);
      const walked = r.service.log.filter(
        (q) => q.source === 'sch_a' && q.path.endsWith('/shifts/') && q.atMs >= fromMs,
      );
      expect(walked.length).toBeGreaterThan(1); // the broken list was met, and walked more than one page
      expect(r.service.count('sch_a', fromMs, r.clock.now())).toBeLessThanOrEqual(idleBound);
      const a = r.snapshot().schedules.find((s) => s.id === 'sch_a');
      expect(a?.problem).toMatchObject({ kind: 'bad_response', message: textMatching(/never ended/) });
      expectOnCadence(r, 'sch_b', fromMs);
    });
  }

  it('one failing schedule is retried on its own backoff while the others keep their cadence', async () => {
    const r = await startRig(['sch_a', 'sch_b', 'sch_c']);
    // A 500's Retry-After holds back this schedule only; such a 5xx says nothing about the others.
    r.service.set('sch_a', { kind: 'status', status: 500, retryAfterSec: 120 });
    const fromMs = await storm(r);
    expect(r.service.count('sch_a', fromMs, r.clock.now())).toBeLessThanOrEqual(idleBound);
    expect(r.snapshot().schedules[0]?.problem?.kind).toBe('server');
    expectOnCadence(r, 'sch_b', fromMs);
    expectOnCadence(r, 'sch_c', fromMs);
  });

  it("one schedule's endless 503 with Retry-After delays the others by that wait at most, never more", async () => {
    const r = await startRig(['sch_a', 'sch_b', 'sch_c']);
    // A 503's Retry-After is about the service: each refusal holds every source for 120 s (issue 27, case 7).
    r.service.set('sch_a', { kind: 'status', status: 503, retryAfterSec: 120 });
    const fromMs = await storm(r);
    expect(r.service.count('sch_a', fromMs, r.clock.now())).toBeLessThanOrEqual(idleBound);
    expect(r.snapshot().schedules[0]?.problem?.kind).toBe('server');
    for (const id of ['sch_b', 'sch_c']) {
      const gaps = probeGapsMs(r, id, fromMs);
      expect(gaps.length).toBeGreaterThanOrEqual(Math.floor((HOURS * HOUR) / (cadenceMs + 120_000)) - 1);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(cadenceMs + 120_000);
      expect(r.snapshot().schedules.find((s) => s.id === id)?.problem).toBeNull();
    }
  });

  it('a failing coverage list backs off on its own cadence while the schedules keep theirs', async () => {
    const r = await startRig(['sch_a', 'sch_b']);
    r.service.set(COVERAGE, { kind: 'status', status: 500 });
    const fromMs = await storm(r);
    expect(r.service.count(COVERAGE, fromMs, r.clock.now())).toBeLessThanOrEqual(
      (HOURS * HOUR) / coverageIntervalMs(2, refresh),
    );
    expect(r.snapshot().coverageProblem?.kind).toBe('server');
    expectOnCadence(r, 'sch_a', fromMs);
    expectOnCadence(r, 'sch_b', fromMs);
  });
});
