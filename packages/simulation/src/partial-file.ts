import { MAX_GRAPH_LIST, MAX_PLAYERS, type Value } from '@houserules/schema';
import { emptyPartial, mergePartial, type IntegerSpread, type SimulationPartial } from './simulation-partial.ts';
import type { SummaryContext } from './simulation-summary.ts';
import { isCount, isObj, keysProblem } from './untrusted-fields.ts';

/**
 * A shard's share of a run, written by `simulate --shard i/n` and read back by
 * `houserules merge`: the run it belongs to, which slice of the run's games it
 * played, and that slice folded into a `SimulationPartial` (integers only, so
 * partials merge exactly, in any order). A file read back is untrusted input:
 * `readPartialFile` checks every field before anything is merged.
 */
export interface PartialFile {
  format: typeof PARTIAL_FILE_FORMAT;
  version: typeof PARTIAL_FILE_VERSION;
  run: PartialRun;
  shard: ShardSlice;
  partial: SimulationPartial;
}

/** Everything the summary of the whole run depends on: equal in every shard of one run. */
export interface PartialRun extends SummaryContext {
  /** A fingerprint of the compiled graph (the same scenario text gives the same one). */
  graph: string;
  options: Record<string, Value>;
  checkInvariants: boolean;
  /** Games in the whole run (all shards). */
  games: number;
}

/** Shard `index` of `count` (1-based) plays games `from` ≤ i < `to`. */
export interface ShardSlice {
  index: number;
  count: number;
  from: number;
  to: number;
}

export const PARTIAL_FILE_FORMAT = 'houserules-simulation-partial';
export const PARTIAL_FILE_VERSION = 1;
/** Shards of one run at the most (a batch job's index range). */
export const MAX_SHARDS = 10_000;
/** Games in one run at the most: sums of scores and their squares stay exact integers well below this. */
export const MAX_RUN_GAMES = 1_000_000_000;
/** Characters in one string of a partial file (a scenario path, an agent, a rule id, an end reason, a message). */
const MAX_STRING = 4_096;
/** Keys in one count table of a partial file (end reasons, failure codes, histogram values). */
const MAX_TABLE_KEYS = MAX_GRAPH_LIST;

/**
 * The games shard `index` of `count` plays out of `games`: contiguous slices,
 * sizes differing by at most one, together exactly [0, games). Game i is
 * seeded from (run seed, i) only, so a shard plays the same games the whole
 * run plays at those indexes.
 */
export function shardSlice(games: number, index: number, count: number): ShardSlice {
  return { index, count, from: Math.floor(((index - 1) * games) / count), to: Math.floor((index * games) / count) };
}

/** Parses `i/n` (1 ≤ i ≤ n ≤ MAX_SHARDS), or says what is wrong with it. */
export function parseShard(text: string): { ok: true; index: number; count: number } | { ok: false; message: string } {
  const m = /^(\d{1,6})\/(\d{1,6})$/.exec(text);
  if (m === null) return { ok: false, message: `--shard takes i/n, such as 2/8 (shard 2 of 8), not "${text}"` };
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > MAX_SHARDS) return { ok: false, message: `--shard ${index}/${count}: a run has 1 to ${MAX_SHARDS} shards` };
  if (index < 1 || index > count) return { ok: false, message: `--shard ${index}/${count}: the shard is a number from 1 to ${count}` };
  return { ok: true, index, count };
}

/** The file for one shard's partial. */
export function partialFile(run: PartialRun, shard: ShardSlice, partial: SimulationPartial): PartialFile {
  // The first stopped games in full stay with the run that played them: a partial file holds counts.
  const { firstFailures: _firstFailures, ...counts } = partial;
  return { format: PARTIAL_FILE_FORMAT, version: PARTIAL_FILE_VERSION, run, shard, partial: counts };
}

export type PartialReadResult = { ok: true; file: PartialFile } | { ok: false; message: string };

