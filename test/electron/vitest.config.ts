// `npm run test:electron` (scripts/test-electron.mjs): the smoke suite against the real Electron, on its own. Its
// files are named *.spec.ts, so the main config (test/**/*.test.ts, `npm test`) never picks them up.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/electron/**/*.spec.ts'],
    environment: 'node',
    // One app at a time: the suite's steps share one launched app and run in order.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
