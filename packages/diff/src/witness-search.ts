import type { Diagnostic, RuleGraph } from '@houserules/schema';
import type { Move } from '@houserules/engine';
import { LockstepPair, type Divergence, type LockstepGame, type Side } from './lockstep.ts';
import { shrinkWitness } from './shrink-witness.ts';
import type { StructuralDiff } from './structural-diff.ts';

export interface SearchOptions {
  /** seats (default: the most both graphs allow, at most 4, at least their minimum) */
  players?: number;
  /** games to try, random then steered (default 200) */
  games?: number;
  /** decisions per game (default 400) */
  depth?: number;
  /** wall-clock budget of the search, and again of the shrinking (default 10 s each) */
  budgetSeconds?: number;
  /** the first seed (default 1) */
  seed?: number;
  /** the changed nodes to steer towards (the structural diff of the same graphs) */
  steerBy?: StructuralDiff;
  /** false: report the witness as found, without shrinking */
  shrink?: boolean;
  /** the clock (ms); a test can pass its own */
  now?: () => number;
  /** closures only (a page whose CSP forbids generated code) */
  codegen?: boolean;
}

/** A game in which the two graphs behave differently, as seed and moves by name. */
export interface Witness {
  seed: number;
  players: number;
  moves: string[];
  divergence: Divergence;
  /** how it was found: the phase, the games played, the moves before shrinking */
  found: { phase: 'random' | 'steered'; games: number; moves: number; seed: number };
  /** candidates tried while shrinking */
  shrinkSteps: number;
  /** milliseconds to find and shrink it */
  ms: number;
}

export interface SearchResult {
  witness: Witness | null;
  /** games played, and the most decisions any reached */
  games: number;
  depth: number;
  /** why the search stopped without a witness: it tried every game, or ran out of time */
  exhausted: 'games' | 'seconds' | null;
  /** "no divergence in N games up to K decisions" when there is no witness */
  summary: string;
  diagnostics: Diagnostic[];
}

