// Writes test/durations.json (seconds per test file, from a run's JSON report: test-results/vitest.json, as .ci/run
// writes it) for vitest.config.ts's longest-first order. Run after a full `bash .ci/run` when the suite has changed.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const report = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/vitest.json', 'utf8'));
const durations = Object.fromEntries(
  report.testResults
    .map((s) => [
      relative(process.cwd(), s.name).split('\\').join('/'),
      Math.round((s.endTime - s.startTime) / 100) / 10,
    ])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync('test/durations.json', `${JSON.stringify(durations, null, 2)}\n`);
