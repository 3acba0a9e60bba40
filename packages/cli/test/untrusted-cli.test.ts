/* eslint-disable no-control-regex -- these tests look for raw control characters */
// What the command line does with untrusted files: nothing they hold reaches
// the terminal raw; every failure at the boundary is one line with a code and
// exit 1 or 2; exit 70 only for a bug, its stack only with --debug.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/main.ts';
import { runCli } from './run-cli.ts';

/** Raw control characters a terminal acts on (newline and tab excepted). */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const ESC = '\u001b';
const NASTY = `${ESC}[2J${ESC}]0;pwned\u0007\u009b31m\u202e`;

function project(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'houserules-untrusted-')));
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  return dir;
}

/** A scenario whose title, comments, strings, test names and an error carry escape sequences. */
function nastyScenario(dir: string, broken: boolean): string {
  const file = join(dir, 'nasty.rules');
  writeFileSync(
    file,
    [
      `scenario "Evil${NASTY}" {`,
      '  players 2..4',
      '}',
      `// comment ${NASTY}`,
      'var v: number = 0',
      'flow {',
      '  rounds 1 {',
      '    step go',
      '  }',
      '}',
      'rule r on go {',
      `  set ${broken ? 'x' : 'v'} = 1 // ${NASTY}`,
      '}',
      `test "name ${NASTY}\\"" {`,
      '  players 2',
      '  expect v == 2',
      '}',
      '',
    ].join('\n'),
  );
  return file;
}

describe('terminal output', () => {
  it('escapes control characters from a file in code frames, and keeps JSON exact', async () => {
    const dir = project();
    const file = nastyScenario(dir, true);
    const text = await runCli(['check', file]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/resolve\/unknown-name/);
    expect(text.stdout).not.toMatch(RAW_CONTROL);
    expect(text.stdout).toContain('\\u{1b}[2J');
    const json = await runCli(['check', file, '--json']);
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    const fixed = nastyScenario(dir, false);
    const compiled = await runCli(['compile', fixed, '--json']);
    expect(compiled.stdout).not.toMatch(RAW_CONTROL);
    expect((JSON.parse(compiled.stdout) as { graph: { scenario: { title: string } } }).graph.scenario.title).toBe(`Evil${NASTY}`);
  });

  it.each(['pretty', 'tap', 'junit', 'json'])('escapes test names and values in the %s report', async (reporter) => {
    const dir = project();
    const file = nastyScenario(dir, false);
    const run = await runCli(['test', file, '--reporter', reporter]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/name/);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stderr).not.toMatch(RAW_CONTROL);
    if (reporter === 'json') expect(JSON.stringify(JSON.parse(run.stdout))).toContain('name \\u001b[2J');
  });

  it('escapes the title in summaries, and file names in fmt --check', async () => {
    const dir = project();
    const file = nastyScenario(dir, false);
    const simulated = await runCli(['simulate', file, '--games', '2']);
    expect(simulated.code).toBe(0);
    expect(simulated.stdout).not.toMatch(RAW_CONTROL);
    const checked = await runCli(['check', dir, '--summary']);
    expect(checked.stdout).toMatch(/Evil/);
    expect(checked.stdout).not.toMatch(RAW_CONTROL);
    const odd = join(dir, `a${ESC}[2Jb\n0 errors.rules`);
    writeFileSync(odd, 'token   a\n');
    const listed = await runCli(['fmt', '--check', odd]);
    expect(listed.code).toBe(1);
    expect(listed.stdout).not.toMatch(RAW_CONTROL);
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
  });
});

/** One line on stderr with the code, nothing on stdout, the exit code. */
async function failsWith(args: string[], code: string, exit: number, cwd?: string): Promise<string> {
  const run = await runCli(args, cwd);
  expect(run.code, run.stderr).toBe(exit);
  expect(run.stderr).toContain(`error[${code}]`);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return run.stderr;
}

