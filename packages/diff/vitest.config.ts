import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'diff', include: ['test/**/*.test.ts'] },
});
