// Bundles the client (dist/extension.cjs, CommonJS as VS Code loads it) and puts the
// houserules command beside it (dist/houserules.js: the server the client starts, with
// the chunks it loads, dist/chunks/).
import { build } from 'esbuild';
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import process from 'node:process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, '../../packages/cli');
mkdirSync(join(root, 'dist'), { recursive: true });
await build({
  entryPoints: [join(root, 'src/extension.ts')],
  outfile: join(root, 'dist/extension.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  logLevel: 'warning',
});
if (!existsSync(join(cli, 'dist/houserules.js'))) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: cli, stdio: 'inherit' });
copyFileSync(join(cli, 'dist/houserules.js'), join(root, 'dist/houserules.js'));
rmSync(join(root, 'dist/chunks'), { recursive: true, force: true });
cpSync(join(cli, 'dist/chunks'), join(root, 'dist/chunks'), { recursive: true, filter: (path) => !path.endsWith('.map') });
