import { MAX_PLAYERS } from '@houserules/schema';
import { gameSeed, isCount, isObj, keysProblem, MAX_RUN_GAMES, MAX_SHARDS, shardSlice, type GameFailure, type GameOutcome, type ShardSlice } from '@houserules/simulation';

/**
 * A shard's share of a `diff --balance` run, written by `diff --balance --shard
 * i/n` and read back by `houserules merge`: the run it belongs to, which slice
 * of the games it played, and every game of that slice as each side (and each
 * difference played alone) ended it. The paired statistics compare game i with
 * game i, so a partial keeps the games, not sums: merged in game order they
 * are exactly the games a single run plays, and the report is the same one.
 * Numbers are written by JSON.stringify, which writes every finite number so
 * that it reads back as the same number. A file read back is untrusted input:
 * `readBalancePartial` checks every field before anything is merged.
 */
export interface BalancePartialFile {
  format: typeof BALANCE_PARTIAL_FORMAT;
  version: typeof BALANCE_PARTIAL_VERSION;
  run: BalanceRun;
  shard: ShardSlice;
  /** one entry per side played, in the order the run plays them: `a`, `b`, then each difference alone */
  plays: BalancePlay[];
}

/** What fixes the games: equal in every shard of one run. */
export interface BalanceRun {
  /**
   * The diff's command line, normalised: the scenarios as given (relative to
   * the folder the shards ran in), then the flags that choose the sides and
   * the games (`--variant`, `--against-variant`, `--option*`, `--players`,
   * `--seed`, `--agents`, `--games`, `--root`), each as one word `--flag=value`
   */
  args: string[];
  /** fingerprints of the two compiled graphs (the same scenario text gives the same one) */
  graphs: { a: string; b: string };
  players: number;
  seed: number;
  /** games in the whole run (all shards) */
  games: number;
}

/** One side's games of the shard, or why it could not be played (the same in every shard). */
export type BalancePlay = { key: string; games: EncodedGames } | { key: string; problem: string };

/**
 * A slice's games by columns: `rows[k]` is game from + k as
 * [reason (an index into `reasons`), rounds, turns, decisions, winners, scores];
 * `failures` the games a run error stopped, in game order.
 */
export interface EncodedGames {
  reasons: string[];
  rows: [number, number, number, number, number[], number[]][];
  failures: GameFailure[];
}

export const BALANCE_PARTIAL_FORMAT = 'houserules-balance-partial';
export const BALANCE_PARTIAL_VERSION = 1;
/** Sides played in one run at the most: the two printings and each difference alone (the CLI plays at most 8 alone). */
export const MAX_BALANCE_PLAYS = 64;
/** Command-line words in a run's identity at the most. */
const MAX_ARGS = 256;
/** Characters in one string of a partial (a path, a label, an end reason, a run error's message): generous, a message may quote much; the file's size bounds the whole. */
const MAX_STRING = 65_536;
/** Distinct end reasons in one side's games at the most. */
const MAX_REASONS = 10_000;
/** The flags of a run's identity: the only ones a partial may carry back into `diff`. */
export const BALANCE_RUN_FLAGS = ['--variant', '--against-variant', '--option', '--option-a', '--option-b', '--players', '--seed', '--agents', '--games', '--root'] as const;

/** Encodes a slice's outcomes (game order, from `from`) for a partial. */
export function encodeGames(outcomes: readonly GameOutcome[]): EncodedGames {
  const reasons: string[] = [];
  const index = new Map<string, number>();
  const rows: EncodedGames['rows'] = [];
  const failures: GameFailure[] = [];
  for (const o of outcomes) {
    let r = index.get(o.reason);
    if (r === undefined) {
      r = reasons.length;
      reasons.push(o.reason);
      index.set(o.reason, r);
    }
    rows.push([r, o.rounds, o.turns, o.decisions, [...o.winners], [...o.scores]]);
    if (o.failure) failures.push(o.failure);
  }
  return { reasons, rows, failures };
}

/** A slice's outcomes again, games from `from` on, each seeded as the run seeds it. */
export function decodeGames(encoded: EncodedGames, from: number, runSeed: number): GameOutcome[] {
  const failures = new Map(encoded.failures.map((f) => [f.game, f]));
  return encoded.rows.map(([reason, rounds, turns, decisions, winners, scores], k) => {
    const index = from + k;
    const o: GameOutcome = { index, seed: gameSeed(runSeed, index), scores, winners, rounds, turns, decisions, reason: encoded.reasons[reason]! };
    const failure = failures.get(index);
    if (failure) o.failure = failure;
    return o;
  });
}

