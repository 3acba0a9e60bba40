import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'language-service', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
