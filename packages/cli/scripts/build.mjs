// Bundles the command and its simulation worker into dist/ (ESM, Node 20).
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS dependencies may call require(); give ESM output one.
  banner: { js: "import { createRequire as __hrCreateRequire } from 'node:module'; const require = __hrCreateRequire(import.meta.url);" },
};

await build({
  ...common,
  entryPoints: [join(root, 'src/houserules.ts')],
  outfile: join(root, 'dist/houserules.js'),
  banner: { js: `#!/usr/bin/env node\n${common.banner.js}` },
});
await build({
  ...common,
  entryPoints: [join(root, 'src/simulate/simulate-worker.ts')],
  outfile: join(root, 'dist/simulate-worker.js'),
});
chmodSync(join(root, 'dist/houserules.js'), 0o755);
