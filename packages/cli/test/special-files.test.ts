// Issue 29, item 2: every file the command reads (scenarios and their modules,
// graphs, partials, style files, logs, rulebooks) is refused at once when it
// is not a regular file — a FIFO would block, /dev/zero never ends, /proc
// files say they are empty — with `cli/not-a-regular-file` and exit 2 (a
// diagnostic of the importing file when a module is one), and every read is
// bounded by its budget: one byte more is refused, not read.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PARTIAL_FILE } from '../src/cli-budgets.ts';
import { notARegularFile, openInputFile, readInputFile } from '../src/input-file.ts';
import { runCli } from './run-cli.ts';

const TINY = 'scenario "Tiny" {\n  players 2..4\n}\n\nvar v: number = 0\n\nflow {\n  rounds 1 {\n    step go\n  }\n}\n\nrule r on go {\n  set v = v + 1\n}\n';

/** A project holding tiny.rules, a named pipe `pipe` (also as pipe.rules, pipe.json, pipe.jsonl) and a link to /dev/zero. */
function project(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'houserules-special-')));
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  writeFileSync(join(dir, 'tiny.rules'), TINY);
  for (const name of ['pipe', 'pipe.rules', 'pipe.json', 'pipe.jsonl']) execFileSync('mkfifo', [join(dir, name)]);
  symlinkSync('/dev/zero', join(dir, 'zero.jsonl'));
  return dir;
}

const posix = process.platform !== 'win32';

describe.runIf(posix)('files that are not regular files', () => {
  it('are refused by every command that reads one, at once, with cli/not-a-regular-file and exit 2', async () => {
    const dir = project();
    const cases: string[][] = [
      ['merge', 'pipe.json'],
      ['merge', '/dev/zero'],
      ['merge', 'zero.jsonl'],
      ['replay', 'pipe.jsonl'],
      ['replay', '/dev/zero'],
      ['render', 'tiny.rules', '--log', 'pipe.jsonl', '-o', 'x.svg'],
      ['render', 'tiny.rules', '--log', '/dev/zero', '-o', 'x.svg'],
      ['render', 'tiny.rules', '--log', 'zero.jsonl', '-o', 'x.svg'],
      ['render', 'tiny.rules', '--style', 'pipe.json', '-o', 'x.svg'],
      ['check', 'pipe.rules'],
      ['compile', 'pipe.rules'],
      ['simulate', 'pipe.rules', '--games', '1'],
      ['test', 'pipe.rules'],
      ['fmt', 'pipe.rules'],
      ['graph', 'pipe.rules'],
      ['play', 'pipe.rules'],
      ['diff', 'pipe.json', 'tiny.rules'],
      ['check', '/proc/self/status'],
      ['replay', '/proc/self/status'],
    ];
    for (const argv of cases) {
      const run = await runCli(argv, dir);
      expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stderr, argv.join(' ')).toMatch(/cli\/not-a-regular-file/);
      expect(run.stderr, argv.join(' ')).not.toMatch(/\n\s+at /);
    }
  });

  it('a module or a scenario style that is a named pipe: a diagnostic where it is named, never a wait', async () => {
    const dir = project();
    writeFileSync(join(dir, 'main.rules'), `import "./pipe.rules"\n\n${TINY}`);
    const checked = await runCli(['check', 'main.rules', '--json'], dir);
    expect(checked.code).toBe(1);
    const codes = (JSON.parse(checked.stdout) as { diagnostics: { code: string; file?: string }[] }).diagnostics;
    expect(codes.map((d) => d.code)).toContain('cli/not-a-regular-file');
    mkdirSync(join(dir, 'styled'));
    writeFileSync(join(dir, 'styled', 'styled.rules'), TINY);
    execFileSync('mkfifo', [join(dir, 'styled', 'style.json')]);
    const drawn = await runCli(['render', 'styled', '-o', 'x.svg'], dir);
    expect(drawn.code).toBe(2);
    expect(drawn.stderr).toMatch(/cli\/not-a-regular-file/);
  });

  it('readInputFile: a FIFO, a device, /proc, a link to /dev/zero are refused unopened; a regular file is read up to its budget and no further', () => {
    const dir = project();
    for (const path of [join(dir, 'pipe'), '/dev/zero', '/dev/null', '/proc/self/status', '/sys/kernel', join(dir, 'zero.jsonl')]) {
      expect(notARegularFile(path), path).toBeDefined();
      const read = readInputFile(path, path, 1000);
      expect(read.ok, path).toBe(false);
      expect(!read.ok && read.reason, path).toBe('not-a-regular-file');
    }
    expect(notARegularFile(join(dir, 'tiny.rules'))).toBeUndefined();
    expect(notARegularFile(join(dir, 'no-such-file'))).toBeUndefined();
    const ten = join(dir, 'ten.txt');
    writeFileSync(ten, '0123456789');
    expect(readInputFile(ten, 'ten.txt', 10)).toMatchObject({ ok: true, text: '0123456789' });
    expect(readInputFile(ten, 'ten.txt', 9)).toMatchObject({ ok: false, reason: 'too-big' });
    expect(readInputFile(dir, 'dir', 10)).toMatchObject({ ok: false, reason: 'cannot-read' });
    const opened = openInputFile(join(dir, 'missing'), 'missing');
    expect(opened).toMatchObject({ ok: false, reason: 'cannot-read' });
  });

  it('merge refuses a partial beyond its budget by its size, without reading it', async () => {
    const dir = project();
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, MAX_PARTIAL_FILE + 1); // sparse: nothing is written, nothing should be read
    const run = await runCli(['merge', 'big.json'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/cli\/malformed-partial/);
  });
});
