import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { scenarioBundle } from './build/scenario-bundle.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '../..');

export default defineConfig({
  base: './',
  plugins: [scenarioBundle(repoRoot)],
  // The engine worker bundles the scenarios too (it checks them before the page has loaded the editor).
  worker: { format: 'es', plugins: () => [scenarioBundle(repoRoot)] },
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
