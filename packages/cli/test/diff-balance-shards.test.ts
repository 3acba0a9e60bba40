// `diff --balance --shard i/n` plays a fixed slice of the paired games and writes both sides' games as a
// partial; `merge` of all the shards prints exactly the report one `diff --balance` of all the games prints
// (text, --json, exit code). Partials are untrusted input: a bad one, or a set that is not the shards of one
// run, is a coded error, never a stack trace.
import { cpSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PARTIAL_FILE } from '../src/cli-budgets.ts';
import { copyDiamant, runCli } from './run-cli.ts';

const DIAMANT = ['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--balance', '--games', '31', '--seed', '5'];

async function shards(dir: string, count: number, run: readonly string[], order: number[] = Array.from({ length: count }, (_, i) => i + 1)): Promise<string[]> {
  const files: string[] = [];
  for (const i of order) {
    const file = join(dir, `part-${i}.json`);
    const r = await runCli([...run, '--shard', `${i}/${count}`, '--partial-out', file]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`^shard ${i}/${count}: `));
    files.push(file);
  }
  return files;
}

const codeOf = (stderr: string): string | undefined => /error\[([a-z]+\/[a-z-]+)\]/.exec(stderr)?.[1];

describe('diff --balance --shard and merge', () => {
  it('merges shards 1/3, 2/3 and 3/3 of Diamant vs Incan Gold into the unsharded report: the same text, JSON and exit code, in any order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-balance-shards-'));
    const whole = await runCli(DIAMANT);
    const wholeJson = await runCli([...DIAMANT, '--json']);
    const wholeMarkdown = await runCli([...DIAMANT, '--markdown']);
    const files = await shards(dir, 3, DIAMANT, [2, 3, 1]);
    const slices = files.map((f) => (JSON.parse(readFileSync(f, 'utf8')) as { shard: { from: number; to: number } }).shard);
    expect(slices.map((s) => [s.from, s.to])).toEqual([[10, 20], [20, 31], [0, 10]]);
    const merged = await runCli(['merge', ...files]);
    expect(merged.stdout).toBe(whole.stdout);
    expect(merged.code).toBe(whole.code);
    expect(merged.stderr).toMatch(/31 games of each side merged from 3 shards/);
    // run elsewhere, the scenarios as the shards were given them are not there: said, exit 2
    const elsewhere = await runCli(['merge', ...files], dir);
    expect({ code: elsewhere.code, error: codeOf(elsewhere.stderr), stdout: elsewhere.stdout }).toEqual({ code: 2, error: 'cli/usage', stdout: '' });
    expect(elsewhere.stderr).toContain('scenarios/diamant');
    const mergedJson = await runCli(['merge', ...files, '--json']);
    expect(mergedJson.stdout).toBe(wholeJson.stdout);
    expect((await runCli(['merge', ...files, '--markdown'])).stdout).toBe(wholeMarkdown.stdout);
    // a shard of no games (more shards than games) merges too
    const few = ['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--balance', '--games', '2'];
    const fewDir = mkdtempSync(join(tmpdir(), 'houserules-balance-few-'));
    expect((await runCli(['merge', ...(await shards(fewDir, 3, few))])).stdout).toBe((await runCli(few)).stdout);
    // without --shard, --partial-out writes the whole run's partial beside the report: its merge is that report
    const one = join(fewDir, 'whole.json');
    const report = await runCli([...few, '--partial-out', one]);
    expect(report.stdout).toMatch(/^Balance:/m);
    expect((await runCli(['merge', one])).stdout).toBe(report.stdout);
  });

  it('merges each difference played alone, and the run is the same given two ways (--games=N, flags in another order)', async () => {
    const run = ['diff', 'scenarios/durango', '--against-variant', 'durango_2016', '--balance', '--games', '12'];
    const whole = await runCli([...run, '--json']);
    const each = (JSON.parse(whole.stdout) as { balance: { each?: unknown[] } }).balance.each;
    expect(each?.length).toBeGreaterThan(1);
    const dir = mkdtempSync(join(tmpdir(), 'houserules-balance-each-'));
    const files = await shards(dir, 2, run);
    // a side the diff here does not play (a difference alone the partials have and the scenarios do not give)
    const extra = JSON.parse(readFileSync(files[1]!, 'utf8')) as { plays: { key: string }[] };
    extra.plays.push({ ...extra.plays[extra.plays.length - 1]!, key: 'alone 9: rule nowhere' });
    const extraFile = join(dir, 'extra-2.json');
    writeFileSync(extraFile, JSON.stringify(extra));
    const first = JSON.parse(readFileSync(files[0]!, 'utf8')) as { plays: { key: string }[] };
    first.plays.push({ ...first.plays[first.plays.length - 1]!, key: 'alone 9: rule nowhere' });
    const firstFile = join(dir, 'extra-1.json');
    writeFileSync(firstFile, JSON.stringify(first));
    const refused = await runCli(['merge', firstFile, extraFile]);
    expect({ code: refused.code, error: codeOf(refused.stderr), stdout: refused.stdout }).toEqual({ code: 1, error: 'cli/partials-disagree', stdout: '' });
    const other = join(dir, 'other-2.json');
    expect((await runCli(['diff', '--games=12', '--balance', 'scenarios/durango', '--against-variant=durango_2016', '--shard', '2/2', '--partial-out', other])).code).toBe(0);
    expect((await runCli(['merge', files[0]!, other, '--json'])).stdout).toBe(whole.stdout);
  });

  it('keeps a shard\'s run errors and shows them loudly after the merge (game, seed, code, place, replay), as the unsharded run', async () => {
    // both sides in one folder, where the shards and the merge run (a merge reads scenarios only inside its folder)
    const { dir: copy, file } = copyDiamant();
    const here = dirname(copy);
    cpSync(copy, join(here, 'original'), { recursive: true });
    // a loop in some games only: when a relic is revealed in the last round
    writeFileSync(file, readFileSync(file, 'utf8') + '\nevent echo\n\nrule ping on echo {\n  emit echo\n}\n\nrule start_echo on explored(c) when c is relic and round == 5 {\n  emit echo\n}\n');
    const run = ['diff', 'original/diamant.rules', 'diamant/diamant.rules', '--balance', '--games', '30'];
    const whole = await runCli(run, here);
    expect(whole.stdout).toMatch(/RUN ERRORS: \d+ games? of Diamant \(diamant\/diamant\.rules\) stopped on a run error/);
    const dir = mkdtempSync(join(tmpdir(), 'houserules-balance-errors-'));
    const files: string[] = [];
    let stopped = 0;
    for (let i = 1; i <= 3; i++) {
      files.push(join(dir, `p${i}.json`));
      const r = await runCli([...run, '--shard', `${i}/3`, '--partial-out', files[i - 1]!, '--json'], here);
      const said = JSON.parse(r.stdout) as { failures: number };
      stopped += said.failures;
      expect(r.code).toBe(said.failures > 0 ? 1 : 0);
    }
    expect(stopped).toBeGreaterThan(0);
    const merged = await runCli(['merge', ...files], here);
    expect(merged.stdout).toBe(whole.stdout);
    expect(merged.stdout).toContain('houserules replay game.jsonl --game');
    expect(merged.code).toBe(1);
    // the scenario changed after the shards played it: refused, not merged with the new rules
    writeFileSync(file, readFileSync(file, 'utf8') + '\nrule extra_ping on echo {\n  emit echo\n}\n');
    const changed = await runCli(['merge', ...files], here);
    expect(changed.code).toBe(1);
    expect(codeOf(changed.stderr)).toBe('cli/partials-disagree');
    expect(changed.stdout).toBe('');
  });

  it('refuses a set that is not the shards of one run: a shard missing or twice, two runs, simulation and balance partials mixed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-balance-bad-'));
    const run = ['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--balance', '--games', '6'];
    const files = await shards(dir, 3, run);
    const otherSeed = await shards(mkdtempSync(join(tmpdir(), 'houserules-balance-seed-')), 3, [...run, '--seed', '9']);
    const sim = join(dir, 'sim.json');
    expect((await runCli(['simulate', 'scenarios/diamant', '--games', '3', '--shard', '1/1', '--partial-out', sim])).code).toBe(0);
    const cases: [string[], RegExp][] = [
      [[files[0]!, files[2]!], /shard 2 of 3 missing/],
      [[files[0]!, files[1]!, files[1]!, files[2]!], /both shard 2\/3/],
      [[files[0]!, otherSeed[1]!, files[2]!], /another run .*seed differs/],
      [[files[0]!, sim], /simulation partial/],
    ];
    for (const [given, message] of cases) {
      const r = await runCli(['merge', ...given]);
      expect(r.code).toBe(1);
      expect(codeOf(r.stderr)).toBe('cli/partials-disagree');
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });

  it('refuses a malformed or oversized partial with cli/malformed-partial, never running anything it names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-balance-malformed-'));
    const [good] = await shards(dir, 1, ['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--balance', '--games', '4']);
    const base = JSON.parse(readFileSync(good!, 'utf8')) as Record<string, unknown> & { run: { args: string[]; games: number }; plays: { games: { rows: unknown[][]; failures: unknown[] } }[] };
    const edits: [string, (p: typeof base) => unknown][] = [
      ['version', (p) => ({ ...p, version: 2 })],
      ['a flag the run is not identified by', (p) => ({ ...p, run: { ...p.run, args: [...p.run.args, '--witness-out=x.rules'] } })],
      ['a word not --flag=value', (p) => ({ ...p, run: { ...p.run, args: [...p.run.args, '--behaviour'] } })],
      ['fewer games than the shard', (p) => ({ ...p, plays: p.plays.map((s) => ({ ...s, games: { ...s.games, rows: s.games.rows.slice(1) } })) })],
      ['a winner out of range', (p) => ({ ...p, plays: p.plays.map((s) => ({ ...s, games: { ...s.games, rows: s.games.rows.map((r) => [r[0], r[1], r[2], r[3], [99], r[5]]) } })) })],
      ['a score that is not a number', (p) => ({ ...p, plays: p.plays.map((s) => ({ ...s, games: { ...s.games, rows: s.games.rows.map((r) => [...r.slice(0, 5), ['x', 0, 0, 0]]) } })) })],
      ['a run error outside the shard', (p) => ({ ...p, plays: p.plays.map((s) => ({ ...s, games: { ...s.games, failures: [{ game: 99, seed: 1, code: 'run/step-budget', message: 'x' }] } })) })],
      ['a slice that is not the shard', (p) => ({ ...p, shard: { index: 1, count: 1, from: 0, to: 3 } })],
      ['one side', (p) => ({ ...p, plays: p.plays.slice(0, 1) })],
      ['a command line of other games than its run', (p) => ({ ...p, run: { ...p.run, args: p.run.args.map((a) => (a.startsWith('--games=') ? '--games=40' : a)) } })],
      ['a prototype key', () => JSON.parse(readFileSync(good!, 'utf8').replace('"run":', '"__proto__":{},"run":'))],
      // what a partial names is read only inside the folder the merge runs in (the repository here)
      ['a scenario outside the folder', (p) => ({ ...p, run: { ...p.run, args: p.run.args.map((a) => (a === 'scenarios/diamant' ? join(dir, 'outside.rules') : a)) } })],
      ['a scenario above the folder', (p) => ({ ...p, run: { ...p.run, args: p.run.args.map((a) => (a === 'scenarios/diamant' ? '../diamant.rules' : a)) } })],
    ];
    writeFileSync(join(dir, 'outside.rules'), 'module outside\n');
    for (const [what, edit] of edits) {
      const file = join(dir, 'edited.json');
      writeFileSync(file, JSON.stringify(edit(structuredClone(base))));
      const r = await runCli(['merge', file]);
      expect({ what, code: r.code, error: codeOf(r.stderr), stdout: r.stdout }).toEqual({ what, code: 1, error: 'cli/malformed-partial', stdout: '' });
    }
    const cut = join(dir, 'cut.json');
    writeFileSync(cut, readFileSync(good!, 'utf8').slice(0, 100));
    expect(codeOf((await runCli(['merge', cut])).stderr)).toBe('cli/malformed-partial');
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, MAX_PARTIAL_FILE + 1);
    const r = await runCli(['merge', big]);
    expect(r.code).toBe(1);
    expect(codeOf(r.stderr)).toBe('cli/malformed-partial');
  });

  it('answers any edit of a partial with a report or a coded error, never an internal error (a seeded fuzz)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-balance-fuzz-'));
    const [good] = await shards(dir, 1, ['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--balance', '--games', '3']);
    const text = readFileSync(good!, 'utf8');
    let state = 12345;
    const random = (n: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % n;
    };
    const hostile: unknown[] = [-1, 0.5, 1e300, 2 ** 53, 'x', '', null, true, [], {}, '__proto__', 'y'.repeat(5000), [0, 0, 0, 0, [], []], '--witness-out=w.rules', 'run/x'];
    for (let round = 0; round < 60; round++) {
      const value = JSON.parse(text) as unknown;
      // one to three edits, each at a random place of the tree: a number made another small one (often still a
      // partial, so the merge runs), a value made a hostile one, a field or an element removed
      for (let e = 0, edits = 1 + random(3); e < edits; e++) {
        let node = value as Record<string, unknown> | unknown[];
        for (;;) {
          const keys = Object.keys(node);
          if (keys.length === 0) break;
          const key = keys[random(keys.length)]!;
          const child = (node as Record<string, unknown>)[key];
          if (typeof child === 'object' && child !== null && random(3) !== 0) {
            node = child as Record<string, unknown>;
            continue;
          }
          if (random(4) === 0) {
            if (Array.isArray(node)) node.splice(Number(key), 1);
            else delete node[key];
          } else (node as Record<string, unknown>)[key] = typeof child === 'number' && random(2) === 0 ? random(4) : structuredClone(hostile[random(hostile.length)]);
          break;
        }
      }
      const file = join(dir, 'fuzzed.json');
      writeFileSync(file, JSON.stringify(value));
      const r = await runCli(['merge', file]);
      expect(r.stderr, r.stderr).not.toMatch(/internal error/i);
      if (r.code !== 0 && r.code !== 1) throw new Error(`exit ${r.code}: ${r.stderr}`);
      if (r.stdout === '') expect(['cli/malformed-partial', 'cli/partials-disagree']).toContain(codeOf(r.stderr));
    }
  });

  it('takes --shard only with --balance, alone, and as i/n with 1 ≤ i ≤ n: a usage error (exit 2) otherwise', async () => {
    const base = ['diff', 'scenarios/diamant', '--variant', 'incan_gold'];
    for (const extra of [['--shard', '1/2'], ['--partial-out', 'x.json'], ['--balance', '--shard', '0/2'], ['--balance', '--shard', '3/2'], ['--balance', '--shard', 'two'], ['--balance', '--behaviour', '--shard', '1/2'], ['--balance', '--shard', '1/2', '--markdown'], ['--balance', '--shard', '1/2', '--json-out', 'r.json']]) {
      const r = await runCli([...base, ...extra, '--games', '2']);
      expect({ extra, code: r.code, error: codeOf(r.stderr), stdout: r.stdout }).toEqual({ extra, code: 2, error: 'cli/usage', stdout: '' });
    }
  });
});
