// `compare/run`: two scenarios or variants compared by @houserules/diff — the structural diff by name, a witness
// game in which they behave differently (searched within a budget, on closures), replayed step by step on both
// sides for the page's two boards, the witness as a test, and the balance of both side by side.
import { compile } from '@houserules/compiler';
import { LogWords } from '@houserules/conformance';
import type { Game } from '@houserules/engine';
import { arrangements, differenceTargets, groupBySentence, pairedBalance, guardArrangements, LockstepPair, searchWitness, structuralDiff, witnessTest, type Arrangement, type LabeledWitness, type PairedBalance, type SearchProgress, type Side, type StructuralDiff, type Witness, type WitnessTarget } from '@houserules/diff';
import { createGameRunner, playChunk, type GameOutcome } from '@houserules/simulation';
import type { Diagnostic, RuleGraph } from '@houserules/schema';
import type { CompareParams, CompareProgress, CompareResult, ReplayedWitness, ComparedDifference, ComparedSide, WitnessFrame, WitnessReplay, WitnessSummary } from '../protocol/engine-protocol.ts';
import { boardSvg, seatColours, styleFor } from './board-pictures.ts';
import type { Job } from './job.ts';
import { dirOf, type ProjectFiles } from './project-files.ts';

/** Budgets: the witness search's seconds (and again its shrinking's), the games of each balance, the frames sent. */
export const MAX_SEARCH_SECONDS = 60;
export const MAX_BALANCE_GAMES = 5_000;
export const MAX_FRAMES = 400;
/** How often the worker's clock tells the seconds of a witness search that is silent (ms). */
const PROGRESS_MS = 500;

const splitId = (id: string): { file: string; variant: string | null } => ({ file: id.split('#')[0]!, variant: id.split('#')[1] ?? null });

/** One side of a comparison, compiled (with its errors). */
export interface CompiledSide {
  id: string;
  file: string;
  variant: string | null;
  graph: RuleGraph | null;
  diagnostics: Diagnostic[];
}

/** The two sides of a comparison, compiled (with the errors of each). */
export function compileSides(project: ProjectFiles, ids: [string, string]): [CompiledSide, CompiledSide] {
  const [a, b] = ids.map((id): CompiledSide => {
    const { file, variant } = splitId(id);
    const compiled = compile(project.host, file, { parse: project.cache.parse, ...(variant ? { variant } : {}) });
    return { id, file, variant, graph: compiled.value ?? null, diagnostics: compiled.diagnostics.filter((d) => d.severity === 'error') };
  });
  return [a!, b!];
}

