// The engine worker's pieces, run in Node on the repo's scenarios: the gallery's catalog, a check, a play session
// that steps back and forks, and a simulation that stops when cancelled.
import { loadGraph } from '@houserules/engine';
import { compile } from '@houserules/compiler';
import { describe, expect, it } from 'vitest';
import { collectScenarioFiles } from '../../build/scenario-bundle.ts';
import { buildCatalog } from '../../src/engine-worker/catalog.ts';
import { PlaySession, type BotJob } from '../../src/engine-worker/play-session.ts';
import type { CompareProgress, PlayProgress, ReplayedWitness, WitnessSummary } from '../../src/protocol/engine-protocol.ts';
import { ProjectFiles } from '../../src/engine-worker/project-files.ts';
import { checkScenario } from '../../src/engine-worker/scenario-check.ts';
import { compareScenarios, compileSides, relativeFrom, replayComparedWitness } from '../../src/engine-worker/compare.ts';
import { FileMemo } from '../../src/engine-worker/file-memo.ts';
import { searchWitness, structuralDiff, type Witness } from '@houserules/diff';
import { runTests } from '../../src/engine-worker/test-run.ts';
import { simulate } from '../../src/engine-worker/simulate.ts';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const bundled = collectScenarioFiles(repoRoot);
const project = new ProjectFiles();
project.setAll(Object.fromEntries(bundled.map((f) => [f.path, f.text])));
const DIAMANT = 'scenarios/diamant/diamant.rules';

/** A Diamant game, its bots' first answers given (as the worker's `game/start` does). */
async function diamantSession(seats: (string | null)[]): Promise<PlaySession> {
  const graph = compile(project.host, DIAMANT).value!;
  const started = PlaySession.start(graph, loadGraph(graph, { codegen: false }).value!, { seed: 7, players: seats.length, options: {} }, seats);
  expect(started.diagnostics).toEqual([]);
  await started.session!.play();
  return started.session!;
}

const quietJob = (cancelAfter = Infinity) => {
  let reports = 0;
  return { get cancelled() { return reports >= cancelAfter; }, breathe: async () => {}, progress: () => void reports++ };
};

