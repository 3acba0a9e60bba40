// Issue 29, item 6: every path the command writes is checked once every
// symlink of the part of it that exists is resolved. A checked-out project
// cannot turn a write inside it into a write elsewhere: through a folder
// symlink out of the project (`resolve/outside-project`), through a dangling
// symlink (`cli/cannot-write`), into a FIFO or under /proc (`cli/not-a-regular-file`);
// all exit 2, and nothing lands outside.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedOutputPath } from '../src/output-file.ts';
import { copyDiamant, runCli } from './run-cli.ts';

const TINY = 'scenario "Tiny" {\n  players 2..4\n}\n\nvar v: number = 0\n\nflow {\n  rounds 1 {\n    step go\n  }\n}\n\nrule r on go {\n  set v = v + 1\n}\n';

/** A project (`project/`, with tiny.rules) and beside it `outside/`; in the project, `away` links to outside/, `dead.json` (.dot, .svg) to files that do not exist, `deaddir` to a folder that does not. */
function sandbox(): { project: string; outside: string } {
  const top = realpathSync(mkdtempSync(join(tmpdir(), 'houserules-writes-')));
  const project = join(top, 'project');
  const outside = join(top, 'outside');
  mkdirSync(project);
  mkdirSync(outside);
  writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
  writeFileSync(join(project, 'tiny.rules'), TINY);
  symlinkSync(outside, join(project, 'away'));
  for (const ext of ['json', 'dot', 'svg']) symlinkSync(join(outside, `made-by-a-write.${ext}`), join(project, `dead.${ext}`));
  symlinkSync(join(outside, 'nowhere'), join(project, 'deaddir'));
  return { project, outside };
}

/** Every command that writes a file, writing to `target` (relative to the project). */
function writers(target: string): string[][] {
  return [
    ['compile', 'tiny.rules', '-o', target],
    ['graph', 'tiny.rules', '-o', target.replace(/\.\w+$/, '.dot')],
    ['render', 'tiny.rules', '-o', target.replace(/\.\w+$/, '.svg')],
    ['simulate', 'tiny.rules', '--games', '1', '--log', target],
    ['simulate', 'tiny.rules', '--games', '1', '--shard', '1/1', '--partial-out', target],
    ['play', 'tiny.rules', '--log', target],
  ];
}

async function refused(argv: string[], cwd: string, code: string): Promise<void> {
  const run = await runCli(argv, cwd, ['quit']);
  expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(2);
  expect(run.stderr, argv.join(' ')).toContain(`error[${code}]`);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('where the command writes', () => {
  it('never through a folder symlink out of the project, nor through a dangling symlink', async () => {
    const { project, outside } = sandbox();
    for (const argv of writers('away/out.json')) await refused(argv, project, 'resolve/outside-project');
    for (const argv of writers('dead.json')) await refused(argv, project, 'cli/cannot-write');
    for (const argv of writers('deaddir/out.json')) await refused(argv, project, 'cli/cannot-write');
    await refused(['init', 'away/game'], project, 'resolve/outside-project');
    await refused(['init', 'deaddir'], project, 'cli/cannot-write');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('diff --witness-out through a folder symlink or a dangling symlink is refused before the search', async () => {
    const { dir } = copyDiamant();
    const project = join(dir, '..');
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'houserules-witness-outside-')));
    symlinkSync(outside, join(project, 'away'));
    symlinkSync(join(outside, 'w.rules'), join(project, 'dead.rules'));
    const base = ['diff', 'diamant', '--variant', 'incan_gold', '--behaviour', '--games', '1'];
    await refused([...base, '--witness-out', 'away/w.rules'], project, 'resolve/outside-project');
    await refused([...base, '--witness-out', 'dead.rules'], project, 'cli/cannot-write');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('fmt does not rewrite a file through a symlink out of its project', async () => {
    const { project, outside } = sandbox();
    const theirs = join(outside, 'theirs.rules');
    writeFileSync(theirs, 'derive   two :number=2\n');
    symlinkSync(theirs, join(project, 'link.rules'));
    const run = await runCli(['fmt', 'link.rules'], project);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error[resolve/outside-project]');
    expect(readFileSync(theirs, 'utf8')).toBe('derive   two :number=2\n');
  });

  it.runIf(process.platform !== 'win32')('never into a named pipe (no wait) or under /proc', async () => {
    const { project } = sandbox();
    execFileSync('mkfifo', [join(project, 'pipe.json')]);
    await refused(['compile', 'tiny.rules', '-o', 'pipe.json'], project, 'cli/not-a-regular-file');
    await refused(['simulate', 'tiny.rules', '--games', '1', '--log', 'pipe.json'], project, 'cli/not-a-regular-file');
    await refused(['compile', 'tiny.rules', '-o', '/proc/self/fd/1'], project, 'cli/not-a-regular-file');
    await refused(['init', '/proc/x'], project, 'cli/not-a-regular-file');
    await refused(['init', 'pipe.json'], project, 'cli/not-a-regular-file');
  });

  it('writes a path inside the project, through a symlink that stays inside, and a path named outside every project', async () => {
    const { project } = sandbox();
    mkdirSync(join(project, 'out'));
    symlinkSync(join(project, 'out'), join(project, 'inside'));
    expect((await runCli(['compile', 'tiny.rules', '-o', 'inside/g.json'], project)).code).toBe(0);
    expect(existsSync(join(project, 'out', 'g.json'))).toBe(true);
    const elsewhere = realpathSync(mkdtempSync(join(tmpdir(), 'houserules-named-')));
    expect((await runCli(['compile', 'tiny.rules', '-o', join(elsewhere, 'g.json')], project)).code).toBe(0);
    expect(existsSync(join(elsewhere, 'g.json'))).toBe(true);
    // the function itself: the path it returns is the one opened, every link resolved
    expect(checkedOutputPath(project, 'inside/x.json', project)).toBe(join(project, 'out', 'x.json'));
    expect(() => checkedOutputPath(project, 'away/x.json', null)).toThrow(/outside the project/);
  });
});
