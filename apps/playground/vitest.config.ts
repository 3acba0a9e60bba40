import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'playground',
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // The browser tests share two cores with everything else: one file at a time.
    fileParallelism: false,
  },
});