export async function compareScenarios(project: ProjectFiles, params: CompareParams, job: Job): Promise<CompareResult> {
  const [a, b] = compileSides(project, [params.a, params.b]);
  if (!a.graph || !b.graph) return { ok: false, diagnostics: [...a.diagnostics, ...b.diagnostics] };
  const ga = a.graph;
  const gb = b.graph;
  job.progress({ phase: 'structure' });
  const read = (path: string): string | undefined => project.read(path);
  const structure = structuralDiff(ga, gb, { readA: read, readB: read });
  await job.breathe();

  const sideA: Side = { graph: ga, options: {} };
  const sideB: Side = { graph: gb, options: {} };
  const seconds = Math.max(0.5, Math.min(MAX_SEARCH_SECONDS, params.budgetSeconds));
  // The search is one synchronous call: it tells its progress itself (`onProgress`: games searched, differences
  // witnessed, at most every 100 ms of its clock), and the worker's clock adds the seconds going by where it is
  // silent (while it shrinks the games found), at most every PROGRESS_MS.
  let told: Required<CompareProgress> = { phase: 'witness', step: 'search', games: 0, differences: 0, witnessed: 0, seconds: 0, budgetSeconds: seconds };
  job.progress(told);
  const started = Date.now();
  let toldAt = started;
  const tell = (p: Required<CompareProgress>, t: number): void => {
    told = p;
    toldAt = t;
    job.progress(p);
  };
  const clock = (): number => {
    const t = Date.now();
    const s = Math.floor((t - started) / 1000);
    if (t - toldAt >= PROGRESS_MS && s !== told.seconds) tell({ ...told, seconds: s }, t);
    return t;
  };
  const onProgress = (p: SearchProgress): void => tell({ ...told, step: p.phase, games: p.games, differences: p.differences, witnessed: p.witnessed, seconds: Math.floor(p.seconds) }, Date.now());
  const firstSeed = Math.max(1, Math.floor(params.seed)) || 1;
  const found = searchWitness(sideA, sideB, {
    steerBy: structure,
    budgetSeconds: seconds,
    now: clock,
    onProgress,
    codegen: false,
    seed: firstSeed,
    // games from the start and from arranged states: the boards replay an arranged witness from the same
    // arrangement, rebuilt by its name (comparedArrangements), and check that the replay parts where the search saw
    arrange: true,
    // a difference the games always show another one before is sought on the first with only it from the second
    isolate: { host: project.host, fileA: a.file, readB: read },
    // every witness is run as a test on both sides (as "Add to my files" would place it) before it is reported: only
    // one that passes on the first and fails on the second is shown, ending on what a player sees where it can; its
    // tests run on the engine's closures (codegen false, as the search's games): the page's CSP refuses generated code
    verify: { host: project.host, path: witnessPath(a), a: targetOf(a, a), b: targetOf(b, a), codegen: false },
  });
  await job.breathe();

  // the boards replay a game of the two printings as they are: the first such witness, else the first found
  const w = found.differences.find((d) => d.witness !== null && !d.sameAs && d.isolation === null)?.witness ?? found.witness;
  const arranged = (players: number): Arrangement[] => comparedArrangements(ga, gb, structure, players, firstSeed);
  const replay = w ? replayWitness(project, ga, gb, w, arranged) : NO_REPLAY;
  const witnesses = found.differences.flatMap((d) => (d.witness && !d.sameAs ? [{ label: d.label, witness: d.witness, isolated: d.isolation === 'isolated' ? d.isolatedDeclarations : null, direction: d.direction ?? null }] : []));
  const test = witnesses.length > 0 ? witnessModule(a, b, ga, gb, witnesses) : null;
  const differences: ComparedDifference[] = found.differences.map((d) => ({
    label: d.label,
    witness: d.witness ? summarizeWitness(d.witness) : null,
    isolation: d.isolation,
    isolatedDeclarations: d.isolatedDeclarations,
    sameAs: d.sameAs,
    summary: d.summary,
  }));

  job.progress({ phase: 'balance' });
  const games = Math.max(0, Math.min(MAX_BALANCE_GAMES, Math.floor(params.balanceGames)));
  const players = w?.players ?? commonPlayers(ga, gb);
  // the paired balance, as the CLI's `diff --balance`: game i of each side with the same seed, compared game by game
  let balance: PairedBalance | null = null;
  if (games > 0 && players !== null) {
    const oa = await playSide(ga, a.file, a.variant, players, games, job);
    const ob = oa ? await playSide(gb, b.file, b.variant, players, games, job) : null;
    if (oa && ob && !job.cancelled) balance = pairedBalance(oa, ob);
  }
  return {
    ok: true,
    a: describeSide(a.id, ga),
    b: describeSide(b.id, gb),
    structure: { shared: structure.shared, unchanged: structure.unchanged, changes: structure.changes, renamed: structure.renamed, diagnostics: structure.diagnostics, sentences: groupBySentence(structure.changes) },
    witness: w ? summarizeWitness(w) : null,
    differences,
    search: { games: found.games, depth: found.depth, seed: firstSeed, summary: found.summary, diagnostics: found.diagnostics },
    frames: replay.frames,
    geometry: replay.geometry,
    reproduced: replay.reproduced,
    seatColours: seatColours(styleFor(project, ga), players ?? 0),
    witnessTest: test,
    balance,
    balanceGames: games,
    balancePlayers: players,
  };
}

function summarizeWitness(w: Witness): WitnessSummary {
  return { seed: w.seed, players: w.players, moves: w.moves, divergence: w.divergence, found: w.found, ms: w.ms, ...(w.arrange ? { arrange: w.arrange } : {}), ...(w.options ? { options: w.options } : {}), ...(w.verified ? { verified: w.verified } : {}) };
}

const NO_REPLAY: WitnessReplay = { frames: [], geometry: { a: null, b: null }, reproduced: false };
/** the most options a replayed witness may set (an option's reading it was found under) */
const MAX_READING_OPTIONS = 8;
/** the longest arrangement name a replay request may carry (characters) */
const MAX_ARRANGEMENT_NAME = 500;

/**
 * The states the witness search of two graphs may start a game from, as `searchWitness` builds them for the two
 * sides as they are (the generic arrangements from the set-up of its first seed, then those of each difference's
 * guard; the first of each name): a witness names the one it started from, and its replay starts there again.
 */
export function comparedArrangements(ga: RuleGraph, gb: RuleGraph, structure: StructuralDiff, players: number, seed: number): Arrangement[] {
  const guards = differenceTargets(structure, ga, gb).flatMap((t) => guardArrangements(t, ga, gb, players));
  const seen = new Set<string>();
  return [...arrangements(ga, gb, players, { a: {}, b: {}, seed }), ...guards].filter((x) => !seen.has(x.label) && (seen.add(x.label), true));
}

