import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { MAX_DIFF_DEPTH, MAX_DIFF_GAMES, MAX_DIFF_SECONDS } from '../src/cli-budgets.ts';
import { copyDiamant, repoRoot, runCli } from './run-cli.ts';

describe('houserules diff', () => {
  it('prints the structural differences of a variant and exits 1 (differences found)', async () => {
    const run = await runCli(['diff', 'scenarios/diamant', '--variant', 'incan_gold']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('~ option leftover_sharing: changed (default)');
    expect(run.stdout).toContain('+ option leftover_sharing = pooled');
    expect(run.stdout).toMatch(/≈ rule share_leftovers_pooled \(scenarios\/diamant\/diamant\.rules:\d+\): unchanged, but it reads option leftover_sharing/);
    // the option's documentation beside its new value; the option and the rules that read it grouped under the
    // sentence those rules cite, both sides' texts side by side
    expect(run.stdout).toMatch(/~ option leftover_sharing: changed \(default\)\n.*\n {4}says: "When several players exit together/);
    expect(run.stdout).toMatch(/^"Collect all leftover Rubies.* │ "Collect all leftover Rubies/m);
    const at = (s: string): number => run.stdout.indexOf(s);
    expect(at('"Collect all leftover Rubies')).toBeLessThan(at('~ option leftover_sharing'));
    expect(at('~ option leftover_sharing')).toBeLessThan(at('≈ rule share_leftovers_pooled'));
  });

  it('exits 0 for a scenario against itself reformatted, and says so', async () => {
    const { file } = copyDiamant();
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, `// reformatted\n${text.replaceAll('\n  ', '\n      ').replace('ranking p by p.score desc ties shared', 'ranking  q  by  q.score  desc  ties  shared')}`);
    const run = await runCli(['diff', 'scenarios/diamant', file]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/0 changed, 0 changed through what they read, 0 removed, 0 added/);
  });

  it('writes a witness test that `houserules test` passes, and prints it as Markdown or JSON', async () => {
    const { dir, file } = copyDiamant();
    const out = join(dir, 'tests', 'witness.rules');
    const run = await runCli(['diff', file, '--against-variant', 'incan_gold', '--behaviour', '--witness-out', out, '--markdown']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('### Behaviour');
    expect(run.stdout).toMatch(/the witness test passes on Diamant and fails on Diamant \(incan_gold\)/i);
    const witness = readFileSync(out, 'utf8');
    expect(witness).toContain('module witness extends "../diamant.rules"');
    const test = await runCli(['test', out]);
    expect(test.stdout).toMatch(/1 passed, 0 failed/);
    expect(test.code).toBe(0);
    // aimed at Incan Gold, the same test fails
    writeFileSync(out, witness.replace('  advance\n', '  variant incan_gold\n  advance\n'));
    expect((await runCli(['test', out])).code).toBe(1);

    const json = await runCli(['diff', file, '--against-variant', 'incan_gold', '--json']);
    const report = JSON.parse(json.stdout) as { structural: { changes: { name: string }[] } };
    expect(report.structural.changes.map((c) => c.name).sort()).toEqual(['leftover_sharing', 'share_leftovers_per_card', 'share_leftovers_pooled']);
  });

  it('says "no divergence in N games up to K decisions" when the search finds none', async () => {
    const { file } = copyDiamant();
    const run = await runCli(['diff', 'scenarios/diamant', file, '--behaviour', '--games', '5']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/no divergence in 5 games up to \d+ decisions/);
  });

  it('compares balance over the same seeds and agents', async () => {
    const run = await runCli(['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--balance', '--games', '60', '--agents', 'cautious']);
    expect(run.stdout).toMatch(/60 paired games \(game i of each side with the same seed\), agents cautious/);
    expect(run.stdout).toMatch(/p1 wins\s+\d/);
    expect(run.stdout).toMatch(/^Seats: /m);
    expect(run.stdout).toMatch(/How often the differences matter: in 60 paired games the winner changes in \d+/);
    expect(run.code).toBe(1);
  });

  it('says how often each difference matters alone when there are several (the first with only it, same seeds), and not when there is one', async () => {
    type Each = { label: string; paired?: number; matters?: { winner: { games: number }; score: { games: number } }; problem?: string };
    // text and JSON from one run (the JSON beside a copy of Diamant: a folder of the project the test may write in)
    const json = join(copyDiamant().dir, 'durango.json');
    const text = await runCli(['diff', 'scenarios/durango', '--against-variant', 'durango_2016', '--balance', '--games', '20', '--json-out', json]);
    const each = (JSON.parse(readFileSync(json, 'utf8')) as { balance: { each?: Each[] } }).balance.each!;
    expect(each.map((e) => e.label)).toEqual(['rule roll_produces', 'constraint settlement_connected (with option roads_do_not_block)', 'constraint built_to_legally']);
    for (const e of each) expect(e).toMatchObject({ paired: 20, matters: expect.any(Object) });
    // 2016's relaxation alone lets settlers into town without a road: the games part at once
    expect(each[1]!.matters!.score.games).toBeGreaterThan(0);
    // 2017's rules already require the road: its limit alone changes nothing
    expect(each[2]!.matters!.score.games).toBe(0);
    expect(text.stdout).toMatch(/^How often each matters alone .*\n {2}rule roll_produces: in 20 paired games the winner changes in \d+/m);
    const one = await runCli(['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--balance', '--games', '10', '--json']);
    expect((JSON.parse(one.stdout) as { balance: { each?: Each[] } }).balance.each).toBeUndefined();
  });

  it('shows the run errors of a side loudly: game, seed, code, place and the command that replays it; those games left out', async () => {
    const { file } = copyDiamant();
    // a loop in some games only: when a relic is revealed in the last round
    writeFileSync(file, readFileSync(file, 'utf8') + '\nevent echo\n\nrule ping on echo {\n  emit echo\n}\n\nrule start_echo on explored(c) when c is relic and round == 5 {\n  emit echo\n}\n');
    const run = await runCli(['diff', 'scenarios/diamant', file, '--balance', '--games', '30', '--json']);
    expect(run.code).toBe(1);
    const bal = (JSON.parse(run.stdout) as { balance: { games: number; paired: number; errors: { a: number; b: number; codes: { side: string; code: string; games: number }[]; first: { side: string; game: number; seed: number; code: string; place?: string; replay?: string }[] } } }).balance;
    expect(bal.errors.a).toBe(0);
    expect(bal.errors.b).toBeGreaterThan(0);
    expect(bal.errors.b).toBeLessThan(30);
    expect(bal.paired).toBe(30 - bal.errors.b);
    expect(bal.errors.codes).toEqual([{ side: 'b', code: 'run/step-budget', games: bal.errors.b }]);
    const f = bal.errors.first[0]!;
    expect(f).toMatchObject({ side: 'b', code: 'run/step-budget', place: 'in rule `ping`' });
    expect(f.replay).toContain(`--games ${f.game + 1} --log game.jsonl && houserules replay game.jsonl --game ${f.game}`);
    const text = await runCli(['diff', 'scenarios/diamant', file, '--balance', '--games', '30']);
    // one title on both sides: the second is named by its file too
    expect(text.stdout).toMatch(/RUN ERRORS: \d+ games? of Diamant \(\/.*\/diamant\/diamant\.rules\) stopped on a run error/);
    expect(text.stdout).toContain(`game ${f.game} (seed ${f.seed}): run/step-budget in rule \`ping\``);
  });

  it('compares Diamant and Incan Gold game by game: paired tests, rates inside [0, 1], how often it matters, the same on worker threads', async () => {
    type Bal = {
      games: number;
      paired: number;
      tables: { name: string; verdict: string; rows: { measure: string; kind: string; a: { low: number; high: number }; b: { low: number; high: number }; p: number; pHolm: number; test: string }[] }[];
      matters: Record<'winner' | 'score' | 'end', { games: number; share: { value: number; low: number; high: number } }>;
      errors: { a: number; b: number };
    };
    const argv = ['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--balance', '--games', '200', '--json'];
    const run = await runCli(argv);
    expect(run.stderr).toBe('');
    const bal = (JSON.parse(run.stdout) as { balance: Bal }).balance;
    expect(bal).toMatchObject({ games: 200, paired: 200, errors: { a: 0, b: 0 } });
    expect(bal.tables.map((t) => t.name)).toEqual(['seats', 'length', 'ends']);
    for (const t of bal.tables) {
      expect(t.verdict.length).toBeGreaterThan(0);
      for (const r of t.rows) {
        expect(r.pHolm).toBeGreaterThanOrEqual(r.p);
        expect(r.test).toBe(r.kind === 'rate' ? 'sign' : 'paired-t');
        if (r.kind === 'rate') for (const e of [r.a, r.b]) expect(e.low >= 0 && e.high <= 1).toBe(true);
      }
    }
    // only the leftovers' sharing differs: it changes a score in some games, and the winner in fewer
    expect(bal.matters.score.games).toBeGreaterThan(0);
    expect(bal.matters.winner.games).toBeLessThanOrEqual(bal.matters.score.games);
    expect(bal.matters.end.games).toBe(0);
    // the same games whichever thread plays them
    const threaded = await runCli([...argv, '--workers', '2']);
    expect((JSON.parse(threaded.stdout) as { balance: Bal }).balance).toEqual(bal);
  });

  it('answers bad input with a clear message and a non-zero exit, never a stack trace', async () => {
    const cases: [string[], RegExp][] = [
      [['diff', 'scenarios/diamant'], /name the variant to compare it with/],
      [['diff', 'scenarios/diamant', '--variant', 'nope'], /unknown variant "nope"/],
      [['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--behaviour', '--option', 'nope=1'], /unknown option "nope"/],
      [['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--behaviour', '--option', 'leftover_sharing=both'], /leftover_sharing/],
      [['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--behaviour', '--players', '99'], /3–8 players, not 99/],
      [['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--json', '--markdown'], /choose one/],
      [['diff', 'scenarios/missing'], /name the variant|cannot/],
    ];
    for (const [argv, message] of cases) {
      const run = await runCli(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    // graphs of another schema version
    const { dir } = copyDiamant();
    const compiled = await runCli(['compile', 'scenarios/diamant']);
    const graph = JSON.parse(compiled.stdout) as Record<string, unknown>;
    writeFileSync(join(dir, 'old.json'), JSON.stringify({ ...graph, version: 0 }));
    writeFileSync(join(dir, 'now.json'), compiled.stdout);
    const versions = await runCli(['diff', join(dir, 'now.json'), join(dir, 'old.json')]);
    expect(versions.code).toBe(2);
    expect(versions.stderr).toMatch(/schema version 0.*\[diff\/schema-version\]/);
    // a file outside the project root is refused before it is opened
    const outside = await runCli(['diff', 'scenarios/diamant', join(dir, 'diamant.rules'), '--root', 'scenarios']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/outside/);
    // a witness written outside the project: said before the search, with the boundary's code
    const away = await runCli(['diff', join(dir, 'diamant.rules'), '--variant', 'incan_gold', '--behaviour', '--witness-out', join(dir, '..', '..', 'witness.rules')]);
    expect(away.code).toBe(2);
    expect(away.stderr).toMatch(/\[resolve\/outside-project\]: --witness-out .* is outside the project/);
    expect(away.stderr).not.toMatch(/does not compile/);
    // two unrelated scenarios
    const other = join(dir, 'other.rules');
    writeFileSync(other, 'module other\nscenario "Other" { players 3..3 }\ntoken bean\npool sack { bean: 3 }\nflow { rounds 1 { step go } }\nrule go on go { move 1 bean from sack to sack }\n');
    const unrelated = await runCli(['diff', 'scenarios/diamant', other]);
    expect(unrelated.code).toBe(2);
    // one short message, nothing else
    expect(unrelated.stdout).toBe('');
    expect(unrelated.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(unrelated.stderr).toMatch(/\[diff\/unrelated-scenarios\]|error\[diff\/unrelated-scenarios\]/);
  });

  it('refuses counts beyond its budgets with cli/usage, caps --workers at the cores, and says a graph that does not load (exit 2, never 70)', async () => {
    const base = ['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--behaviour'];
    for (const [flag, value] of [['--games', MAX_DIFF_GAMES + 1], ['--depth', MAX_DIFF_DEPTH + 1], ['--budget-seconds', MAX_DIFF_SECONDS + 1], ['--shrink-seconds', MAX_DIFF_SECONDS + 1], ['--seed', 2 ** 32]] as const) {
      const run = await runCli([...base, flag, String(value)]);
      expect(run.code, flag).toBe(2);
      expect(run.stderr, flag).toContain('error[cli/usage]');
    }
    const cores = availableParallelism();
    const balance = await runCli(['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--balance', '--games', '2', '--workers', '100000', '--json']);
    expect(balance.code).toBe(1);
    expect(balance.stderr).toContain(`--workers 100000 is more than the ${cores} core`);
    expect((JSON.parse(balance.stdout) as { balance: { games: number } }).balance.games).toBe(2);
    // a graph of the right schema the engine does not load (65 players, beyond its budget)
    const { dir } = copyDiamant();
    const graph = JSON.parse((await runCli(['compile', 'scenarios/diamant'])).stdout) as { scenario: { players: { max: number } } };
    graph.scenario.players.max = 65;
    writeFileSync(join(dir, 'many.json'), JSON.stringify(graph));
    for (const extra of [[], ['--behaviour'], ['--balance', '--games', '2']]) {
      const run = await runCli(['diff', join(dir, 'many.json'), join(dir, 'diamant.rules'), ...extra]);
      expect(run.code, extra.join(' ')).toBe(2);
      expect(run.stderr).toContain('limit/players');
      expect(run.stderr).not.toMatch(/internal-error|\n\s+at /);
    }
  });

  it('checks every flag whether or not a search runs: the same refusals with and without --behaviour, and a flag no mode reads', async () => {
    const base = ['diff', 'scenarios/diamant', '--variant', 'incan_gold'];
    const bad: [string[], string, RegExp][] = [
      [['--option', 'nope=1'], 'cli/usage', /unknown option "nope"/],
      [['--option', 'leftover_sharing=both'], 'cli/usage', /leftover_sharing/],
      [['--option-a', 'nope=1'], 'cli/usage', /--option-a: unknown option "nope"/],
      [['--option-b', 'leftover_sharing=both'], 'cli/usage', /--option-b: option leftover_sharing/],
      [['--players', '99'], 'cli/usage', /3–8 players, not 99/],
      [['--players', 'two'], 'cli/usage', /players/],
      [['--witness-out', 'scenarios/missing-folder/w.rules'], 'cli/cannot-write', /does not exist/],
      [['--markdown-out', 'scenarios/missing-folder/r.md'], 'cli/cannot-write', /does not exist/],
      [['--witness-board', 'scenarios/missing-folder/b.svg'], 'cli/cannot-write', /does not exist/],
      [['--witness-board', 'scenarios/b.png'], 'cli/usage', /\.svg/],
    ];
    for (const mode of [[], ['--behaviour'], ['--balance']]) {
      for (const [extra, code, message] of bad) {
        // a flag only the search reads is refused without it, as such; with it, its value is checked
        if (mode.length === 0 && (extra[0] === '--players' || extra[0] === '--option' || extra[0] === '--witness-out' || extra[0] === '--witness-board')) continue;
        if (mode[0] === '--balance' && (extra[0] === '--witness-out' || extra[0] === '--witness-board')) continue;
        const run = await runCli([...base, ...mode, ...extra]);
        expect(run.code, [...mode, ...extra].join(' ')).toBe(2);
        expect(run.stderr, [...mode, ...extra].join(' ')).toContain(`[${code}]`);
        expect(run.stderr).toMatch(message);
        expect(run.stdout).toBe('');
      }
    }
    // a flag no mode of this run reads is said, not ignored
    for (const [extra, needs] of [[['--witness-out', 'w.rules'], '--behaviour'], [['--witness-board', 'b.svg'], '--behaviour'], [['--depth', '3'], '--behaviour'], [['--agents', 'random'], '--behaviour or --balance'], [['--players', '4'], '--behaviour or --balance'], [['--option', 'leftover_sharing=pooled'], '--behaviour or --balance']] as const) {
      const run = await runCli([...base, ...extra]);
      expect(run.code, extra.join(' ')).toBe(2);
      expect(run.stderr).toContain(`${extra[0]} is for ${needs}`);
    }
    // agents are checked with --behaviour too, before the search
    const agents = await runCli([...base, '--balance', '--agents', 'nobody']);
    expect(agents.code).toBe(2);
  });

  it('checks --witness-out before the search, writes the second side\'s module beside it, and never leaves an old witness behind', async () => {
    const { dir, file } = copyDiamant();
    const out = join(dir, 'w.rules');
    writeFileSync(out, '// my own notes\n');
    const refused = await runCli(['diff', file, '--against-variant', 'incan_gold', '--behaviour', '--witness-out', out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('[cli/cannot-write]');
    expect(readFileSync(out, 'utf8')).toBe('// my own notes\n');
    rmSync(out);

    const found = await runCli(['diff', file, '--against-variant', 'incan_gold', '--behaviour', '--witness-out', out]);
    expect(found.code).toBe(1);
    const second = join(dir, 'w.second.rules');
    expect(existsSync(out) && existsSync(second)).toBe(true);
    // the file says how to run it against each side, and each runs as it is
    expect(readFileSync(out, 'utf8')).toMatch(/houserules test .*w\.second\.rules +fails/);
    expect((await runCli(['test', out])).code).toBe(0);
    expect((await runCli(['test', second])).code).toBe(1);
    // the witness ends with a line that tells the sides apart
    expect(readFileSync(out, 'utf8')).toMatch(/ {2}expect .*\n}\n*$/);

    // a run that finds no witness removes what the earlier one wrote, and says so
    const none = await runCli(['diff', file, '--against-variant', 'incan_gold', '--behaviour', '--games', '1', '--depth', '1', '--witness-out', out]);
    expect(none.code).toBe(1);
    expect(existsSync(out) || existsSync(second)).toBe(false);
    expect(none.stdout).toMatch(/removed .*w\.rules/);
  });

  it('tells how the witness goes, and draws its game at its end on both sides (--witness-board)', async () => {
    const { dir, file } = copyDiamant();
    const board = join(dir, 'board.svg');
    const run = await runCli(['diff', file, '--against-variant', 'incan_gold', '--behaviour', '--witness-board', board]);
    expect(run.code).toBe(1);
    // the story: the witness's last events on the first side, in the author's words (seats p1…, moves as tests write them)
    expect(run.stdout).toMatch(/how "witness of .*" goes on Diamant, to its end:\n( {2}r\d+ .*\n)+/);
    expect(run.stdout).toMatch(/\n {2}r\d+ (t\d+ )?p\d (chooses|does) /);
    // two pictures of the game (Diamant has no board: its zones, cards and pools), each under its side's name
    const svg = readFileSync(board, 'utf8');
    expect(svg.match(/<svg\b/g)).toHaveLength(3);
    expect(svg).toContain('>Diamant</text>');
    expect(svg).toContain('>Diamant (incan_gold)</text>');
    expect(run.stdout).toMatch(/wrote .*board\.svg/);
  });

  it('compares a house rule beside a scenario made by `init`: both read in the project that holds both, the witness verified and runnable as written', async () => {
    const trial = mkdtempSync(join(tmpdir(), 'houserules-diff-init-'));
    const init = await runCli(['init', 'mygame'], trial);
    expect(init.code).toBe(0);
    // the house rule starts as init's advice says
    const start = /^ {2}(module my_house extends "[^"]+")$/m.exec(init.stdout)?.[1];
    expect(start).toBeDefined();
    mkdirSync(join(trial, 'my_house'));
    writeFileSync(
      join(trial, 'my_house/my_house.rules'),
      [
        start!,
        '',
        'override rule score_a_roll on take_turn {',
        '  roll 1d6 as pips',
        '  move pips point from bank to current.score',
        '  if pips == 6 {',
        '    move 1 point from bank to current.score',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const out = join(trial, 'mygame/tests/witness.rules');
    const run = await runCli(['diff', 'mygame', 'my_house', '--behaviour', '--witness-out', out], trial);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    // one title on both sides: each is named by its file as well
    expect(run.stdout.split('\n')[0]).toMatch(/^Mygame \(mygame.*\) → Mygame \(my_house.*\)$/);
    const behaviour = JSON.parse((await runCli(['diff', 'mygame', 'my_house', '--behaviour', '--json'], trial)).stdout) as { behaviour: { differences: { witness?: { verified?: unknown } }[] } };
    expect(behaviour.behaviour.differences.some((d) => d.witness?.verified)).toBe(true);
    // the file says how to run each side, with the root it was checked under, and each runs as it says
    const text = readFileSync(out, 'utf8');
    const commands = [...text.matchAll(/^\/\/ houserules (test --root \S+ \S+) {4}(passes|fails)/gm)].map((m) => ({ argv: m[1]!.split(' '), passes: m[2] === 'passes' }));
    expect(commands).toHaveLength(2);
    for (const c of commands) expect((await runCli(c.argv, trial)).code).toBe(c.passes ? 0 : 1);
  });

  it('exits 0 for identical inputs: the same variant on both sides', async () => {
    const run = await runCli(['diff', 'scenarios/diamant', '--variant', 'incan_gold', '--against-variant', 'incan_gold']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/0 changed, 0 changed through what they read, 0 removed, 0 added/);
  });

  it('points a variant\'s new default at the line that sets it', async () => {
    const run = await runCli(['diff', 'scenarios/diamant', '--variant', 'incan_gold']);
    const line = Number(/diamant\.rules:\d+ → scenarios\/diamant\/diamant\.rules:(\d+)/.exec(run.stdout)?.[1]);
    const text = readFileSync(join(repoRoot, 'scenarios/diamant/diamant.rules'), 'utf8').split('\n');
    expect(text[line - 1]).toMatch(/^\s*option leftover_sharing = pooled/);
  });

  it('compares two readings of one option without a module (--option-a, --option-b), and writes text, Markdown and JSON from one run', async () => {
    const { dir, file } = copyDiamant();
    const md = join(dir, 'report.md');
    const json = join(dir, 'report.json');
    const run = await runCli(['diff', file, '--option-b', 'leftover_sharing=pooled', '--behaviour', '--markdown-out', md, '--json-out', json]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Diamant → Diamant (leftover_sharing = pooled)');
    expect(run.stdout).toContain('+ option leftover_sharing = pooled (set for the second side)');
    const report = JSON.parse(readFileSync(json, 'utf8')) as { b: { options: Record<string, string> }; behaviour: { witness: { moves: string[]; verified: { expect: string } } } };
    expect(report.b.options).toEqual({ leftover_sharing: 'pooled' });
    // the same witness in all three
    const expectLine = report.behaviour.witness.verified.expect;
    expect(run.stdout).toContain(`  ${expectLine}\n`);
    expect(readFileSync(md, 'utf8')).toContain(`  ${expectLine}\n`);
    // the same option set the same on both sides is no difference
    const same = await runCli(['diff', file, '--option-a', 'leftover_sharing=pooled', '--option-b', 'leftover_sharing=pooled']);
    expect(same.code).toBe(0);
  });
});
