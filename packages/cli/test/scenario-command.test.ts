// The first steps the commands on one scenario share (openScenarioCommand): every mistake is refused the same way
// by compile, graph, play and render, with the same code and exit code, in the same order.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { integerOptions, parseCommandArgs } from '../src/command-args.ts';
import { copyDiamant, runCli } from './run-cli.ts';

/** The code of the first error line a run printed (`error[cli/usage]: …`). */
const codeOf = (stderr: string): string | undefined => /error\[([^\]]+)\]/.exec(stderr)?.[1];

// Each command with what else it needs to get as far as the scenario (render needs its picture).
const COMMANDS: [string, string[]][] = [
  ['compile', []],
  ['graph', []],
  ['play', []],
  ['render', ['-o', 'x.svg']],
];

describe('commands on one scenario refuse the same mistakes the same way', () => {
  it.each(COMMANDS)('%s', async (command, extra) => {
    const refused = async (argv: string[], exit: number, code: string): Promise<string> => {
      const run = await runCli([command, ...argv, ...extra], undefined, []);
      expect([run.code, codeOf(run.stderr)], run.stderr).toEqual([exit, code]);
      return run.stderr;
    };
    // command-line mistakes: exit 2, cli/usage
    expect(await refused(['scenarios/diamant', '--varaint', 'x'], 2, 'cli/usage')).toContain('--variant');
    expect(await refused([], 2, 'cli/usage')).toMatch(/name exactly one scenario/);
    await refused(['scenarios/diamant', 'scenarios/durango'], 2, 'cli/usage');
    await refused(['scenarios/diamant', '--root', 'no-such-folder'], 2, 'cli/usage');
    // a wrong path or variant: exit 2 under the loader's own code
    await refused(['scenarios/no-such-game/x.rules'], 2, 'cli/cannot-read');
    await refused(['scenarios/diamant', '--variant', 'no_such_variant'], 2, 'resolve/unknown-variant');
    // errors in the rules: diagnostics, exit 1 (compile prints them and exits 1 too)
    const { file } = copyDiamant();
    writeFileSync(file, 'module diamant\nrule broken on nothing_at_all { }\n');
    const broken = await runCli([command, file, ...extra], undefined, []);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/error\[resolve\//);
  });

  it('checks a command’s own options before opening the scenario', async () => {
    // the scenario does not exist, but the option is refused first
    expect(codeOf((await runCli(['play', 'scenarios/nothing', '--seed', 'x'])).stderr)).toBe('cli/usage');
    expect(codeOf((await runCli(['render', 'scenarios/nothing', '-o', 'x.png'])).stderr)).toBe('cli/usage');
    expect(codeOf((await runCli(['graph', 'scenarios/nothing', '-o', 'x.png'])).stderr)).toBe('cli/usage');
    expect((await runCli(['play', 'scenarios/diamant', '--seed', String(2 ** 32)])).stderr).toMatch(/32 bits/);
  });
});

describe('integerOptions', () => {
  const args = (argv: string[]) => {
    const parsed = parseCommandArgs(argv, { players: { type: 'string' }, seed: { type: 'string' } });
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.args;
  };
  it('reads each option with its least value, absent ones undefined', () => {
    expect(integerOptions(args(['--players', '3']), { players: 1, seed: 0 })).toEqual({ ok: true, values: { players: 3, seed: undefined } });
  });
  it('gives the first malformed one, in the order asked', () => {
    expect(integerOptions(args(['--players', '0', '--seed', 'x']), { players: 1, seed: 0 })).toEqual({ ok: false, message: '--players must be an integer ≥ 1, got 0' });
    expect(integerOptions(args(['--players', '0', '--seed', 'x']), { seed: 0, players: 1 })).toEqual({ ok: false, message: '--seed expects an integer, got "x"' });
  });
});
