import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The CLI's bundle inlines the other workspace packages' sources. Turbo replays a cached build
// when none of the build's inputs changed, so every workspace file the bundle reads must be an
// input of `@houserules/cli#build` — or an edit to it ships a stale `houserules`.
const cliDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(cliDir, '../..');

/** A turbo input glob (`*`, `**`) as a regular expression over paths relative to the repository. */
function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      pattern += '.*';
      i++;
      if (glob[i + 1] === '/') i++;
    } else if (c === '*') pattern += '[^/]*';
    else pattern += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

function buildInputs(): { include: RegExp[]; exclude: RegExp[] } {
  const config = JSON.parse(readFileSync(join(cliDir, 'turbo.json'), 'utf8')) as { tasks: { build: { inputs: string[] } } };
  const include: RegExp[] = [];
  const exclude: RegExp[] = [];
  for (const input of config.tasks.build.inputs) {
    if (input === '$TURBO_DEFAULT$') {
      include.push(globToRegExp('packages/cli/**'));
      continue;
    }
    const negated = input.startsWith('!');
    const glob = (negated ? input.slice(1) : input).replace('$TURBO_ROOT$/', '');
    (negated ? exclude : include).push(globToRegExp(glob.startsWith('packages/') ? glob : `packages/cli/${glob}`));
  }
  return { include, exclude };
}

describe('the CLI build inputs', () => {
  it('cover every workspace source file the bundle reads', async () => {
    const result = await build({
      entryPoints: [join(cliDir, 'src/houserules.ts'), join(cliDir, 'src/simulate/simulate-worker.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outdir: join(cliDir, 'dist-inputs-test'),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const workspaceFiles = Object.keys(result.metafile.inputs)
      .map((path) => relative(root, join(process.cwd(), path)).split('\\').join('/'))
      .filter((path) => path.startsWith('packages/') && !path.includes('/node_modules/'));
    // the bundle does reach into the other packages (else this test checks nothing)
    expect(new Set(workspaceFiles.map((f) => f.split('/')[1])).size).toBeGreaterThan(5);
    const { include, exclude } = buildInputs();
    const uncovered = workspaceFiles.filter((f) => !include.some((r) => r.test(f)) || exclude.some((r) => r.test(f)));
    expect(uncovered).toEqual([]);
  });
});
