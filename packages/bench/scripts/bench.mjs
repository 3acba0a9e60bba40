// `pnpm bench`: bundles the bench (src/bench.ts with the packages it measures) by
// esbuild into dist/bench.mjs, then runs it with the same arguments. The figures
// are then of bundled code, as users run it (the CLI and the playground are
// bundles), not of code loaded through a TypeScript loader: under tsx the
// hand-written Diamant baseline ran about a quarter slower than bundled, the
// interpreter about a twentieth.
import { buildSync } from 'esbuild';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../src/bench.ts', import.meta.url));
const outfile = fileURLToPath(new URL('../dist/bench.mjs', import.meta.url));
buildSync({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  logLevel: 'error',
  // esbuild runs its own binary; the bundled CommonJS dependencies call require
  external: ['esbuild'],
  banner: { js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);" },
});
await import(pathToFileURL(outfile).href);
