import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The renderer's Chromium tests drive the built renderer: build it first when missing or stale.
    globalSetup: ['test/e2e/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: keep workers modest so loopback timing stays stable.
    maxWorkers: 2,
  },
});