/** Picks moves: uniformly, or (steered) preferring moves that lead to the changed rules. */
class MovePicker {
  private s: number;
  constructor(seed: number, private readonly hot: ((m: Move) => boolean) | null) {
    this.s = (seed * 0x9e3779b1) >>> 0 || 1;
  }
  private next(): number {
    // mulberry32
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  pick(moves: { name: string; move: Move }[]): string {
    if (this.hot) {
      const hot = moves.filter((m) => this.hot!(m.move));
      if (hot.length > 0 && this.next() < 0.75) return hot[Math.floor(this.next() * hot.length)]!.name;
    }
    return moves[Math.floor(this.next() * moves.length)]!.name;
  }
}

export function defaultPlayers(a: RuleGraph, b: RuleGraph): number | null {
  const min = Math.max(a.scenario.players.min, b.scenario.players.min);
  const max = Math.min(a.scenario.players.max, b.scenario.players.max);
  if (min > max) return null;
  return Math.max(min, Math.min(4, max));
}

/**
 * Looks for a game in which the two graphs diverge (docs/diff.md, "The
 * behavioural diff"): random games first, then games steered towards the
 * changed rules; then shrinks the first one found.
 */
export function searchWitness(a: Side, b: Side, options: SearchOptions = {}): SearchResult {
  const now = options.now ?? (() => Date.now());
  const start = now();
  const deadline = start + 1000 * (options.budgetSeconds ?? 10);
  const games = Math.max(1, options.games ?? 200);
  const depth = Math.max(1, options.depth ?? 400);
  const firstSeed = options.seed ?? 1;
  const result: SearchResult = { witness: null, games: 0, depth: 0, exhausted: null, summary: '', diagnostics: [] };
  const players = options.players ?? defaultPlayers(a.graph, b.graph);
  if (players === null || players < Math.max(a.graph.scenario.players.min, b.graph.scenario.players.min) || players > Math.min(a.graph.scenario.players.max, b.graph.scenario.players.max)) {
    result.diagnostics.push({
      code: 'diff/no-common-player-count',
      severity: 'error',
      message: `the two scenarios cannot be played with ${players === null ? 'the same number of players' : `${players} players`} (${a.graph.scenario.players.min}–${a.graph.scenario.players.max} and ${b.graph.scenario.players.min}–${b.graph.scenario.players.max})`,
    });
    result.summary = 'no behavioural comparison: no player count both scenarios allow';
    return result;
  }
  const pair = new LockstepPair(a, b, players, options.codegen ?? true);
  const probe = pair.start(firstSeed);
  if (!probe) {
    result.diagnostics.push({ code: 'diff/cannot-start', severity: 'error', message: 'a game of one of the scenarios could not start with these players and options' });
    result.summary = 'no behavioural comparison: a game could not start';
    return result;
  }
  const hot = options.steerBy ? hotMoves(options.steerBy, a.graph, b.graph) : null;
  // a quarter random, the rest steered (each phase from the first seed on)
  const randomGames = hot ? Math.ceil(games / 4) : games;

  let found: { game: LockstepGame; phase: 'random' | 'steered'; index: number } | null = null;
  for (let i = 0; i < games && !found; i++) {
    if (now() > deadline) {
      result.exhausted = 'seconds';
      break;
    }
    const seed = firstSeed + (i < randomGames ? i : i - randomGames);
    const steered = i >= randomGames;
    const game = i === 0 ? probe : pair.start(seed);
    if (!game) break;
    const picker = new MovePicker(seed * 7919 + (steered ? 1 : 0), steered ? hot : null);
    let decisions = 0;
    while (!game.divergence && !game.over && decisions < depth) {
      const moves = game.legalMoves();
      if (moves.length === 0) break;
      game.play(picker.pick(moves));
      decisions++;
    }
    result.games++;
    result.depth = Math.max(result.depth, decisions);
    if (game.divergence) found = { game, phase: steered ? 'steered' : 'random', index: i };
  }
  if (!found) {
    if (result.exhausted === null) result.exhausted = 'games';
    result.summary = `no divergence in ${result.games} game${result.games === 1 ? '' : 's'} up to ${result.depth} decisions${result.exhausted === 'seconds' ? ` (the ${options.budgetSeconds ?? 10} s budget ran out)` : ''} — not a proof that there is none`;
    if (result.exhausted === 'seconds')
      result.diagnostics.push({ code: 'diff/budget-exhausted', severity: 'info', message: `the witness search ran out of time after ${result.games} games`, hint: 'give it more time (--budget-seconds) or more games (--games)' });
    return result;
  }
  // shrinking has a budget of its own, as long as the search's
  const shrinkDeadline = now() + 1000 * (options.budgetSeconds ?? 10);
  const shrunk = options.shrink === false ? { seed: found.game.seed, moves: found.game.moves.slice(), divergence: found.game.divergence!, steps: 0 } : shrinkWitness(pair, found.game.seed, found.game.moves, shrinkDeadline, now);
  result.witness = {
    seed: shrunk.seed,
    players,
    moves: shrunk.moves,
    divergence: shrunk.divergence,
    found: { phase: found.phase, games: found.index + 1, moves: found.game.moves.length, seed: found.game.seed },
    shrinkSteps: shrunk.steps,
    ms: now() - start,
  };
  result.summary = `divergence after ${shrunk.moves.length} decision${shrunk.moves.length === 1 ? '' : 's'} (seed ${shrunk.seed}, ${players} players): ${shrunk.divergence.detail}`;
  return result;
}

/**
 * The moves that lead towards the changed rules: taking a changed action (or
 * one a changed constraint constrains), answering an ask of a changed rule, or
 * taking an action (or answering an ask of a rule) that emits an event a
 * changed rule hears.
 */
function hotMoves(diff: StructuralDiff, a: RuleGraph, b: RuleGraph): ((m: Move) => boolean) | null {
  const changed = new Set(diff.changes.map((c) => `${c.kind} ${c.name}`));
  const hotActions = new Set<string>();
  const hotRules = new Set<string>();
  for (const g of [a, b]) {
    const changedRuleIds = new Set(g.rules.filter((r) => changed.has(`rule ${r.name}`)).map((r) => r.id.replace(/@.*$/, '')));
    for (const a2 of g.actions) if (changed.has(`action ${a2.name}`)) hotActions.add(a2.id);
    // a changed constraint is tried by taking the action it constrains
    for (const c of g.constraints) if (c.status === 'active' && changed.has(`constraint ${c.name}`) && c.target.startsWith('action:')) hotActions.add(c.target);
    for (const id of changedRuleIds) hotRules.add(id);
    const heard = new Set(g.edges.filter((e) => e.kind === 'triggers' && changedRuleIds.has(e.to)).map((e) => e.from));
    for (const e of g.edges) {
      if (e.kind !== 'emits' || !heard.has(e.to)) continue;
      if (e.from.startsWith('action:')) hotActions.add(e.from);
      if (e.from.startsWith('rule:')) hotRules.add(e.from);
    }
  }
  if (hotActions.size === 0 && hotRules.size === 0) return null;
  return (m) => (m.kind === 'action' ? hotActions.has(m.action) : hotRules.has(m.ask.replace(/\/ask\d+$/, '')));
}