/**
 * Checks a parsed partial file (untrusted: it may be truncated, edited, from
 * another version or made up): the format and version, every field's type and
 * range, array lengths that agree with the players and rules, count tables that
 * add up to the games, no key JavaScript objects reserve. Never throws.
 */
export function readPartialFile(value: unknown): PartialReadResult {
  try {
    const problem = partialFileProblem(value);
    return problem === undefined ? { ok: true, file: value as PartialFile } : { ok: false, message: problem };
  } catch {
    // a getter cannot be in parsed JSON, but a caller may hand anything
    return { ok: false, message: 'it is not a partial file' };
  }
}

export type MergeResult =
  | { ok: true; run: PartialRun; partial: SimulationPartial; shards: number }
  | { ok: false; reason: 'disagree'; message: string };

/**
 * Merges the partials of one run, which must all be there once: the same run
 * (scenario, graph, players, seed, agents, options, games), the same shard
 * count, each shard 1…n exactly once, each with the slice `shardSlice` gives.
 * The merged partial is the one a single machine folds from the same games.
 */
export function mergePartialFiles(files: readonly PartialFile[]): MergeResult {
  const disagree = (message: string): MergeResult => ({ ok: false, reason: 'disagree', message });
  if (files.length === 0) return disagree('no partials to merge');
  const first = files[0]!;
  const run = canonical(first.run);
  const count = first.shard.count;
  const seen = new Map<number, number>();
  for (const [k, f] of files.entries()) {
    if (canonical(f.run) !== run) return disagree(`partial ${k + 1} is of another run than partial 1 (${runDifference(first.run, f.run)})`);
    if (f.shard.count !== count) return disagree(`partial ${k + 1} is shard ${f.shard.index} of ${f.shard.count}, partial 1 of ${count}`);
    const twice = seen.get(f.shard.index);
    if (twice !== undefined) return disagree(`partials ${twice + 1} and ${k + 1} are both shard ${f.shard.index}/${count}`);
    seen.set(f.shard.index, k);
  }
  const missing: number[] = [];
  for (let i = 1; i <= count && missing.length < 10; i++) if (!seen.has(i)) missing.push(i);
  if (missing.length > 0) return disagree(`shard${missing.length === 1 ? '' : 's'} ${missing.join(', ')}${missing.length === 10 ? ', …' : ''} of ${count} missing`);
  const merged = emptyPartial(first.run.players, first.run.ruleIds.length);
  for (let i = 1; i <= count; i++) mergePartial(merged, files[seen.get(i)!]!.partial);
  return { ok: true, run: first.run, partial: merged, shards: count };
}

// ───────────────────────────── checks ─────────────────────────────

const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_STRING;

function partialFileProblem(v: unknown): string | undefined {
  if (!isObj(v)) return 'it is not a JSON object';
  if (v['format'] !== PARTIAL_FILE_FORMAT) return `it is not a partial summary (its "format" is not "${PARTIAL_FILE_FORMAT}")`;
  if (v['version'] !== PARTIAL_FILE_VERSION) return `it is a partial of format version ${JSON.stringify(v['version'])}; this houserules reads version ${PARTIAL_FILE_VERSION}`;
  const top = keysProblem(v, 'the file', ['format', 'version', 'run', 'shard', 'partial']);
  if (top !== undefined) return top;
  const run = v['run'];
  const runProblem = runFieldsProblem(run);
  if (runProblem !== undefined) return runProblem;
  const r = run as PartialRun;
  const shard = v['shard'];
  if (!isObj(shard)) return 'its shard is not an object';
  const shardKeys = keysProblem(shard, 'its shard', ['index', 'count', 'from', 'to']);
  if (shardKeys !== undefined) return shardKeys;
  if (!isCount(shard['count'], MAX_SHARDS) || shard['count'] < 1) return `its shard count is not a whole number from 1 to ${MAX_SHARDS}`;
  if (!isCount(shard['index'], shard['count']) || shard['index'] < 1) return 'its shard index is not a whole number from 1 to the shard count';
  const expected = shardSlice(r.games, shard['index'], shard['count']);
  if (shard['from'] !== expected.from || shard['to'] !== expected.to) {
    return `shard ${expected.index}/${expected.count} of ${r.games} games plays games ${expected.from}–${expected.to - 1}, not what the file says`;
  }
  return partialProblem(v['partial'], r.players, r.ruleIds.length, expected.to - expected.from);
}

