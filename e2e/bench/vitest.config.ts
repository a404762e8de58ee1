import { defineConfig } from 'vitest/config';

// Benchmarks run apart from the tests (`npm run bench:*`); each prints its figures beside a baseline.
export default defineConfig({
  test: {
    include: ['e2e/bench/**/*.bench.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    reporters: ['verbose'],
  },
});
