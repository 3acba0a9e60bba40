// Bundles the command and its simulation worker into dist/ (ESM, Node 20).
//
// dist/houserules.js is the command (the `bin`); dist/simulate-worker.js the
// simulation worker; dist/chunks/ the code they share and each command's own
// code. main.ts imports a command's module only when it runs, and esbuild's
// code splitting makes each such import() a chunk of its own, so `simulate`
// never loads (nor makes V8 compile) Graphviz, the language server or the diff.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

// Chunk names carry a content hash: without a clean dist/, old chunks would pile up.
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { houserules: join(root, 'src/houserules.ts'), 'simulate-worker': join(root, 'src/simulate/simulate-worker.ts') },
  outdir: dist,
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  // Bundled CommonJS dependencies may call require(); give every ESM output file one.
  banner: { js: "import { createRequire as __hrCreateRequire } from 'node:module'; const require = __hrCreateRequire(import.meta.url);" },
});
chmodSync(join(dist, 'houserules.js'), 0o755);