function runFieldsProblem(run: unknown): string | undefined {
  if (!isObj(run)) return 'its run is not an object';
  const keys = keysProblem(run, 'its run', ['scenario', 'graph', 'variant', 'players', 'seed', 'agents', 'options', 'ruleIds', 'checkInvariants', 'games']);
  if (keys !== undefined) return keys;
  if (!isText(run['scenario'])) return 'its run names no scenario';
  if (!isText(run['graph'])) return 'its run has no graph fingerprint';
  if (run['variant'] !== null && !isText(run['variant'])) return 'its run\'s variant is not a name or null';
  if (!isCount(run['players'], MAX_PLAYERS) || run['players'] < 1) return `its run's players is not a whole number from 1 to ${MAX_PLAYERS}`;
  if (!isCount(run['seed'], 0xffffffff)) return 'its run\'s seed is not a 32-bit whole number';
  if (!isCount(run['games'], MAX_RUN_GAMES) || run['games'] < 1) return `its run's games is not a whole number from 1 to ${MAX_RUN_GAMES}`;
  if (typeof run['checkInvariants'] !== 'boolean') return 'its run\'s checkInvariants is not true or false';
  const agents = run['agents'];
  if (!Array.isArray(agents) || agents.length < 1 || agents.length > run['players'] || !agents.every(isText)) return 'its run\'s agents are not 1 to players names';
  const rules = run['ruleIds'];
  if (!Array.isArray(rules) || rules.length > MAX_GRAPH_LIST || !rules.every(isText)) return `its run's rules are not a list of at most ${MAX_GRAPH_LIST} names`;
  const options = run['options'];
  if (!isObj(options)) return 'its run\'s options are not an object';
  const names = Object.keys(options);
  if (names.length > MAX_GRAPH_LIST) return 'its run has too many options';
  for (const name of names) {
    if (RESERVED_KEYS.has(name) || !isText(name)) return 'its run has an option with a name no scenario can have';
    const value = options[name];
    if (!(typeof value === 'boolean' || isText(value) || (typeof value === 'number' && Number.isFinite(value)))) return `its run's option ${JSON.stringify(name.slice(0, 64))} is not a number, text or true/false`;
  }
  return undefined;
}

const PARTIAL_KEYS = [
  'games', 'scoreSum', 'scoreSquares', 'wins', 'sharedWins', 'winsSharedBy', 'rounds', 'turns', 'decisions', 'firingTotals', 'firingGames',
  'reasons', 'scoreCounts', 'roundCounts', 'turnCounts', 'decisionCounts', 'failures', 'failureCodes', 'failureExamples',
] as const;

