import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { scenarioBundle } from './build/scenario-bundle.ts';

const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  base: './',
  plugins: [scenarioBundle(join(here, '../..'))],
  worker: { format: 'es' },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // Monaco is one big chunk by nature; the budget that matters is measured by the bench.
    chunkSizeWarningLimit: 6000,
    reportCompressedSize: false,
  },
});
