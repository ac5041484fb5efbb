import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: keep workers modest so loopback timing stays stable.
    maxWorkers: 2,
  },
});