/** The file for one shard's partial. */
export function balancePartialFile(run: BalanceRun, shard: ShardSlice, plays: BalancePlay[]): BalancePartialFile {
  return { format: BALANCE_PARTIAL_FORMAT, version: BALANCE_PARTIAL_VERSION, run, shard, plays };
}

/** Whether a parsed JSON value says it is a balance partial (then `readBalancePartial` checks it). */
export function isBalancePartial(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === BALANCE_PARTIAL_FORMAT;
}

export type BalancePartialRead = { ok: true; file: BalancePartialFile } | { ok: false; message: string };

/**
 * Checks a parsed balance partial (untrusted: truncated, edited, of another
 * version, made up): the format and version, the run's fields (only the flags
 * a run's identity has), the shard's slice, and every game of every side: as
 * many rows as the slice has games, seats and winners in range, end reasons
 * named, run errors of games in the slice, in order. Never throws.
 */
export function readBalancePartial(value: unknown): BalancePartialRead {
  try {
    const problem = fileProblem(value);
    return problem === undefined ? { ok: true, file: value as BalancePartialFile } : { ok: false, message: problem };
  } catch {
    return { ok: false, message: 'it is not a balance partial' };
  }
}

export type BalanceMerge =
  | { ok: true; run: BalanceRun; shards: number; plays: Map<string, GameOutcome[] | string> }
  | { ok: false; message: string };

/**
 * Merges the partials of one run, which must all be there once: the same run,
 * the same shard count, each shard 1…n exactly once, each with the same sides
 * played (and the same reasons a side was not). Each side's games come out in
 * game order, 0 … games − 1: the games a single run plays.
 */
export function mergeBalancePartials(files: readonly BalancePartialFile[]): BalanceMerge {
  const disagree = (message: string): BalanceMerge => ({ ok: false, message });
  if (files.length === 0) return disagree('no partials to merge');
  const first = files[0]!;
  const run = canonicalRun(first.run);
  const count = first.shard.count;
  const sides = JSON.stringify(first.plays.map((p) => ('problem' in p ? [p.key, p.problem] : [p.key])));
  const seen = new Map<number, number>();
  for (const [k, f] of files.entries()) {
    if (canonicalRun(f.run) !== run) return disagree(`partial ${k + 1} is of another run than partial 1 (${runDifference(first.run, f.run)})`);
    if (f.shard.count !== count) return disagree(`partial ${k + 1} is shard ${f.shard.index} of ${f.shard.count}, partial 1 of ${count}`);
    const twice = seen.get(f.shard.index);
    if (twice !== undefined) return disagree(`partials ${twice + 1} and ${k + 1} are both shard ${f.shard.index}/${count}`);
    seen.set(f.shard.index, k);
    if (JSON.stringify(f.plays.map((p) => ('problem' in p ? [p.key, p.problem] : [p.key]))) !== sides) return disagree(`partial ${k + 1} played other sides than partial 1 (another version of a scenario?)`);
  }
  const missing: number[] = [];
  for (let i = 1; i <= count && missing.length < 10; i++) if (!seen.has(i)) missing.push(i);
  if (missing.length > 0) return disagree(`shard${missing.length === 1 ? '' : 's'} ${missing.join(', ')}${missing.length === 10 ? ', …' : ''} of ${count} missing`);
  const plays = new Map<string, GameOutcome[] | string>();
  for (const [p, play] of first.plays.entries()) {
    if ('problem' in play) {
      plays.set(play.key, play.problem);
      continue;
    }
    const games: GameOutcome[] = [];
    for (let i = 1; i <= count; i++) {
      const f = files[seen.get(i)!]!;
      for (const o of decodeGames((f.plays[p] as { games: EncodedGames }).games, f.shard.from, f.run.seed)) games.push(o);
    }
    plays.set(play.key, games);
  }
  return { ok: true, run: first.run, shards: count, plays };
}

// ───────────────────────────── checks ─────────────────────────────

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_STRING;