/**
 * A lockstep witness of a comparison played again (`compare/replay`) on its two sides, compiled (the worker keeps
 * them compiled while the files stay as they are); null when a side does not compile now. The witness comes from
 * the page: it is checked before it is played. An arranged witness names its arrangement and the search's first
 * seed, from which the arrangements are built again (`arranged`, remembered by the worker).
 */
export function replayComparedWitness(
  project: ProjectFiles,
  [a, b]: [CompiledSide, CompiledSide],
  witness: ReplayedWitness,
  arranged: (players: number, seed: number) => Arrangement[] = (players, seed) => sidesArrangements(project, [a, b], players, seed),
): WitnessReplay | null {
  if (!a.graph || !b.graph) return null;
  if (!witness || typeof witness !== 'object') return null;
  const { seed, players, moves, arrangement, searchSeed } = witness;
  if (!Number.isSafeInteger(seed) || !Array.isArray(moves)) return null;
  if (!Number.isSafeInteger(players) || [a.graph, b.graph].some((g) => players < g.scenario.players.min || players > g.scenario.players.max)) return null;
  if (arrangement !== undefined && (typeof arrangement !== 'string' || arrangement.length > MAX_ARRANGEMENT_NAME || !Number.isSafeInteger(searchSeed))) return null;
  const d = witness.divergence;
  const divergence = d && typeof d === 'object' && Number.isSafeInteger(d.step) && typeof d.detail === 'string' ? { step: d.step, detail: d.detail } : undefined;
  // an option's reading the witness was found under: names and plain values only, at most a few
  const given = witness.options;
  const options: Record<string, string | number | boolean> = {};
  if (given !== undefined) {
    if (given === null || typeof given !== 'object' || Object.keys(given).length > MAX_READING_OPTIONS) return null;
    for (const [k, v] of Object.entries(given)) {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return null;
      options[k] = v;
    }
  }
  const w = { seed, players, moves: moves.slice(0, MAX_FRAMES).map(String), found: arrangement === undefined ? {} : { arrangement }, options, ...(divergence ? { divergence } : {}) };
  return replayWitness(project, a.graph, b.graph, w, (p) => arranged(p, searchSeed!));
}

/** The arrangements of two compiled sides (their structural diff made again), for a replay. */
export function sidesArrangements(project: ProjectFiles, [a, b]: [CompiledSide, CompiledSide], players: number, seed: number): Arrangement[] {
  if (!a.graph || !b.graph) return [];
  const read = (path: string): string | undefined => project.read(path);
  return comparedArrangements(a.graph, b.graph, structuralDiff(a.graph, b.graph, { readA: read, readB: read }), players, seed);
}

/**
 * A witness played again on the two graphs, from the start of a game or from the arrangement it names (rebuilt by
 * `arranged`); `reproduced` says the replay parted where the witness did (its step and words).
 */
function replayWitness(project: ProjectFiles, ga: RuleGraph, gb: RuleGraph, w: Pick<WitnessSummary, 'seed' | 'players' | 'moves' | 'options'> & { found: { arrangement?: string }; divergence?: { step: number; detail: string } }, arranged: (players: number) => Arrangement[]): WitnessReplay {
  let arrangement: Arrangement | null = null;
  if (w.found.arrangement !== undefined) {
    arrangement = arranged(w.players).find((x) => x.label === w.found.arrangement) ?? null;
    if (!arrangement) return NO_REPLAY;
  }
  // both sides with the option's reading the witness was found under, if any
  const options = w.options ?? {};
  return replayFrames(project, ga, gb, { graph: ga, options }, { graph: gb, options }, w.players, w.seed, w.moves, arrangement, w.divergence ?? null);
}

/** The witnesses as one test module beside the first side's tests (one test block each, as `houserules diff` writes). */
function witnessModule(a: { file: string; variant: string | null }, b: { file: string; variant: string | null }, ga: RuleGraph, gb: RuleGraph, witnesses: LabeledWitness[]): { path: string; text: string } {
  const texts = witnessTest(witnesses, targetOf(a, a), targetOf(b, a), { a: label(ga), b: label(gb), module: 'witness' });
  return { path: witnessPath(a), text: texts.text };
}

/** where the witnesses' module lives: beside the first side's tests */
const witnessPath = (a: { file: string }): string => `${dirOf(a.file)}/tests/witness.rules`;

/** a side as the witnesses' module names it: its `extends` relative to the module, which lives beside `home`'s tests */
function targetOf(s: { file: string; variant: string | null }, home: { file: string }): WitnessTarget {
  return { extends: relativeFrom(`${dirOf(home.file)}/tests`, s.file), variant: s.variant, options: {} };
}

function label(g: RuleGraph): string {
  return g.scenario.variant ? `${g.scenario.title} (${g.scenario.variant})` : g.scenario.title;
}

function describeSide(id: string, g: RuleGraph): ComparedSide {
  return { id, title: g.scenario.title, variant: g.scenario.variant };
}