function partialProblem(p: unknown, players: number, rules: number, games: number): string | undefined {
  if (!isObj(p)) return 'its partial is not an object';
  const keys = keysProblem(p, 'its partial', PARTIAL_KEYS);
  if (keys !== undefined) return keys;
  if (p['games'] !== games) return `its partial counts ${JSON.stringify(p['games'])} games; its shard plays ${games}`;
  const list = (name: string, length: number, ok: (x: unknown) => boolean): string | undefined => {
    const a = p[name];
    return Array.isArray(a) && a.length === length && a.every(ok) ? undefined : `its partial's ${name} is not a list of ${length} whole numbers in range`;
  };
  const atMostGames = (x: unknown): boolean => isCount(x, games);
  const problems = [
    list('scoreSum', players, isInteger),
    list('scoreSquares', players, (x) => isCount(x)),
    list('wins', players, atMostGames),
    list('sharedWins', players, atMostGames),
    list('firingTotals', rules, (x) => isCount(x)),
    list('firingGames', rules, atMostGames),
  ];
  const first = problems.find((x) => x !== undefined);
  if (first !== undefined) return first;
  const shared = p['winsSharedBy'];
  if (!Array.isArray(shared) || shared.length !== players || !shared.every((row) => Array.isArray(row) && row.length >= 1 && row.length <= players + 1 && row.every(atMostGames))) {
    return 'its partial\'s winsSharedBy is not a table of wins by seat and seats sharing';
  }
  for (const name of ['rounds', 'turns', 'decisions'] as const) {
    const problem = spreadProblem(p[name], games);
    if (problem !== undefined) return `its partial's ${name} ${problem}`;
  }
  const tables: [string, unknown, boolean][] = [
    ['reasons', p['reasons'], false],
    ['roundCounts', p['roundCounts'], true],
    ['turnCounts', p['turnCounts'], true],
    ['decisionCounts', p['decisionCounts'], true],
  ];
  for (const [name, table, numeric] of tables) {
    const problem = countTableProblem(table, games, numeric);
    if (problem !== undefined) return `its partial's ${name} ${problem}`;
  }
  const scores = p['scoreCounts'];
  if (!Array.isArray(scores) || scores.length !== players) return `its partial's scoreCounts is not a table per seat`;
  for (const table of scores) {
    const problem = countTableProblem(table, games, true);
    if (problem !== undefined) return `its partial's scoreCounts ${problem}`;
  }
  if (!isCount(p['failures'], games)) return 'its partial\'s failures is not a whole number of its games';
  const codes = countTableProblem(p['failureCodes'], p['failures'], false);
  if (codes !== undefined) return `its partial's failureCodes ${codes}`;
  const examples = p['failureExamples'];
  if (!isObj(examples)) return 'its partial\'s failureExamples is not an object';
  for (const [code, message] of Object.entries(examples)) {
    if (!Object.prototype.hasOwnProperty.call(p['failureCodes'], code) || !isText(message)) return 'its partial\'s failureExamples are not one message per failure code';
  }
  return statisticsProblem(p as unknown as SimulationPartial, games);
}

/**
 * Statistics that cannot be: each is the sum of the games the counts list, so
 * it must be exactly what they add up to. A seat's score sum and sum of squares
 * are those of its score counts (so no sum of squares is below what the mean
 * allows, and no mean lies outside the scores); rounds, turns and decisions have
 * the sum, least and greatest value of their counts; a seat's wins are its wins
 * by the number of seats sharing them, each shared win is counted by every seat
 * that shared it, and no more games are won than played; a rule fired at least
 * once in every game it fired in. Exact, in BigInt: a sum of squares passes 2^53.
 */