function fileProblem(v: unknown): string | undefined {
  if (!isObj(v)) return 'it is not a JSON object';
  if (v['format'] !== BALANCE_PARTIAL_FORMAT) return `it is not a balance partial (its "format" is not "${BALANCE_PARTIAL_FORMAT}")`;
  if (v['version'] !== BALANCE_PARTIAL_VERSION) return `it is a balance partial of format version ${JSON.stringify(v['version'])}; this houserules reads version ${BALANCE_PARTIAL_VERSION}`;
  const top = keysProblem(v, 'the file', ['format', 'version', 'run', 'shard', 'plays']);
  if (top !== undefined) return top;
  const runProblem = runFieldsProblem(v['run']);
  if (runProblem !== undefined) return runProblem;
  const run = v['run'] as BalanceRun;
  const shard = v['shard'];
  if (!isObj(shard)) return 'its shard is not an object';
  const shardKeys = keysProblem(shard, 'its shard', ['index', 'count', 'from', 'to']);
  if (shardKeys !== undefined) return shardKeys;
  if (!isCount(shard['count'], MAX_SHARDS) || shard['count'] < 1) return `its shard count is not a whole number from 1 to ${MAX_SHARDS}`;
  if (!isCount(shard['index'], shard['count']) || shard['index'] < 1) return 'its shard index is not a whole number from 1 to the shard count';
  const slice = shardSlice(run.games, shard['index'], shard['count']);
  if (shard['from'] !== slice.from || shard['to'] !== slice.to) return `shard ${slice.index}/${slice.count} of ${run.games} games plays games ${slice.from}–${slice.to - 1}, not what the file says`;
  const plays = v['plays'];
  if (!Array.isArray(plays) || plays.length < 2 || plays.length > MAX_BALANCE_PLAYS) return `its plays are not a list of 2 to ${MAX_BALANCE_PLAYS} sides`;
  const keys = new Set<string>();
  for (const [i, p] of plays.entries()) {
    if (!isObj(p) || !isText(p['key'])) return `its side ${i + 1} is not an object with a key`;
    if (keys.has(p['key'])) return `its side ${i + 1} is played twice`;
    keys.add(p['key']);
    if ('problem' in p) {
      const k = keysProblem(p, `its side ${i + 1}`, ['key', 'problem']);
      if (k !== undefined) return k;
      if (!isText(p['problem'])) return `its side ${i + 1}'s problem is not a message`;
      continue;
    }
    const k = keysProblem(p, `its side ${i + 1}`, ['key', 'games']);
    if (k !== undefined) return k;
    const games = gamesProblem(p['games'], run.players, slice);
    if (games !== undefined) return `its side ${i + 1}'s games ${games}`;
  }
  if (!('games' in plays[0]) || !('games' in plays[1])) return 'its first two sides (the two printings) have no games';
  return undefined;
}

function runFieldsProblem(run: unknown): string | undefined {
  if (!isObj(run)) return 'its run is not an object';
  const keys = keysProblem(run, 'its run', ['args', 'graphs', 'players', 'seed', 'games']);
  if (keys !== undefined) return keys;
  if (!isCount(run['players'], MAX_PLAYERS) || run['players'] < 1) return `its run's players is not a whole number from 1 to ${MAX_PLAYERS}`;
  if (!isCount(run['seed'], 0xffffffff)) return "its run's seed is not a 32-bit whole number";
  if (!isCount(run['games'], MAX_RUN_GAMES) || run['games'] < 1) return `its run's games is not a whole number from 1 to ${MAX_RUN_GAMES}`;
  const graphs = run['graphs'];
  if (!isObj(graphs) || keysProblem(graphs, 'graphs', ['a', 'b']) !== undefined || !isText(graphs['a']) || !isText(graphs['b'])) return "its run's graphs are not two fingerprints";
  const args = run['args'];
  if (!Array.isArray(args) || args.length > MAX_ARGS || !args.every(isText)) return `its run's command line is not a list of at most ${MAX_ARGS} words`;
  return argsProblem(args as string[]);
}

/** One or two scenarios, then flags of a run's identity with a value each: nothing else can come back into `diff`. */
function argsProblem(args: readonly string[]): string | undefined {
  let positionals = 0;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (!word.startsWith('-')) {
      if (i !== positionals) return "its run's command line names a scenario after a flag";
      positionals++;
      continue;
    }
    const eq = word.indexOf('=');
    const name = eq < 0 ? word : word.slice(0, eq);
    if (eq < 0 || !(BALANCE_RUN_FLAGS as readonly string[]).includes(name)) return `its run's command line has a word ${JSON.stringify(word.slice(0, 64))}, not a --flag=value a balance run is identified by`;
  }
  return positionals >= 1 && positionals <= 2 ? undefined : "its run's command line does not name one or two scenarios";
}

