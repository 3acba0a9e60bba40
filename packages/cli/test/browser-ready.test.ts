import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Everything but the CLI runs in a browser (the playground runs the compiler in a web worker).
// Bundling each package for the browser fails if anything in it reaches for a Node built-in.
const packagesDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
const browserPackages = ['syntax', 'schema', 'compiler', 'engine', 'conformance', 'simulation', 'render', 'diff', 'language-service'];

describe('browser-ready packages', () => {
  it.each(browserPackages)('%s bundles for the browser with no Node built-ins', async (name) => {
    const result = await build({
      entryPoints: [join(packagesDir, name, 'src/index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((path) => path.startsWith('node:') || /(^|\/)node_modules\/@types\/node\//.test(path))).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/\bfrom\s*["']node:/);
    expect(code).not.toMatch(/\brequire\(["'](fs|path|os|worker_threads|child_process)["']\)/);
  });
});