function statisticsProblem(p: SimulationPartial, games: number): string | undefined {
  const moments = (table: Record<string, number>): { n: bigint; sum: bigint; squares: bigint; min: number | null; max: number | null } => {
    let n = 0n;
    let sum = 0n;
    let squares = 0n;
    let min: number | null = null;
    let max: number | null = null;
    for (const [key, count] of Object.entries(table)) {
      const k = BigInt(key);
      const c = BigInt(count);
      n += c;
      sum += k * c;
      squares += k * k * c;
      const value = Number(key);
      if (min === null || value < min) min = value;
      if (max === null || value > max) max = value;
    }
    return { n, sum, squares, min, max };
  };
  for (let seat = 0; seat < p.scoreCounts.length; seat++) {
    const m = moments(p.scoreCounts[seat]!);
    if (m.sum !== BigInt(p.scoreSum[seat]!) || m.squares !== BigInt(p.scoreSquares[seat]!)) {
      return `its partial's score sum and sum of squares of seat ${seat + 1} are not those of its score counts (statistics no games can have)`;
    }
  }
  for (const [name, spread, table] of [['rounds', p.rounds, p.roundCounts], ['turns', p.turns, p.turnCounts], ['decisions', p.decisions, p.decisionCounts]] as const) {
    const m = moments(table);
    if (m.sum !== BigInt(spread.sum) || m.min !== spread.min || m.max !== spread.max) return `its partial's ${name} sum, minimum and maximum are not those of its ${name} counts`;
  }
  let gamesWon = 0;
  const bySharing = new Map<number, number>();
  for (let seat = 0; seat < p.wins.length; seat++) {
    const byK = p.winsSharedBy[seat]!;
    const all = byK.reduce((a, b) => a + b, 0);
    if (byK[0] !== 0 || all !== p.wins[seat] || all - (byK[1] ?? 0) !== p.sharedWins[seat]) return `its partial's wins of seat ${seat + 1} do not agree with its wins by seats sharing them`;
    byK.forEach((count, k) => bySharing.set(k, (bySharing.get(k) ?? 0) + count));
  }
  for (const [k, count] of bySharing) {
    if (k === 0) continue;
    if (count % k !== 0) return `its partial counts ${count} wins shared by ${k} seats: not a whole number of games`;
    gamesWon += count / k;
  }
  if (gamesWon > games) return `its partial counts ${gamesWon} won games; its shard plays ${games}`;
  for (let rule = 0; rule < p.firingTotals.length; rule++) {
    const total = p.firingTotals[rule]!;
    const inGames = p.firingGames[rule]!;
    if (total < inGames || (total > 0) !== (inGames > 0)) return `its partial's firings of rule ${rule + 1} do not agree with the games it fired in`;
  }
  return undefined;
}

function spreadProblem(s: unknown, games: number): string | undefined {
  if (!isObj(s)) return 'is not an object';
  const keys = keysProblem(s, 'it', ['sum', 'min', 'max']);
  if (keys !== undefined) return keys;
  const { sum, min, max } = s as unknown as IntegerSpread;
  if (!isCount(sum)) return 'has no whole-number sum';
  if (games === 0) return min === null && max === null && sum === 0 ? undefined : 'has values for no games';
  if (!isCount(min) || !isCount(max) || min > max || sum < min * games || sum > max * games) return 'has a minimum, maximum and sum that do not agree';
  return undefined;
}

/** A table of value → games (or code → games) whose counts add up to `total`. */
function countTableProblem(t: unknown, total: number, numericKeys: boolean): string | undefined {
  if (!isObj(t)) return 'is not an object';
  const entries = Object.entries(t);
  if (entries.length > MAX_TABLE_KEYS) return `has more than ${MAX_TABLE_KEYS} entries`;
  let sum = 0;
  for (const [key, count] of entries) {
    if (RESERVED_KEYS.has(key) || key.length > MAX_STRING) return 'has a key no run writes';
    if (numericKeys && !/^-?\d{1,16}$/.test(key)) return `has a key ${JSON.stringify(key.slice(0, 64))} that is not a whole number`;
    if (!isCount(count, total) || count === 0) return 'has a count that is not a whole number of its games';
    sum += count;
  }
  return sum === total ? undefined : `adds up to ${sum} games, not ${total}`;
}

/** The run as one string, keys in a fixed order, for comparing runs. */
function canonical(run: PartialRun): string {
  const options = Object.keys(run.options).sort().map((k) => [k, run.options[k]]);
  return JSON.stringify([run.scenario, run.graph, run.variant, run.players, run.seed, run.agents, options, run.ruleIds, run.checkInvariants, run.games]);
}

/** The first field in which two runs differ, in words. */
function runDifference(a: PartialRun, b: PartialRun): string {
  const fields: [string, unknown, unknown][] = [
    ['scenario', a.scenario, b.scenario],
    ['compiled graph', a.graph, b.graph],
    ['variant', a.variant, b.variant],
    ['players', a.players, b.players],
    ['seed', a.seed, b.seed],
    ['agents', a.agents, b.agents],
    ['games', a.games, b.games],
    ['--check-invariants', a.checkInvariants, b.checkInvariants],
  ];
  for (const [name, x, y] of fields) if (JSON.stringify(x) !== JSON.stringify(y)) return `its ${name} differs`;
  return 'its options or rules differ';
}