describe('failures at the command-line boundary', () => {
  const game = 'scenario "T" {\n  players 2..4\n}\n\nflow {\n  rounds 1 {\n    step go\n  }\n}\n';

  it('output paths: a missing folder, a folder, a file as a folder, a read-only place', async () => {
    const dir = project();
    const file = join(dir, 't.rules');
    writeFileSync(file, game);
    writeFileSync(join(dir, 'plain.txt'), 'x');
    await failsWith(['compile', file, '-o', join(dir, 'missing', 'out.json')], 'cli/cannot-write', 2);
    await failsWith(['compile', file, '-o', dir], 'cli/cannot-write', 2);
    await failsWith(['compile', file, '-o', join(dir, 'plain.txt', 'out.json')], 'cli/cannot-write', 2);
    await failsWith(['simulate', file, '--games', '2', '--log', join(dir, 'missing', 'log.jsonl')], 'cli/cannot-write', 2);
    await failsWith(['simulate', file, '--games', '2', '--log', dir], 'cli/cannot-write', 2);
    // /proc is the system's: refused before it is opened, even for root
    await failsWith(['compile', file, '-o', '/proc/version'], 'cli/not-a-regular-file', 2);
  });

  it('malformed logs: a null header, missing fields, not JSON, events out of place, a folder', async () => {
    const dir = project();
    writeFileSync(join(dir, 't.rules'), game);
    const header = { scenario: join(dir, 't.rules'), variant: null, options: {}, players: 2, seed: 1, agents: ['random', 'random'], agentSeeds: [1, 2] };
    const logs: [string, string][] = [
      ['null header', `${JSON.stringify({ game: 0, header: null })}\n`],
      ['no scenario', `${JSON.stringify({ game: 0, header: { ...header, scenario: undefined } })}\n`],
      ['no players', `${JSON.stringify({ game: 0, header: { ...header, players: 'four' } })}\n`],
      ['2^53 players', `${JSON.stringify({ game: 0, header: { ...header, players: 2 ** 53 } })}\n`],
      ['agents missing', `${JSON.stringify({ game: 0, header: { ...header, agents: null } })}\n`],
      ['not JSON', '{"game": 0, "head\n'],
      ['no game number', '{"header": {}}\n'],
      ['an event first', `${JSON.stringify({ game: 0, round: 0, turn: 0, event: '$start', data: {} })}\n`],
      ['an event without a name', `${JSON.stringify({ game: 0, header })}\n${JSON.stringify({ game: 0, round: 0, turn: 0, data: {} })}\n`],
      ['options that are not an object', `${JSON.stringify({ game: 0, header: { ...header, options: [1] } })}\n`],
    ];
    for (const [what, text] of logs) {
      const log = join(dir, `${what.replace(/\W/g, '_')}.jsonl`);
      writeFileSync(log, text);
      await failsWith(['replay', log], 'cli/malformed-log', 1, dir);
    }
    await failsWith(['replay', dir], 'cli/cannot-read', 2, dir);
    await failsWith(['replay', join(dir, 'none.jsonl')], 'cli/cannot-read', 2, dir);
  });

  it('replays a __proto__ option in a log as an unknown option, not a prototype', async () => {
    const dir = project();
    writeFileSync(join(dir, 't.rules'), game);
    const header = { scenario: join(dir, 't.rules'), variant: null, options: JSON.parse('{"__proto__": 3}'), players: 2, seed: 1, agents: ['random', 'random'], agentSeeds: [1, 2] };
    const log = join(dir, 'proto.jsonl');
    writeFileSync(log, `{"game":0,"header":${JSON.stringify(header).replace('"options":{}', '"options":{"__proto__":3}')}}\n`);
    expect(readFileSync(log, 'utf8')).toContain('__proto__');
    const run = await runCli(['replay', log], dir);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/run\/unknown-option/);
  });

  it('a replayed game that stopped before its end exits 1 and names the rules of its loop', async () => {
    const dir = project();
    const file = join(dir, 'loop.rules');
    writeFileSync(file, `${game}event ping\nevent pong\nrule start on go {\n  emit ping\n}\nrule ping_first on ping {\n  emit pong\n}\nrule pong_back on pong {\n  emit ping\n}\n`);
    const log = join(dir, 'loop.jsonl');
    const simulated = await runCli(['simulate', file, '--games', '1', '--log', log]);
    expect(simulated.code).toBe(1);
    expect(simulated.stdout).toMatch(/run\/step-budget: .*(ping_first|pong_back)/);
    const replayed = await runCli(['replay', log], dir);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toMatch(/STOPPED before its end: run\/step-budget: .*pong_back/);
  });

  it('caps --workers at the cores, with a message', async () => {
    const dir = project();
    const file = join(dir, 't.rules');
    writeFileSync(file, game);
    const run = await runCli(['simulate', file, '--games', '4', '--workers', '400', '--json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`more than the ${availableParallelism()} core`);
    expect((JSON.parse(run.stdout) as { timing: { workers: number } }).timing.workers).toBe(availableParallelism());
  });

  it('refuses agent parameters outside the language’s numbers', async () => {
    const dir = project();
    const file = join(dir, 't.rules');
    writeFileSync(file, `${game}per player {\n  var plan: go_on | stop = go_on\n}\npolicy careful(limit: number = 3) "x" {\n  prefer stop when limit > 2\n}\n`);
    await failsWith(['simulate', file, '--agents', 'careful(99999999999999999999)'], 'cli/usage', 2);
    expect((await runCli(['simulate', file, '--games', '2', '--agents', 'careful(5)'])).code).toBe(0);
  });

  it('a bug is one line with exit 70 and a request to report it; --debug adds the stack', async () => {
    const failing = (): { write: (t: string) => void } => ({
      write: () => {
        throw new TypeError('boom');
      },
    });
    let stderr = '';
    const code = await main(['--version'], { stdout: failing(), stderr: { write: (t: string) => (stderr += t) }, cwd: process.cwd() });
    expect(code).toBe(70);
    expect(stderr).toContain('error[cli/internal-error]');
    expect(stderr).toMatch(/please report it/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    let debug = '';
    expect(await main(['--version', '--debug'], { stdout: failing(), stderr: { write: (t: string) => (debug += t) }, cwd: process.cwd() })).toBe(70);
    expect(debug).toMatch(/\n\s+at /);
  });

  it('a usage mistake is one line with cli/usage and exit 2', async () => {
    await failsWith(['check', '--nope'], 'cli/usage', 2);
    const run = await runCli(['frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toContain('error[cli/usage]');
  });

  it('writes every game of a streamed --log in game order, from one thread or two', async () => {
    const dir = project();
    mkdirSync(join(dir, 'logs'));
    const texts: string[] = [];
    for (const workers of ['1', '2']) {
      const log = join(dir, 'logs', `games-${workers}.jsonl`);
      const run = await runCli(['simulate', 'scenarios/diamant', '--games', '300', '--workers', workers, '--log', log]);
      expect(run.code).toBe(0);
      const lines = readFileSync(log, 'utf8').trim().split('\n');
      const headers = lines.filter((l) => l.includes('"header"')).map((l) => (JSON.parse(l) as { game: number }).game);
      expect(headers).toEqual(Array.from({ length: 300 }, (_, i) => i));
      texts.push(readFileSync(log, 'utf8'));
    }
    expect(texts[0] === texts[1]).toBe(true);
  });
});
