import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per file from a full run (scripts/test-durations.mjs); a missing or unreadable file orders as vitest would. */
function knownDurations(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(new URL('./test/durations.json', import.meta.url), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'));
  } catch {
    return {};
  }
}

// On a clean clone vitest has no timing cache and starts the largest files first, so a long but short-written file
// (axe over every view) could start last and leave one of the two workers idle for a minute. Longest first, by the
// durations of the last full run; files it doesn't know (new ones) first, as vitest itself does.
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = knownDurations();
    const cost = (f: TestSpecification) => known[relative(process.cwd(), f.moduleId).split('\\').join('/')];
    const base = await super.sort(files);
    if (Object.keys(known).length === 0) return base;
    return [...base].sort((a, b) => (cost(b) ?? Infinity) - (cost(a) ?? Infinity));
  }
}

/** Files that mock modules (vi.mock), stub globals or change process.env: a fresh module graph each. Also files
 *  whose generated texts must come back from a backup byte for byte: in a shared worker, keys other files' engines
 *  remembered (redact-secrets.ts masks every key the process holds, e.g. a test's 'a'.repeat(30)) are masked in them. */
const ISOLATED = ['test/main.test.ts', 'test/adapters/**/*.test.ts', 'test/core/calendar/record-claims.test.ts'];

/** `npm run test:fast` (`vitest run --mode fast`) leaves these out: Chromium, the real OS services, the CLI run as a
 * process, packaging, and the month-long simulations and largest generated worlds (each 8–90 s). `npm test` runs
 * them all. */
const SLOW = [
  'test/e2e/**',
  'test/system/**',
  'test/electron/**',
  'test/adapters/packaging-build.test.ts',
  'test/adapters/windows-checkout.test.ts',
  'test/core/reminders/month-*.test.ts',
  'test/core/reminders/timing-property.test.ts',
  'test/core/reminders/quiet-property.test.ts',
  'test/core/reminders/scenarios.test.ts',
  'test/core/handoff/reminders-after-handoff.test.ts',
  'test/cli/**',
  'test/core/engine/week.test.ts',
  'test/core/engine/alarm-month.test.ts',
  'test/core/state/knowledge-property.test.ts',
];

export default defineConfig(({ mode }) => ({
  test: {
    // The renderer's Chromium tests drive the built renderer: build it first when missing or stale.
    globalSetup: ['test/e2e/support/global-setup.ts'],
    // Closes what each test opened (test/support/closing.ts).
    setupFiles: ['test/support/setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: keep workers modest so loopback timing stays stable.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    // Most files share a worker's loaded modules (isolate: false): each file loading the engine, zod and the
    // simulator afresh cost about a third of the suite's time. Files that mock modules, stub globals or change the
    // environment keep a fresh module graph each.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...ISOLATED, ...(mode === 'fast' ? SLOW : [])],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude: mode === 'fast' ? SLOW : [] } },
    ],
  },
}));
