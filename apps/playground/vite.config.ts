import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { firstAnswers } from './build/first-answers.ts';
import { scenarioBundle } from './build/scenario-bundle.ts';
import { DEFAULT_ENTRY } from './src/protocol/engine-protocol.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '../..');
/** The page's own views, drawn at once (the page model, which the entry imports, stays in the entry) … */
const FIRST_PAINT = /[\\/]apps[\\/]playground[\\/]src[\\/]page[\\/](?!playground\.ts$)/;
/** … but not the views loaded on first use; and the page's editor code, loaded with Monaco. */
const LATER = /[\\/]src[\\/]page[\\/](views[\\/](simulate-view|play-view|compare-view|graph-view|game-setup)\.tsx|charts[\\/])/;
const VENDOR = /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(preact|@preact[\\/]signals(-core)?)[\\/]/;
const EDITOR = /[\\/]apps[\\/]playground[\\/]src[\\/]editor[\\/](?!lsp[\\/])/;

/**
 * The chunk the page imports dynamically but always needs first, fetched from the start (`<link rel="modulepreload">`,
 * which fetches and compiles but runs nothing): the views of the first paint (and their styles), whose download
 * otherwise waits for the entry to run. Not Monaco: preloading it too delayed both the first paint and the editor
 * (measured with `PLAYGROUND_BENCH_ONLY=load pnpm bench`, alternating builds: editable in 1.1–1.4 s with the views
 * alone preloaded, 1.6–1.9 s with Monaco as well or with nothing, on a loaded machine).
 */
const PRELOADED = ['mount'];

function preloadChunks(): Plugin {
  return {
    name: 'houserules-preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' && PRELOADED.includes(c.name) && !c.isEntry ? [c] : []));
        chunks.sort((a, b) => PRELOADED.indexOf(a.name) - PRELOADED.indexOf(b.name));
        return chunks.flatMap((c) => [
          { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${c.fileName}` }, injectTo: 'head' as const },
          ...[...(c.viteMetadata?.importedCss ?? [])].map((css) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${css}` }, injectTo: 'head' as const })),
        ]);
      },
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [scenarioBundle(repoRoot), preloadChunks()],
  // The engine worker bundles the scenarios too, and its answers for them as they are (computed here, at build time).
  worker: { format: 'es', plugins: () => [scenarioBundle(repoRoot), firstAnswers(repoRoot, [DEFAULT_ENTRY])] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // Monaco is one big chunk by nature; the budget that matters is measured by the bench.
    chunkSizeWarningLimit: 6000,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // The first paint loads the entry (the page model), the views drawn at once (`mount`), Preact (`vendor`)
        // and the scenarios' texts. Monaco (its own chunk; the page's editor code beside it) follows as a dynamic
        // import, then the language service's client; the views other than Problems and Tests load on first use
        // (or when the page is idle). Monaco and the texts change less often than the page: each is cached apart.
        codeSplitting: {
          groups: [
            { name: 'monaco', test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?monaco-editor[\\/]/, priority: 2 },
            { name: 'scenarios', test: (id) => id === '\0virtual:houserules/scenarios', priority: 2 },
            // Preact, and Vite's preload helper: Monaco's own dynamic imports use the helper too, and in Monaco's
            // chunk it would make the page's first paint wait for Monaco.
            { name: 'vendor', test: (id) => VENDOR.test(id) || id.includes('vite/preload-helper'), priority: 3 },
            // The page's first paint in one chunk (the views' shared pieces with it), rather than a few small ones;
            // and the page's editor code (Monaco's set-up, the language, the editor host, the test marks) in another.
            { name: 'mount', test: (id) => FIRST_PAINT.test(id) && !LATER.test(id), priority: 1 },
            { name: 'editor', test: EDITOR, priority: 1 },
          ],
        },
      },
    },
  },
});
