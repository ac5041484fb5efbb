// Several accounts (issue 30): the request budget holds per schedule with two services watched side by side (each
// its own simulator, key and sync loop), and deriving the combined state of 2 × 25 schedules stays as cheap as one
// service's 50.
import { accountIdOf } from '../electron/shared/accounts';
import { performance } from 'node:perf_hooks';
import { ok } from '../electron/api/errors';
import { createEngine } from '../electron/core/engine/engine';
import { combineStates } from '../electron/core/state/combine';
import { deriveState } from '../electron/core/state/derive';
import { defaultSettings, serviceSettings, type Settings } from '../electron/shared/settings';
import { startSimulator } from '../electron/simulator/server';
import { IoClock } from '../test/core/support/io-clock';
import { MemoryFileStore } from '../test/core/support/memory-file-store';
import { snapshotOf50 } from './core-sections';
import { countingClients } from './engine-rig';
import { BENCH_EMAIL, benchSeed } from './seeds';
import { round, type Figure, type Section } from './types';

const START = Date.parse('2026-03-25T10:17:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const IDLE_HOURS = 24;
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `sch_bench_${from + i}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function twoAccountBudget(): Promise<Figure[]> {
  const n = 10;
  const clock = new IoClock(START);
  const seed = benchSeed({ schedules: n, includeMe: false, shiftHours: 24 });
  const sims = [
    await startSimulator({ seed, now: () => clock.now() }),
    await startSimulator({ seed, now: () => clock.now() }),
  ];
  const attempts: number[] = [];
  const files = new MemoryFileStore();
  const accounts = sims.map((sim, i) => ({
    id: `acct${i}`,
    label: `Account ${i}`,
    baseUrl: sim.url,
    email: BENCH_EMAIL,
    schedules: ids(n).map((id) => ({ id })),
  }));
  await files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts }));
  const keyOf = new Map(sims.map((sim, i) => [`acct${i}@${new URL(sim.url).host}`, sim.apiKey]));
  const engine = createEngine({
    clock,
    files,
    secrets: {
      get: async (account) => ok(keyOf.get(account)),
      set: async () => ok({ storage: 'memory' }),
      delete: async () => ok(null),
    },
    notifier: { notify: async () => undefined },
    localZone: 'Europe/Berlin',
    createClient: countingClients(clock, attempts),
  });
  try {
    await engine.start();
    await clock.advance(HOUR);
    const fromMs = clock.now();
    await clock.advance(IDLE_HOURS * HOUR);
    const made = attempts.filter((t) => t >= fromMs && t < clock.now());
    const perAccount = sims.map((sim) => sim.requests.count());
    return [
      {
        name: `requests per schedule per idle hour (2 accounts × ${n} watched)`,
        value: round(made.length / (2 * n) / IDLE_HOURS),
        unit: 'req',
        max: 15,
        note: `average of ${IDLE_HOURS} hours; requests per service over the run: ${perAccount.join(' and ')}`,
      },
    ];
  } finally {
    await engine.stop();
    for (const sim of sims) await sim.close();
  }
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
  const setup = { hasKey: true, keyStorage: 'keychain' as const, demo: false };
  const cold: number[] = [];
  const copies = Array.from({ length: 40 }, () => halves.map((schedules) => structuredClone({ ...whole, schedules })));
  copies.forEach((snapshots, i) => {
    const t0 = performance.now();
    const states = snapshots.map((snapshot, a) =>
      deriveState({
        snapshot,
        settings: serviceSettings(settings, settings.accounts[a]!),
        setup,
        syncing: false,
        notices: [],
        localZone: 'Europe/Berlin',
        nowMs: START + i * MIN,
      }),
    );
    combineStates(
      states.map((state, a) => ({ account: settings.accounts[a]!, state })),
      settings,
      [],
    );
    cold.push(performance.now() - t0);
  });
  return [
    {
      name: 'state derivation, 2 accounts × 25 schedules × 14 days, right after a sync',
      value: round(median(cold), 2),
      unit: 'ms',
      max: 5,
      note: 'median of 40; both accounts derived and combined',
    },
  ];
}

export const ACCOUNTS_SECTIONS: Section[] = [
  { id: 'accounts-budget', title: 'Two accounts: request budget', report: 'core', run: twoAccountBudget },
  { id: 'accounts-derive', title: 'Two accounts: state derivation', report: 'core', run: twoAccountDerivation },
];
