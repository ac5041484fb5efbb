// Several accounts (issue 30): the request budget holds per schedule with two services watched side by side (each
// its own simulator, key and sync loop). Deriving their combined state is in ./derive-sections.
import { ok } from '../electron/api/errors';
import { createEngine } from '../electron/core/engine/engine';
import { startSimulator } from '../electron/simulator/server';
import { IoClock } from '../test/core/support/io-clock';
import { MemoryFileStore } from '../test/core/support/memory-file-store';
import { countingClients } from './engine-rig';
import { BENCH_EMAIL, benchSeed } from './seeds';
import { round, type Figure, type Section } from './types';

const START = Date.parse('2026-03-25T10:17:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const IDLE_HOURS = 24;
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `sch_bench_${from + i}`);

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

export const ACCOUNTS_SECTIONS: Section[] = [
  { id: 'accounts-budget', title: 'Two accounts: request budget', report: 'core', run: twoAccountBudget },
];