describe('the engine worker', () => {
  it('bundles every scenario file and the rulebooks they name', () => {
    expect(bundled.some((f) => f.path === DIAMANT)).toBe(true);
    expect(bundled.filter((f) => f.path.startsWith('scenarios/catan/')).length).toBeGreaterThan(5);
    expect(bundled.every((f) => !f.path.includes('..'))).toBe(true);
  });

  it('lists every scenario module and variant, with its tests and what it builds on', () => {
    const { entries } = buildCatalog(project);
    const diamant = entries.find((e) => e.id === DIAMANT)!;
    expect(diamant.title).toBe('Diamant');
    expect(diamant.tests.length).toBeGreaterThan(3);
    expect(entries.some((e) => e.id === `${DIAMANT}#incan_gold`)).toBe(true);
    const seafarers = entries.find((e) => e.id === 'scenarios/catan/seafarers.rules')!;
    expect(seafarers.dependencies).toContain('scenarios/catan/base.rules');
  });

  it('checks a scenario: its variants, options, policies and rules with their sources', () => {
    const r = checkScenario(project, DIAMANT);
    expect(r.ok).toBe(true);
    expect(r.variants.map((v) => v.name)).toEqual(['incan_gold']);
    expect(r.options.map((o) => o.name)).toContain('leftover_sharing');
    expect(r.policies.map((p) => p.name)).toContain('cautious');
    expect(r.rules.find((x) => x.name === 'share_treasure')?.cite).toContain('Divide equally');
  });

  it('plays, steps back, and forks a new line when another option is chosen there', async () => {
    // Catan's set-up: placing pieces reveals nothing, so an earlier answer may be given again.
    const graph = compile(project.host, 'scenarios/catan/base.rules').value!;
    const s = PlaySession.start(graph, loadGraph(graph, { codegen: false }).value!, { seed: 3, players: 3, options: {} }, [null, 'random', 'random']).session!;
    await s.play();
    let state = s.state();
    expect(state.pending.map((d) => d.seat)).toEqual([0]);
    // the viewer's points (the ranking's key) are read without moving the game
    expect(state.points).toBe(0);
    expect(s.state().stateHash).toBe(state.stateHash);
    const first = await s.move(0, 0);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    state = first.state;
    expect(state.points).toBe(1);
    const tip = state.cursor;
    const hashAtTip = state.stateHash;
    // Back to just before p1's answer: the same decision is open again, the answer it holds marked.
    const back = await s.goto(state.lineId, 0);
    expect(back.ok && back.state.pending[0]).toMatchObject({ seat: 0, taken: 0, locked: null });
    // The same answer walks forward along the line; the state is the one left.
    const again = await s.move(0, 0);
    expect(again.ok && again.state.cursor).toBe(1);
    const forward = await s.goto(state.lineId, tip);
    expect(forward.ok && forward.state.stateHash).toBe(hashAtTip);
    // Another answer there forks: two lines, the old one intact.
    await s.goto(state.lineId, 0);
    const fork = await s.move(0, 1);
    expect(fork.ok && fork.state.lines.length).toBe(2);
    if (!fork.ok) return;
    expect(fork.state.lineId).not.toBe(state.lineId);
    const old = await s.goto(state.lineId, tip);
    expect(old.ok && old.state.stateHash).toBe(hashAtTip);
  });

  it('plays a whole game against mcts bots, which decide without seeing the person’s secret plan', async () => {
    const s = await diamantSession([null, 'mcts(iterations=60)', 'mcts(iterations=60)']);
    let state = s.state();
    for (let n = 0; n < 200 && !state.over; n++) {
      const mine = state.pending.find((d) => d.seat === 0);
      expect(mine).toBeDefined();
      const moved = await s.move(0, n % 3 === 0 ? 1 : 0);
      expect(moved.ok).toBe(true);
      if (!moved.ok) return;
      state = moved.state;
    }
    expect(state.over).toBe(true);
  });

  it('shows a seat nothing of the others\' secret answers before they are revealed, and no answer again past what it learnt', async () => {
    const s = await diamantSession([null, 'random', 'random']);
    // p2 and p3 (bots) have chosen their plans in secret; p1 has not.
    const asP2 = s.viewAs(1);
    if (!asP2.ok) throw new Error('view as p2');
    const p2Plan = /p2 chooses (continue|exit)/.exec(asP2.state.steps.map((st) => st.label).join('\n'))?.[1];
    expect(p2Plan).toBeDefined();
    for (const viewer of [0, -1]) {
      const seen = s.viewAs(viewer);
      if (!seen.ok) throw new Error('view');
      const st = seen.state;
      const text = JSON.stringify({ steps: st.steps, log: st.log, table: st.table, shared: st.shared, pending: st.pending });
      expect(text).not.toMatch(/p[23] chooses (continue|exit)/);
      expect(st.steps.filter((x) => x.seat > 0).map((x) => x.label)).toEqual(['p2 chooses (secretly)', 'p3 chooses (secretly)']);
      expect(st.log.map((l) => l.text).filter((t) => /p[23] chooses/.test(t))).toEqual(['r1 p2 chooses (secretly)', 'r1 p3 chooses (secretly)']);
      // the plans are the answers' vars: never a row of the table
      expect(st.table.rows.map((r) => r.name)).not.toContain('plan');
      // only the viewer's own options: a spectator has none
      expect(st.pending.map((d) => d.seat)).toEqual(viewer === 0 ? [0] : []);
    }
    // p1 answers: the plans and the next card come to light. p1 may look back, but not answer again there.
    s.viewAs(0);
    const answered = await s.move(0, 0);
    if (!answered.ok) throw new Error('move');
    // all reveal together: p1 now reads what p2 chose, in the steps and in the log
    expect(answered.state.steps.map((x) => x.label)).toContain(`p2 chooses ${p2Plan}`);
    expect(answered.state.log.map((l) => l.text)).toContain(`r1 p2 chooses ${p2Plan}`);
    const p1Step = answered.state.steps.findIndex((x) => x.seat === 0);
    const back = await s.goto(answered.state.lineId, p1Step);
    if (!back.ok) throw new Error('goto');
    expect(back.state.pending[0]?.locked).toEqual(expect.any(String));
    expect(await s.move(0, 1)).toMatchObject({ ok: false, diagnostics: [{ code: 'play/nothing-to-undo' }] });
    // the same answer still walks forward
    expect((await s.move(0, 0)).ok).toBe(true);
  });

  it('lets a searching bot give way in slices, say how far it is, and stop on a cancel before it answers', async () => {
    const graph = compile(project.host, DIAMANT).value!;
    const s = PlaySession.start(graph, loadGraph(graph, { codegen: false }).value!, { seed: 7, players: 3, options: {} }, [null, 'mcts(iterations=200000)', 'random']).session!;
    const before = s.state().stateHash;
    // cancelled once it has said it is thinking (which it says after THINKING_REPORT_MS of search)
    const told: PlayProgress[] = [];
    let breaths = 0;
    const job: BotJob = { get cancelled() { return told.length > 0; }, breathe: async () => void breaths++, progress: (p) => void told.push(p) };
    const r = await s.play(job);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(breaths).toBeGreaterThan(1);
    expect(told[0]).toMatchObject({ seat: 1, agent: 'mcts(iterations=200000)', budget: 200000 });
    expect(told[0]!.iterations).toBeGreaterThan(0);
    expect(told[0]!.state?.stateHash).toBe(before);
    // the game is where it was before p2's answer, and says whose search stopped
    expect(r.state.stateHash).toBe(before);
    expect(r.state.steps).toEqual([]);
    expect(r.state.stopped).toEqual({ seat: 1, agent: 'mcts(iterations=200000)' });
    // another agent for p2 (a bot stays a bot), and the bots answer
    expect(await s.setAgent(0, 'random')).toMatchObject({ ok: false, diagnostics: [{ code: 'play/not-your-seat' }] });
    expect(await s.setAgent(1, 'mcts(iterations=0)')).toMatchObject({ ok: false, diagnostics: [{ code: 'play/unknown-agent' }] });
    const on = await s.setAgent(1, 'mcts(iterations=50)');
    expect(on.ok && on.state.stopped).toBeUndefined();
    expect(on.ok && on.state.seats).toEqual([null, 'mcts(iterations=50)', 'random']);
    expect(on.ok && on.state.steps.map((x) => x.seat)).toEqual([1, 2]);
  });

  it('runs a move sent during a search after it, not in the middle of it', async () => {
    const graph = compile(project.host, DIAMANT).value!;
    const s = PlaySession.start(graph, loadGraph(graph, { codegen: false }).value!, { seed: 7, players: 3, options: {} }, [null, 'mcts(iterations=200000)', 'random']).session!;
    let breaths = 0;
    // gives the event loop a turn between slices, as the worker does, and is cancelled after a few
    const slow: BotJob = { get cancelled() { return breaths >= 5; }, breathe: () => new Promise((r) => setTimeout(() => r(void breaths++), 0)), progress: () => {} };
    const stopAtOnce: BotJob = { cancelled: true, breathe: async () => {}, progress: () => {} };
    const playing = s.play(slow);
    const moved = s.move(0, 0, stopAtOnce);
    const [p, m] = [await playing, await moved];
    // the search's answer was computed on the game it started from: the person's move came after it
    expect(p.ok && p.state.steps.length).toBe(0);
    expect(m.ok && m.state.steps.map((x) => x.seat)).toEqual([0]);
    expect(m.ok && m.state.stopped?.seat).toBe(1);
  });

  it('lets bots answer the same way from the same state, on any line', async () => {
    const a = await diamantSession([null, 'random', 'random', 'random']);
    const b = await diamantSession([null, 'random', 'random', 'random']);
    const ra = await a.move(0, 0);
    const rb = await b.move(0, 0);
    expect(ra.ok && rb.ok && ra.state.stateHash === rb.state.stateHash).toBe(true);
  });

  it('refuses a move for a bot\'s seat or an option that does not exist', async () => {
    const s = await diamantSession([null, 'random', 'random']);
    expect(await s.move(1, 0)).toMatchObject({ ok: false, diagnostics: [{ code: 'play/not-your-seat' }] });
    expect(await s.move(0, 99)).toMatchObject({ ok: false, diagnostics: [{ code: 'play/no-such-option' }] });
  });

  it('simulates with the CLI\'s summary, and stops early when cancelled', async () => {
    const params = { entry: DIAMANT, variant: null, players: 4, games: 300, seed: 1, agents: ['random', 'cautious'], options: {} };
    const full = await simulate(project, params, quietJob());
    expect(full.ok && full.result.summary.games).toBe(300);
    if (!full.ok) return;
    expect(full.result.summary.seats.map((x) => x.agent)).toEqual(['random', 'cautious', 'random', 'cautious']);
    expect(full.result.summary.histograms.decisions.reduce((n, b) => n + b.games, 0)).toBe(300);
    const stopped = await simulate(project, { ...params, games: 1_000_000 }, quietJob(2));
    expect(stopped.ok && stopped.result.cancelled).toBe(true);
    expect(stopped.ok && stopped.result.summary.games).toBeLessThan(1_000_000);
    const bad = await simulate(project, { ...params, agents: ['nobody'] }, quietJob());
    expect(bad).toMatchObject({ ok: false, message: expect.stringContaining('unknown agent') });
  });

  it('draws a hex board as a picture, in the colours of the scenario\'s style', async () => {
    const graph = compile(project.host, 'scenarios/catan/base.rules').value!;
    const started = PlaySession.start(graph, loadGraph(graph, { codegen: false }).value!, { seed: 3, players: 3, options: {} }, [null, 'random', 'random']);
    const state = started.session!.state();
    expect(state.boardSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(state.boardSvg).not.toMatch(/<script|on\w+=/i);
    expect(new Set(state.seatColours).size).toBe(3);
    // Diamant has no board: no picture.
    expect((await diamantSession([null, 'random', 'random'])).state().boardSvg).toBeUndefined();
  });

  it('compares two printings: the differences by name, a witness on both sides, and the witness as a test that passes on the first', async () => {
    const r = await compareScenarios(project, { a: DIAMANT, b: `${DIAMANT}#incan_gold`, budgetSeconds: 10, seed: 1, balanceGames: 40 }, quietJob());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.structure.changes.length).toBeGreaterThan(0);
    expect(r.witness).not.toBeNull();
    expect(r.frames.length).toBe(r.witness!.moves.length + 1);
    expect(r.frames[0]!.move).toBeNull();
    // the paired balance, as the CLI's: 40 games of each side with the same seeds, a verdict per table, how often it matters
    expect(r.balance).not.toBeNull();
    expect(r.balance!.games).toBe(40);
    expect(r.balance!.tables.map((t) => t.name)).toEqual(['seats', 'length', 'ends']);
    for (const t of r.balance!.tables) expect(t.verdict.length).toBeGreaterThan(0);
    expect(r.balance!.matters.score.games).toBeGreaterThanOrEqual(r.balance!.matters.winner.games);
    expect(r.witnessTest!.path).toBe('scenarios/diamant/tests/witness.rules');
    // each witness was run as a test on both sides before it was reported: the line that tells them apart
    for (const d of r.differences.filter((x) => x.witness)) expect(d.witness!.verified).toMatchObject({ expect: expect.stringMatching(/^expect /), failureOnB: expect.any(String) });
    // and the module "Add to my files" places ends each witness's test on that line
    const ends = r.witnessTest!.text.split('\n').flatMap((l, i, all) => (all[i + 1] === '}' ? [l.trim()] : []));
    for (const d of r.differences.filter((x) => x.witness && !x.sameAs && x.isolation === null)) expect(ends).toContain(d.witness!.verified!.expect);
    project.change(r.witnessTest!.path, r.witnessTest!.text);
    try {
      const run = await runTests(project, [r.witnessTest!.path], undefined, quietJob());
      expect(run.files.flatMap((f) => f.diagnostics).filter((d) => d.severity === 'error')).toEqual([]);
      // one test per difference that has a game of its own
      const own = r.differences.filter((d) => d.witness && !d.sameAs).length;
      expect(own).toBeGreaterThan(0);
      expect(run.tests.length).toBe(own);
      expect(run.passed).toBe(own);
    } finally {
      project.change(r.witnessTest!.path, null);
    }
    expect(relativeFrom('scenarios/diamant/tests', DIAMANT)).toBe('../diamant.rules');
  });

  it('lists a search per difference, and replays any lockstep witness on both sides the way the first was shown', async () => {
    const r = await compareScenarios(project, { a: DIAMANT, b: `${DIAMANT}#incan_gold`, budgetSeconds: 10, seed: 1, balanceGames: 0 }, quietJob());
    if (!r.ok) throw new Error('the comparison failed');
    expect(r.differences.length).toBeGreaterThan(0);
    const labels = r.structure.changes.map((c) => c.name);
    for (const d of r.differences) expect(labels.some((name) => d.label.includes(name))).toBe(true);
    // the first witness is one of the differences'
    expect(r.differences.some((d) => d.witness?.seed === r.witness?.seed && d.witness?.moves.join() === r.witness?.moves.join())).toBe(true);
    // replayed again, the first witness gives the same frames the comparison sent
    const sides = compileSides(project, [r.a.id, r.b.id]);
    const asked = (w: WitnessSummary): ReplayedWitness => ({ seed: w.seed, players: w.players, moves: w.moves, divergence: w.divergence, ...(w.found.arrangement !== undefined ? { arrangement: w.found.arrangement, searchSeed: r.search.seed } : {}) });
    const again = replayComparedWitness(project, sides, asked(r.witness!));
    expect(again?.frames).toEqual(r.frames);
    expect(r.reproduced).toBe(true);
    // every lockstep witness, from the start or from an arranged state, parts again where the search saw it part
    for (const d of r.differences.filter((x) => x.witness && x.isolation === null)) {
      const replay = replayComparedWitness(project, sides, asked(d.witness!));
      expect(replay!.frames.length).toBe(d.witness!.moves.length + 1);
      expect(replay!.reproduced).toBe(true);
    }
    // a replay request is untrusted: nonsense is refused, not thrown
    expect(replayComparedWitness(project, sides, { seed: Number.NaN, players: 2, moves: [] })).toBeNull();
    expect(replayComparedWitness(project, sides, { seed: 1, players: 1e9, moves: [] })).toBeNull();
    expect(replayComparedWitness(project, sides, null as never)).toBeNull();
  });

  it('replays a witness found from an arranged state from the same arrangement, and says when a replay does not part where the witness did', () => {
    const a = 'scenarios/durango/durango.rules';
    const sides = compileSides(project, [a, `${a}#durango_2016`]);
    const [ga, gb] = [sides[0].graph!, sides[1].graph!];
    const read = (path: string): string | undefined => project.read(path);
    // the search as the worker runs it (arrangements on), on a clock that ticks per read: the same games every run
    let tick = 0;
    const found = searchWitness({ graph: ga, options: {} }, { graph: gb, options: {} }, { steerBy: structuralDiff(ga, gb, { readA: read, readB: read }), seed: 10, codegen: false, now: () => (tick += 1), budgetSeconds: 2, shrink: false, games: 12 });
    const lockstep = found.differences.flatMap((d) => (d.witness && d.isolation === null ? [d.witness] : []));
    const arranged = lockstep.filter((w) => w.found.arrangement !== undefined);
    expect(arranged.length).toBeGreaterThan(0);
    const asked = (w: Witness, arrangement = w.found.arrangement): ReplayedWitness => ({ seed: w.seed, players: w.players, moves: w.moves, divergence: w.divergence, ...(arrangement !== undefined ? { arrangement, searchSeed: 10 } : {}) });
    for (const w of lockstep) {
      const replay = replayComparedWitness(project, sides, asked(w))!;
      expect(replay.reproduced).toBe(true);
      expect(replay.frames.length).toBe(w.moves.length + 1);
    }
    const w = arranged[0]!;
    // from the start of a game instead, or from another arrangement, the same moves do not show it
    expect(replayComparedWitness(project, sides, { seed: w.seed, players: w.players, moves: w.moves, divergence: w.divergence })?.reproduced ?? false).toBe(false);
    // an arrangement the search never built is refused; a divergence the replay does not reach is said
    expect(replayComparedWitness(project, sides, asked(w, 'no such arrangement'))?.reproduced ?? false).toBe(false);
    expect(replayComparedWitness(project, sides, { ...asked(w), divergence: { step: w.divergence.step, detail: 'something else' } })!.reproduced).toBe(false);
    expect(replayComparedWitness(project, sides, { ...asked(w), arrangement: 42 as never })).toBeNull();
  });

  it('tells the witness search progress from the search itself: games searched and differences witnessed, up to what it returns', async () => {
    const told: CompareProgress[] = [];
    const job = { cancelled: false, breathe: async () => {}, progress: (p: unknown) => void told.push(p as CompareProgress) };
    const r = await compareScenarios(project, { a: DIAMANT, b: `${DIAMANT}#incan_gold`, budgetSeconds: 10, seed: 1, balanceGames: 0 }, job);
    if (!r.ok) throw new Error('the comparison failed');
    const searching = told.filter((p) => p.phase === 'witness');
    expect(told[0]!.phase).toBe('structure');
    // the first says the search starts (nothing yet), and it ends on the search's own last word
    expect(searching[0]).toMatchObject({ step: 'search', games: 0, witnessed: 0, budgetSeconds: 10 });
    const steps = searching.map((p) => p.step);
    expect(steps).toContain('shrink');
    expect(steps.at(-1)).toBe('done');
    // games and seconds only grow; the differences sought stay the same number
    for (let i = 1; i < searching.length; i++) {
      expect(searching[i]!.games!).toBeGreaterThanOrEqual(searching[i - 1]!.games!);
      expect(searching[i]!.seconds!).toBeGreaterThanOrEqual(searching[i - 1]!.seconds!);
    }
    expect(new Set(searching.slice(1).map((p) => p.differences)).size).toBe(1);
    // the last agrees with the result: the games it played, the differences that can show in play, those witnessed
    const last = searching.at(-1)!;
    expect(last.games).toBe(r.search.games);
    expect(last.games).toBeGreaterThan(0);
    const witnessed = r.differences.filter((d) => d.witness !== null).length;
    expect(witnessed).toBeGreaterThan(0);
    expect(last.witnessed).toBe(witnessed);
    expect(last.differences).toBeGreaterThanOrEqual(witnessed);
    expect(last.differences).toBeLessThanOrEqual(r.differences.length);
    // a witness counted during the search before it was shrunk is counted once (never more than the differences)
    for (const p of searching) expect(p.witnessed!).toBeLessThanOrEqual(p.differences!);
  });

  it('keeps results until a file changes, then drops them all', () => {
    const files = new ProjectFiles();
    files.setAll({ 'a.rules': 'module a' });
    const memo = new FileMemo(files);
    let computed = 0;
    const value = (): { n: number } => ({ n: ++computed });
    const first = memo.remembered('x', value);
    expect(memo.remembered('x', value)).toBe(first);
    memo.remembered('y', value);
    expect([computed, memo.size]).toEqual([2, 2]);
    files.change('a.rules', 'module a // edited');
    const after = memo.remembered('x', value);
    expect(after).not.toBe(first);
    expect([computed, memo.size]).toEqual([3, 1]);
  });
});