function gamesProblem(g: unknown, players: number, slice: ShardSlice): string | undefined {
  if (!isObj(g)) return 'are not an object';
  const keys = keysProblem(g, 'they', ['reasons', 'rows', 'failures']);
  if (keys !== undefined) return keys;
  const reasons = g['reasons'];
  if (!Array.isArray(reasons) || reasons.length > MAX_REASONS || !reasons.every(isText) || new Set(reasons).size !== reasons.length) return `have no list of at most ${MAX_REASONS} distinct end reasons`;
  const rows = g['rows'];
  const games = slice.to - slice.from;
  if (!Array.isArray(rows) || rows.length !== games) return `are not ${games} games (the shard's)`;
  for (const [k, row] of (rows as unknown[]).entries()) {
    if (!Array.isArray(row) || row.length !== 6) return `have a game ${slice.from + k} that is not [reason, rounds, turns, decisions, winners, scores]`;
    const [reason, rounds, turns, decisions, winners, scores] = row as unknown[];
    if (!isCount(reason, reasons.length - 1) || !isCount(rounds) || !isCount(turns) || !isCount(decisions)) return `have a game ${slice.from + k} whose end reason or length is not a whole number in range`;
    if (!Array.isArray(winners) || winners.length > players || !winners.every((w) => isCount(w, players - 1)) || new Set(winners).size !== winners.length) return `have a game ${slice.from + k} whose winners are not distinct seats`;
    if (!Array.isArray(scores) || scores.length !== players || !scores.every((s) => typeof s === 'number' && Number.isFinite(s))) return `have a game ${slice.from + k} without a score for each of ${players} seats`;
  }
  const failures = g['failures'];
  if (!Array.isArray(failures) || failures.length > games) return 'have no list of run errors';
  let last = slice.from - 1;
  for (const f of failures as unknown[]) {
    const problem = failureProblem(f);
    if (problem !== undefined) return `have a run error that ${problem}`;
    const game = (f as GameFailure).game;
    if (game <= last || game >= slice.to) return 'have run errors out of game order or of games outside the shard';
    last = game;
  }
  return undefined;
}

function failureProblem(f: unknown): string | undefined {
  if (!isObj(f)) return 'is not an object';
  const keys = keysProblem(f, 'it', ['game', 'seed', 'code', 'message'], ['hint', 'file', 'range', 'place']);
  if (keys !== undefined) return keys.replace(/^it /, '');
  if (!isCount(f['game'], MAX_RUN_GAMES) || !isCount(f['seed'], 0xffffffff)) return 'has no game and seed';
  if (!isText(f['code']) || !/^[a-z][a-z0-9-]*\/[a-z0-9-]+$/.test(f['code'])) return 'has no diagnostic code';
  if (!isText(f['message'])) return 'has no message';
  for (const k of ['hint', 'file', 'place']) if (k in f && !isText(f[k])) return `has a ${k} that is not text`;
  if ('range' in f) {
    const r = f['range'];
    const pos = (p: unknown): boolean => isObj(p) && keysProblem(p, '', ['offset', 'line', 'column']) === undefined && isCount(p['offset']) && isCount(p['line']) && isCount(p['column']);
    if (!isObj(r) || keysProblem(r, '', ['start', 'end']) !== undefined || !pos(r['start']) || !pos(r['end'])) return 'has a range that is not two positions';
  }
  return undefined;
}

function canonicalRun(run: BalanceRun): string {
  return JSON.stringify([run.args, run.graphs.a, run.graphs.b, run.players, run.seed, run.games]);
}

/** The first field in which two runs differ, in words. */
function runDifference(a: BalanceRun, b: BalanceRun): string {
  const fields: [string, unknown, unknown][] = [
    ['first scenario\'s compiled graph', a.graphs.a, b.graphs.a],
    ['second scenario\'s compiled graph', a.graphs.b, b.graphs.b],
    ['players', a.players, b.players],
    ['seed', a.seed, b.seed],
    ['games', a.games, b.games],
  ];
  for (const [name, x, y] of fields) if (JSON.stringify(x) !== JSON.stringify(y)) return `its ${name} differs`;
  return 'its command line differs';
}
