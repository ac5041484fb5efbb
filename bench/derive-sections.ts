// State derivation: what deriving the state costs right after a sync, in time and in memory allocated. A sync is
// modelled as the engine makes it (sync/apply.ts's applyPass): every watched schedule probed (its entry new, its
// fetch times moved, its details and shifts kept by identity where the service sent the same), one schedule's shifts
// read anew with a change in them. Beside it, the first derivation after a start (every read new: nothing to reuse)
// and a later tick. Allocation is counted from the heap (no collection in between), so it does not depend on what
// else the machine is doing, as the times do.
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { accountIdOf } from '../electron/shared/accounts';
import { ok } from '../electron/api/errors';
import { combineStates } from '../electron/core/state/combine';
import { deriveState, type DeriveInput } from '../electron/core/state/derive';
import type { Snapshot } from '../electron/core/model/snapshot';
import { applyPass } from '../electron/core/sync/apply';
import type { FetchPass } from '../electron/core/sync/fetch';
import { horizonWindow } from '../electron/core/sync/plan';
import { defaultServiceSettings, defaultSettings, serviceSettings, type Settings } from '../electron/shared/settings';
import { snapshotOf50 } from './core-sections';
import { BENCH_EMAIL } from './seeds';
import { round, type Figure, type Section } from './types';

const START = Date.parse('2026-03-25T10:17:00Z');
const MIN = 60_000;
const ROUNDS = 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const setup = { hasKey: true, keyStorage: 'keychain' as const, demo: false };

/** The snapshot after a sync at `atMs`: every schedule probed, schedule `changed` re-read with one shift handed to
 *  the next shift's people (an override), as the service would answer; unchanged answers are fresh objects too. */
export function afterSync(snapshot: Snapshot, atMs: number, changed: number): Snapshot {
  const { fromMs, toMs } = horizonWindow(atMs, 14);
  const pass: FetchPass = {
    schedules: snapshot.schedules.map((s, i) => {
      if (!s.details) throw new Error(`bench: ${s.id} has no details`);
      const base = { id: s.id, atMs, details: ok(structuredClone(s.details)) };
      if (i !== changed) return base;
      const shifts = structuredClone(s.shifts);
      const one = shifts[atMs % shifts.length];
      const other = shifts.find((x) => x.users[0]?.id !== one?.users[0]?.id);
      if (!one || !other) throw new Error(`bench: ${s.id} has no two people to swap`);
      one.users = structuredClone(other.users);
      return { ...base, shifts: { fromMs, toMs, result: ok({ shifts, holes: [] }) } };
    }),
  };
  return applyPass(
    snapshot,
    pass,
    snapshot.schedules.map((s) => s.id),
  );
}

/** Allocated by `run` (heap used after minus before, with no collection in between); undefined if one came. */
function allocatedBytes(run: () => void): number | undefined {
  const gc: unknown = Reflect.get(globalThis, 'gc');
  if (typeof gc === 'function') Reflect.apply(gc, undefined, []);
  const before = getHeapStatistics();
  run();
  const after = getHeapStatistics();
  // A collection in between shows as fewer bytes used, or fewer heap bytes collected-from: that sample is dropped.
  const grew = after.used_heap_size - before.used_heap_size;
  return grew > 0 && after.total_heap_size >= before.total_heap_size ? grew : undefined;
}

interface Costs {
  ms: number[];
  bytes: number[];
}

/** Times `ROUNDS` derivations (no collection forced between them), then counts the bytes of another `ROUNDS`. */
function costsOf(prepare: (round: number) => () => void): Costs {
  for (let i = 0; i < 5; i++) prepare(i)(); // warm-up: the code compiled, the caches in their steady shape
  const ms: number[] = [];
  const runs = Array.from({ length: ROUNDS }, (_, i) => prepare(5 + i));
  for (const run of runs) {
    const t0 = performance.now();
    run();
    ms.push(performance.now() - t0);
  }
  const bytes = Array.from({ length: ROUNDS }, (_, i) => allocatedBytes(prepare(5 + ROUNDS + i)));
  return { ms, bytes: bytes.filter((b): b is number => b !== undefined) };
}

const kb = (bytes: number[]) => round(median(bytes) / 1024, 0);

