import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimulationSummary } from '@houserules/simulation';
import { copyDiamant, repoRoot, runCli } from './run-cli.ts';

const cliDir = join(repoRoot, 'packages/cli');

async function simulateJson(args: string[]): Promise<{ summary: SimulationSummary; timing: { workers: number } }> {
  const run = await runCli(['simulate', 'scenarios/diamant', '--json', ...args]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as { summary: SimulationSummary; timing: { workers: number } };
}

describe('houserules simulate', () => {
  it('summarises a few games sensibly', async () => {
    const { summary } = await simulateJson(['--games', '20', '--players', '4', '--seed', '3']);
    expect(summary.games).toBe(20);
    expect(summary.seats).toHaveLength(4);
    const winShare = summary.seats.reduce((a, s) => a + s.winRate, 0);
    expect(winShare).toBeCloseTo(1, 9);
    for (const seat of summary.seats) {
      expect(seat.agent).toBe('random');
      expect(seat.scoreMean).toBeGreaterThanOrEqual(0);
      expect(seat.scoreStdDev).toBeGreaterThanOrEqual(0);
    }
    expect(summary.length.rounds).toEqual({ mean: 5, min: 5, max: 5 });
    expect(summary.length.decisions.min).toBeGreaterThan(0);
    const reveal = summary.rules.find((r) => r.id === 'rule:reveal_card')!;
    expect(reveal.gamesShare).toBe(1);
    expect(reveal.perGame).toBeGreaterThanOrEqual(5);
    expect(summary.endReasons.reduce((a, r) => a + r.games, 0)).toBe(20);
    expect(summary.failures.games).toBe(0);
  });

  it('prints a readable table, cycles agents, takes options and variants', async () => {
    const run = await runCli([
      'simulate', 'scenarios/diamant', '--games', '10', '--players', '3',
      '--agents', 'cautious(8),random', '--variant', 'incan_gold', '--option', 'trap_leaving=earlier',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/p1\s+cautious\(8\)/);
    expect(run.stdout).toMatch(/p3\s+cautious\(8\)/);
    expect(run.stdout).toContain('win rate');
    expect(run.stdout).toContain('share_treasure');
    // how the games ended, in the author's words: the flow ran out (what a test writes as `over by flow`), no engine code
    expect(run.stdout).toMatch(/^flow\s+10\s+100\.0%$/m);
    expect(run.stdout).not.toContain('flow-ended');
  });

  it('is reproducible: same seed, same summary; another seed, another one', async () => {
    const a = await simulateJson(['--games', '15', '--seed', '11']);
    const b = await simulateJson(['--games', '15', '--seed', '11']);
    const c = await simulateJson(['--games', '15', '--seed', '12']);
    expect(b.summary).toEqual(a.summary);
    expect(c.summary).not.toEqual(a.summary);
  });

  it.each([
    [['--players', '2'], 'players'],
    [['--players', '9'], 'players'],
    [['--agents', 'reckless'], 'reckless'],
    [['--agents', 'cautious(lots)'], 'threshold'],
    [['--option', 'leftover_sharing=sometimes'], 'leftover_sharing'],
    [['--option', 'colour=red'], 'colour'],
    [['--variant', 'nope'], 'nope'],
    [['--games', 'many'], 'games'],
    [['--workers', '0'], 'workers'],
  ])('refuses %j with exit 2 and a clear message', async (args, mention) => {
    const run = await runCli(['simulate', 'scenarios/diamant', ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(mention);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });

  it('checks invariants only with --check-invariants, and a broken one fails its game', async () => {
    const { file } = copyDiamant();
    // holds at the start, breaks once the third round begins
    writeFileSync(file, readFileSync(file, 'utf8') + '\ninvariant early_rounds_only: round <= 2\n');
    const args = ['simulate', file, '--games', '5', '--seed', '2', '--json'];
    const unchecked = await runCli(args);
    expect(unchecked.code).toBe(0);
    expect((JSON.parse(unchecked.stdout) as { summary: SimulationSummary }).summary.failures.games).toBe(0);
    const checked = await runCli([...args, '--check-invariants']);
    expect(checked.code).toBe(1);
    const { summary } = JSON.parse(checked.stdout) as { summary: SimulationSummary };
    expect(summary.failures.games).toBe(5);
    expect(summary.failures.codes).toEqual({ 'run/invariant': 5 });
    // the summary keeps one message per code, naming the broken invariant
    expect(summary.failures.examples['run/invariant']).toMatch(/early_rounds_only/);
    // the real rules keep their invariants
    const { summary: clean } = await simulateJson(['--games', '10', '--seed', '2', '--check-invariants']);
    expect(clean.failures.games).toBe(0);
  });

  it('refuses a scenario that does not exist with exit 2', async () => {
    const run = await runCli(['simulate', 'scenarios/nowhere']);
    expect(run.code).toBe(2);
  });
});

describe('simulate with worker threads (bundled worker)', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: cliDir, stdio: 'pipe' });
  }, 60_000);

  it('gives the same summary with 1 and 2 workers for the same seed', async () => {
    const one = await simulateJson(['--games', '40', '--seed', '5', '--workers', '1']);
    const two = await simulateJson(['--games', '40', '--seed', '5', '--workers', '2']);
    expect(one.timing.workers).toBe(1);
    expect(two.timing.workers).toBe(2);
    expect(two.summary).toEqual(one.summary);
  });

  it('a shard played on 2 workers writes the same partial as on one thread', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-shard-workers-'));
    const partial = async (workers: string): Promise<string> => {
      const file = join(dir, `part-${workers}.json`);
      const run = await runCli(['simulate', 'scenarios/diamant', '--games', '40', '--seed', '5', '--shard', '2/3', '--partial-out', file, '--workers', workers]);
      expect(run.code).toBe(0);
      return readFileSync(file, 'utf8');
    };
    const one = await partial('1');
    expect(JSON.parse(one)).toMatchObject({ shard: { index: 2, count: 3, from: 13, to: 26 }, partial: { games: 13 } });
    expect(await partial('2')).toBe(one);
  });

  it('writes the same log with 2 threads as with one, game by game in order (the calling thread plays beside a worker)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-log-workers-'));
    const log = async (workers: string): Promise<string> => {
      const file = join(dir, `log-${workers}.jsonl`);
      const run = await runCli(['simulate', 'scenarios/diamant', '--games', '30', '--seed', '9', '--log', file, '--workers', workers]);
      expect(run.code).toBe(0);
      return readFileSync(file, 'utf8');
    };
    const one = await log('1');
    const games = one.split('\n').filter((line) => line.startsWith('{"game"') && line.includes('"header"')).map((line) => (JSON.parse(line) as { game: number }).game);
    expect(games).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(await log('2')).toBe(one);
  });

  it('the bundled command compiles a scenario once: the second run reads the compile cache and prints the same', () => {
    const { dir } = copyDiamant();
    const root = join(dir, '..');
    mkdirSync(join(root, 'node_modules'));
    // the key that seals the cache's entries goes to a folder of this test's, not the user's
    const userCache = mkdtempSync(join(tmpdir(), 'houserules-user-cache-'));
    const simulate = (env: Record<string, string> = {}): { summary: unknown; log: string } => {
      const log = join(root, `log-${Object.keys(env).length}.jsonl`);
      const out = execFileSync(process.execPath, [join(cliDir, 'dist/houserules.js'), 'simulate', 'diamant', '--games', '25', '--seed', '4', '--json', '--log', log], { cwd: root, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: userCache, ...env } });
      return { summary: (JSON.parse(out) as { summary: unknown }).summary, log: readFileSync(log, 'utf8') };
    };
    const cold = simulate();
    const cacheDir = join(root, 'node_modules/.cache/houserules/compile');
    expect(readdirSync(cacheDir)).toHaveLength(1);
    const warm = simulate();
    expect(warm.summary).toEqual(cold.summary);
    expect(warm.log).toBe(cold.log);
    const uncached = simulate({ HOUSERULES_COMPILE_CACHE: 'off' });
    expect(uncached.summary).toEqual(cold.summary);
    expect(uncached.log).toBe(cold.log);
  });

  it('the bundled executable runs and reports its version', () => {
    const out = execFileSync(process.execPath, [join(cliDir, 'dist/houserules.js'), '--version'], { encoding: 'utf8' });
    expect(out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('is on the workspace PATH: `npx houserules` from the repository root, through the launcher in bin/', () => {
    const bin = join(repoRoot, 'node_modules/.bin/houserules');
    const out = execFileSync(bin, ['check', 'scenarios/diamant'], { cwd: repoRoot, encoding: 'utf8' });
    expect(out).toMatch(/checked 1 scenario/);
  });
});

describe('houserules replay', () => {
  it('verifies logged games and fails a tampered log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-replay-'));
    const log = join(dir, 'games.jsonl');
    const sim = await runCli(['simulate', 'scenarios/diamant', '--games', '3', '--seed', '9', '--log', log, '--agents', 'random,cautious']);
    expect(sim.code).toBe(0);
    const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => 'header' in l)).toHaveLength(3);
    const event = lines.find((l) => l['event'] !== undefined)!;
    expect(Object.keys(event).sort()).toEqual(['data', 'event', 'game', 'round', 'turn']);

    const all = await runCli(['replay', log]);
    expect(all.stderr).toBe('');
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('3 of 3 games verified');
    const one = await runCli(['replay', log, '--game', '1']);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('round 1');
    expect(one.stdout).toContain('verified');

    // Change what one revealed card was: the replay must notice.
    const at = lines.findIndex((l) => l['game'] === 1 && l['event'] === 'explored');
    expect(at).toBeGreaterThan(0);
    const tampered = lines.map((l, i) => (i === at ? { ...l, data: { card: 999 } } : l));
    const bad = join(dir, 'tampered.jsonl');
    writeFileSync(bad, tampered.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const run = await runCli(['replay', bad, '--game', '1']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('DIVERGED');
    expect((await runCli(['replay', bad, '--game', '0'])).code).toBe(0);
  });

  it('plays and replays games of the mcts agent, reproducibly, and refuses its bad parameters with cli/usage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-mcts-'));
    const log = join(dir, 'mcts.jsonl');
    const args = ['simulate', 'scenarios/diamant', '--games', '4', '--seed', '5', '--agents', 'mcts(iterations=40),cautious', '--json'];
    const first = await runCli([...args, '--log', log]);
    expect(first.code).toBe(0);
    const again = await runCli(args);
    const seats = (out: string) => (JSON.parse(out) as { summary: SimulationSummary }).summary.seats;
    expect(seats(again.stdout)).toEqual(seats(first.stdout));
    expect(seats(first.stdout)[0]!.agent).toBe('mcts(iterations=40)');
    expect((await runCli(['replay', log])).code).toBe(0);
    for (const bad of ['mcts(iterations=0)', 'mcts(depth=10001)', 'mcts(colour=red)', 'mcts(rollout=no_such_policy)', 'mcts(c=0)', 'mcts(5, 6)']) {
      const run = await runCli(['simulate', 'scenarios/diamant', '--games', '1', '--agents', bad]);
      expect(run.code, bad).toBe(2);
      expect(run.stderr, bad).toContain('cli/usage');
    }
  });

  it('refuses a missing log or game with exit 2', async () => {
    expect((await runCli(['replay', 'no-such.jsonl'])).code).toBe(2);
  });
});
