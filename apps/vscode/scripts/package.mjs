// Builds the extension and packages it into dist/houserules.vsix (not published).
import { execFileSync } from 'node:child_process';
import process from 'node:process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
const vsce = join(dirname(createRequire(import.meta.url).resolve('@vscode/vsce/package.json')), 'vsce');
execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '-o', join(root, 'dist/houserules.vsix')], { cwd: root, stdio: 'inherit' });