function figuresOf(name: string, c: Costs, maxMs: number | undefined, note: string) {
  const worst = round(Math.max(...c.ms), 2);
  const time: Figure = {
    name,
    value: round(median(c.ms), 2),
    unit: 'ms',
    ...(maxMs === undefined ? {} : { max: maxMs }),
    note: `median of ${ROUNDS}, worst ${worst} ms; ${note}`,
  };
  const memory: Figure = {
    name: `${name}: memory allocated`,
    value: kb(c.bytes),
    unit: 'KB',
    note: `median of ${c.bytes.length} derivations without a collection in between`,
  };
  return [time, memory];
}

async function derivation(): Promise<Figure[]> {
  const first = await snapshotOf50();
  const settings = {
    ...defaultServiceSettings(),
    email: BENCH_EMAIL,
    baseUrl: 'https://x.example',
    schedules: first.schedules.map((s) => ({ id: s.id })),
  };
  const input = (snapshot: Snapshot, nowMs: number): DeriveInput => ({
    snapshot,
    settings,
    setup,
    syncing: false,
    notices: [],
    localZone: 'Europe/Berlin',
    nowMs,
  });
  const shifts = first.schedules.reduce((n, s) => n + s.shifts.length, 0);
  let current = first;
  deriveState(input(current, START));
  const synced = costsOf((i) => {
    const atMs = START + i * MIN;
    const next = afterSync(current, atMs, i % 50);
    current = next;
    return () => deriveState(input(next, atMs));
  });
  const later = costsOf((i) => () => deriveState(input(current, START + (60 + i) * MIN + 1)));
  const cold = costsOf((i) => {
    const fresh = structuredClone(first);
    return () => deriveState(input(fresh, START + i * MIN));
  });
  return [
    ...figuresOf(
      'state derivation, 50 schedules × 14 days, right after a sync',
      synced,
      5,
      `${shifts} shifts; every schedule probed, one re-read with a change (aim ≤ 3 ms, so the next feature has room)`,
    ),
    ...figuresOf('state derivation, 50 schedules × 14 days, at a later tick', later, 5, 'same snapshot'),
    ...figuresOf(
      'state derivation, 50 schedules × 14 days, every read new (first derivation after a start)',
      cold,
      undefined,
      'each round a deep copy: nothing of an earlier derivation to reuse',
    ),
  ];
}

async function twoAccountDerivation(): Promise<Figure[]> {
  const whole = await snapshotOf50();
  const halves = [whole.schedules.slice(0, 25), whole.schedules.slice(25)];
  const settings: Settings = {
    ...defaultSettings(),
    accounts: halves.map((schedules, i) => ({
      id: accountIdOf(`acct${i}`),
      label: `Account ${i}`,
      baseUrl: 'https://x.example',
      email: BENCH_EMAIL,
      schedules: schedules.map((s) => ({ id: s.id })),
    })),
  };
  const derive = (snapshots: readonly Snapshot[], nowMs: number) => {
    const states = snapshots.map((snapshot, a) => {
      const account = settings.accounts[a];
      if (!account) throw new Error('bench: no such account');
      const service = serviceSettings(settings, account);
      const notices: [] = [];
      const state = deriveState({
        snapshot,
        settings: service,
        setup,
        syncing: false,
        notices,
        localZone: 'Europe/Berlin',
        nowMs,
      });
      return { account, state };
    });
    combineStates(states, settings, []);
  };
  let current = halves.map((schedules) => ({ ...whole, schedules }));
  derive(current, START);
  const synced = costsOf((i) => {
    const atMs = START + i * MIN;
    // The accounts sync on their own loops: one of them, with one schedule changed; both are derived and combined.
    const a = i % 2;
    const next = current.map((s, k) => (k === a ? afterSync(s, atMs, i % 25) : s));
    current = next;
    return () => derive(next, atMs);
  });
  return figuresOf(
    'state derivation, 2 accounts × 25 schedules × 14 days, right after a sync',
    synced,
    5,
    "one account's sync (one schedule re-read with a change); both accounts derived and combined",
  );
}

export const DERIVE_SECTIONS: Section[] = [
  { id: 'derive', title: 'State derivation', report: 'core', run: derivation },
  { id: 'accounts-derive', title: 'Two accounts: state derivation', report: 'core', run: twoAccountDerivation },
];