function commonPlayers(a: RuleGraph, b: RuleGraph): number | null {
  const lo = Math.max(a.scenario.players.min, b.scenario.players.min);
  const hi = Math.min(a.scenario.players.max, b.scenario.players.max);
  return lo <= hi ? Math.max(lo, Math.min(hi, 4)) : null;
}

/** `../x.rules`-style path from a folder to a file (both relative to the project root). */
export function relativeFrom(folder: string, file: string): string {
  const from = folder.split('/').filter(Boolean);
  const to = file.split('/').filter(Boolean);
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const up = from.length - common;
  return [...new Array<string>(up).fill('..'), ...to.slice(common)].join('/') || '.';
}

/** The witness played again on both sides, a frame (what each side's spectator sees) after set-up and each move. */
function replayFrames(project: ProjectFiles, ga: RuleGraph, gb: RuleGraph, sideA: Side, sideB: Side, players: number, seed: number, moves: string[], arrangement: Arrangement | null, divergence: { step: number; detail: string } | null): WitnessReplay {
  const built = new LockstepPair(sideA, sideB, players, false, arrangement ? [arrangement] : []);
  const pair = arrangement ? built.arranged(0) : built;
  const first = replayOn(project, ga, gb, pair, seed, moves, divergence);
  // a witness the search followed until a player sees the difference (it ends on what a player sees) parts there
  // only in games that go on past a scratch value that differs first
  if (first.reproduced || first === NO_REPLAY || divergence === null) return first;
  const seen = replayOn(project, ga, gb, pair.visible(), seed, moves, divergence);
  return seen.reproduced ? seen : first;
}

function replayOn(project: ProjectFiles, ga: RuleGraph, gb: RuleGraph, pair: LockstepPair, seed: number, moves: string[], divergence: { step: number; detail: string } | null): WitnessReplay {
  const game = pair.start(seed);
  if (!game) return NO_REPLAY;
  const styleA = styleFor(project, ga);
  const styleB = styleFor(project, gb);
  const geometry = { a: game.ga.boardGeometry(), b: game.gb.boardGeometry() };
  const wordsA = new LogWords(pair.lgA, game.ga);
  const wordsB = new LogWords(pair.lgB, game.gb);
  const frame = (move: string | null): WitnessFrame => ({
    move,
    a: { view: game.ga.view(-1), board: boardSvg(game.ga, styleA, -1) },
    b: { view: game.gb.view(-1), board: boardSvg(game.gb, styleB, -1) },
    optionSites: geometry.a && geometry.b ? optionSitesOnOneSide(offeredSites(game.ga, wordsA), offeredSites(game.gb, wordsB)) : [],
  });
  const out: WitnessFrame[] = [frame(null)];
  for (const m of moves) {
    if (!game.play(m)) break;
    if (out.length < MAX_FRAMES) out.push(frame(m));
  }
  // the replay shows the witness only if it parts where the search saw it part, in the same words
  const parted = game.divergence;
  const reproduced = parted !== null && game.moves.length === moves.length && (divergence === null || (parted.step === divergence.step && parted.detail === divergence.detail));
  return { frames: out, geometry, reproduced };
}

/** The options a game offers that place or pick sites, by seat and name (in the author's words), with their sites. */
function offeredSites(g: Game, words: LogWords): Map<string, number[]> {
  const out = new Map<string, number[]>();
  if (g.isOver) return out;
  for (const d of g.pending()) {
    for (const m of d.options) {
      const sites = words.optionSites(m);
      if (sites.length > 0) out.set(`${d.seat}|${words.move(m)}`, sites);
    }
  }
  return out;
}

/** The sites of the options offered on one side only (a move both offer marks nothing). */
function optionSitesOnOneSide(a: Map<string, number[]>, b: Map<string, number[]>): number[] {
  const out = new Set<number>();
  for (const [name, sites] of a) if (!b.has(name)) for (const s of sites) out.add(s);
  for (const [name, sites] of b) if (!a.has(name)) for (const s of sites) out.add(s);
  return [...out].sort((x, y) => x - y);
}

/** games 0 … games − 1 of one side by random players, each game's outcome kept (the paired balance compares game i with game i) */
async function playSide(graph: RuleGraph, file: string, variant: string | null, players: number, games: number, job: Job): Promise<GameOutcome[] | null> {
  const runner = createGameRunner({ graph, scenarioFile: file, variant, players, options: {}, agents: [{ name: 'random', args: [] }], seed: 1, log: false, codegen: false });
  if (!runner.ok) return null;
  const out: GameOutcome[] = [];
  for (let from = 0; from < games && !job.cancelled; from += 50) {
    out.push(...(playChunk(runner, players, from, Math.min(games, from + 50), true).outcomes ?? []));
    await job.breathe();
  }
  return out;
}

