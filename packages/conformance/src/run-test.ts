import type { Expr, TestPlan, TestStep, TypeDesc, Value } from '@houserules/schema';
import {
  cardWord,
  createGame,
  firstLegalAgent,
  policyAgent,
  randomAgent,
  seatWord,
  siteWord,
  type Agent,
  type Game,
  type LoadedGraph,
  type LogEntry,
  type Move,
  type Probe,
} from '@houserules/engine';
import { describeCard, describeLogEntry, LogWords, recentEvents } from './log-words.ts';
import type { TestFailure, TestResult } from './results.ts';

export interface RunLimits {
  /** decisions a test may make in all (`play` steps included) before it is stopped as a runaway */
  decisionBudget?: number;
  /** rule firings per flow step (the engine's own budget) */
  stepBudget?: number;
  /** flow steps between two decisions (a flow that never waits) */
  flowStepBudget?: number;
}

/** sees a test's game as it stands when the test ends, with the test's result */
export type GameWatcher = (game: Game, lg: LoadedGraph, result: TestResult) => void;

const DEFAULT_DECISIONS = 20_000;
const DEFAULT_STEP_BUDGET = 20_000;
const DEFAULT_FLOW_STEPS = 100_000;

/** A test with its steps compiled against one loaded graph (the probe compiles expressions and arrange blocks). */
interface CompiledStep {
  step: TestStep;
  run: (ctx: RunContext) => TestFailure | null;
}

interface RunContext {
  game: Game;
  lg: LoadedGraph;
  /** the log position of the previous act step: `expect event` looks from here */
  mark: number;
  decisions: number;
  started: boolean;
  plan: TestPlan;
  limits: Required<RunLimits>;
  /** constraint ids seen refusing a move (coverage) */
  refusals: Record<string, number>;
}

/** Compiles every step of a plan (before any game exists, so the graph can grow its local slots). */
export function prepareTest(plan: TestPlan, probe: Probe): (lg: LoadedGraph, limits?: RunLimits, onGame?: GameWatcher) => TestResult {
  const compiled = plan.steps.map((step) => ({ step, run: withWhen(step, compileStep(step, probe), probe) }));
  return (lg, limits = {}, onGame) => runPrepared(plan, compiled, lg, limits, onGame);
}

function runPrepared(plan: TestPlan, steps: CompiledStep[], lg: LoadedGraph, limits: RunLimits, onGame: GameWatcher | undefined): TestResult {
  const result: TestResult = {
    id: plan.id,
    name: plan.name,
    file: plan.provenance.file,
    line: plan.provenance.range.start.line,
    scenario: lg.graph.scenario.name,
    variant: plan.variant,
    ...(plan.provenance.cite !== undefined ? { cite: plan.provenance.cite } : {}),
    status: 'passed',
    firings: {},
    steps: 0,
  };
  const created = createGame(lg, {
    seed: plan.seed,
    players: plan.players,
    options: plan.options,
    checkInvariants: true,
    holdFlow: true,
    stepBudget: limits.stepBudget ?? DEFAULT_STEP_BUDGET,
    flowStepBudget: limits.flowStepBudget ?? DEFAULT_FLOW_STEPS,
  });
  const game = created.value;
  if (!game) {
    result.status = 'failed';
    result.failure = {
      code: 'test/setup',
      message: created.diagnostics.map((d) => `${d.code}: ${d.message}`).join('; '),
      file: plan.provenance.file,
      range: plan.provenance.range,
      text: `test "${plan.name}"`,
      events: [],
    };
    return result;
  }
  const ctx: RunContext = {
    game,
    lg,
    mark: 0,
    decisions: 0,
    started: false,
    plan,
    limits: {
      decisionBudget: limits.decisionBudget ?? DEFAULT_DECISIONS,
      stepBudget: limits.stepBudget ?? DEFAULT_STEP_BUDGET,
      flowStepBudget: limits.flowStepBudget ?? DEFAULT_FLOW_STEPS,
    },
    refusals: {},
  };
  const setupError = runError(ctx);
  for (const { step, run } of steps) {
    const failure = setupError ?? run(ctx) ?? runError(ctx);
    result.steps++;
    if (failure) {
      result.status = 'failed';
      result.failure = { ...failure, file: plan.provenance.file, range: step.range, text: step.text, events: failure.events.length ? failure.events : recentEvents(game, lg) };
      break;
    }
  }
  if (steps.length === 0 && setupError) {
    // a test without steps still fails when the game cannot even start; it is located at the test
    result.status = 'failed';
    result.failure = { ...setupError, file: plan.provenance.file, range: plan.provenance.range, text: `test "${plan.name}"`, events: recentEvents(game, lg) };
  }
  result.firings = game.ruleFirings;
  // the actions taken, and the constraints seen refusing a move, for coverage
  const actions: Record<string, number> = {};
  for (const e of game.log) {
    const move = e.event === '$answer' ? (e.data['move'] as Move | undefined) : undefined;
    if (move?.kind === 'action') actions[move.action] = (actions[move.action] ?? 0) + 1;
  }
  result.actions = actions;
  result.refusals = ctx.refusals;
  onGame?.(game, lg, result);
  return result;
}

/** A run error (conservation, invariant, step budget…) stops the game: the step that met it fails. */
function runError(ctx: RunContext): TestFailure | null {
  const err = ctx.game.error;
  if (!err) return null;
  return fail(err.code === 'run/step-budget' ? 'test/step-budget' : 'test/run-error', `${err.code}: ${err.message}`);
}

function fail(code: string, message: string, extra: Partial<TestFailure> = {}): TestFailure {
  return { code, message, file: '', range: { start: { line: 0, column: 0, offset: 0 }, end: { line: 0, column: 0, offset: 0 } }, text: '', events: [], ...extra };
}

function start(ctx: RunContext): void {
  if (!ctx.started) {
    ctx.started = true;
    ctx.game.resume();
  }
}

type StepMove = Extract<TestStep, { t: 'expectLegal' }>['move'];

/**
 * `expect legal`/`expect illegal`'s move, compiled: when run, the move is made
 * from the game's state and tried; an accepted move is taken back (the step
 * only asks whether it is legal), a refused one changed nothing.
 */
function compileTrialMove(move: StepMove, probe: Probe): (g: Game, seat: number) => { move: Move; applied: ReturnType<Game['apply']> } {
  const chosen = 'choose' in move ? probe.value(move.choose) : null;
  const args = 'action' in move ? move.args.map((a) => probe.value(a)) : [];
  return (g, seat) => {
    const m: Move = 'action' in move
      ? { kind: 'action', action: move.action, args: args.map((a) => a(g) as Value) }
      : { kind: 'choice', ask: '', value: chosen!(g) as Value };
    const snap = g.snapshot();
    const applied = g.apply(seat, m);
    if (applied.value) g.restore(snap);
    return { move: m, applied };
  };
}

/** `expect … when COND`: the step runs only where COND holds now (one reading of an option); elsewhere it is skipped */
function withWhen(step: TestStep, run: (ctx: RunContext) => TestFailure | null, probe: Probe): (ctx: RunContext) => TestFailure | null {
  if (step.when === undefined) return run;
  const when = probe.value(step.when);
  return (ctx) => (truthy(when(ctx.game)) ? run(ctx) : null);
}

function compileStep(step: TestStep, probe: Probe): (ctx: RunContext) => TestFailure | null {
  switch (step.t) {
    case 'arrange': {
      const body = probe.statements(step.body);
      return (ctx) => (ctx.game.runStatements(body) ? null : runError(ctx) ?? fail('test/run-error', 'the arrange block failed'));
    }
    case 'fixDice': {
      const faces = step.faces;
      const total = step.total ? probe.value(step.total) : null;
      return (ctx) => {
        if (total !== null) ctx.game.forceRollTotal(Number(total(ctx.game)));
        else ctx.game.forceDice(faces);
        return null;
      };
    }
    case 'advance':
      return (ctx) => {
        ctx.mark = ctx.game.log.length;
        if (!ctx.started) start(ctx);
        else ctx.game.resume();
        return null;
      };
    case 'choose': {
      const value = probe.value(step.value);
      const seat = step.seat;
      return (ctx) => {
        start(ctx);
        ctx.mark = ctx.game.log.length;
        return applyMove(ctx, seat, { kind: 'choice', ask: '', value: value(ctx.game) as Value });
      };
    }
    case 'do': {
      const args = step.args.map((a) => probe.value(a));
      const { seat, action } = step;
      return (ctx) => {
        start(ctx);
        ctx.mark = ctx.game.log.length;
        return applyMove(ctx, seat, { kind: 'action', action, args: args.map((a) => a(ctx.game) as Value) });
      };
    }
    case 'play': {
      const until = step.until ? probe.value(step.until) : null;
      const agentSpecs = step.agents.length > 0 ? step.agents : [{ name: 'random', args: [] }];
      return (ctx) => {
        start(ctx);
        ctx.mark = ctx.game.log.length;
        const agents: Agent[] = [];
        for (let seat = 0; seat < ctx.game.playerCount; seat++) {
          const spec = agentSpecs[seat % agentSpecs.length]!;
          const made = makeAgent(ctx.lg, spec, ctx.plan.seed * 7919 + seat);
          if (typeof made === 'string') return fail('test/setup', made);
          agents.push(made);
        }
        return play(ctx, agents, until);
      };
    }
    case 'expect': {
      const check = explainCondition(step.condition, probe, { types: step.shows ?? [], next: 0 });
      return (ctx) => check(ctx.game);
    }
    case 'expectEvent': {
      const args = step.args?.map((a) => probe.value(a)) ?? null;
      const event = step.event.replace(/^event:/, '');
      const negated = step.negated;
      const laterArgs = step.before?.args?.map((a) => probe.value(a)) ?? null;
      const later = step.before?.event.replace(/^event:/, '');
      return (ctx) => {
        const log = ctx.game.log;
        const since = step.thisRound ? log.filter((e) => e.round === ctx.game.round) : log.slice(ctx.mark);
        const matching = (name: string, wanted: (Value | Value[])[] | null): { entries: LogEntry[]; text: string } => {
          const info = ctx.lg.events.find((e) => e.name === name);
          const shown = wanted?.map((w, k) => {
            const t = info?.params[k]?.type.t;
            return t === 'player' && typeof w === 'number' ? seatName(w) : t === 'card' && typeof w === 'number' ? describeCard(w, ctx.game, ctx.lg) : showValue(w);
          });
          return {
            entries: since.filter((e) => e.event === name && (wanted === null || wanted.every((w, k) => sameValue(e.data[info?.params[k]?.name ?? ''] as Value | Value[], w)))),
            text: `${name}${shown ? `(${shown.join(', ')})` : ''}`,
          };
        };
        const { entries: matches, text: wantText } = matching(event, args?.map((a) => a(ctx.game)) ?? null);
        const happened = since.filter((e) => !e.event.startsWith('$')).map((e) => describeLogEntry(e, ctx.game, ctx.lg));
        if (later !== undefined) {
          // `expect event A before B`: both happened, the first A before the first B
          const after = matching(later, laterArgs?.map((a) => a(ctx.game)) ?? null);
          const first = matches[0];
          const next = after.entries[0];
          if (first === undefined || next === undefined || first.seq > next.seq) {
            return fail('test/event-order', `event ${wantText} did not happen before ${after.text}`, {
              expected: `${wantText}, then ${after.text}`,
              actual: first === undefined ? `no ${wantText}` : next === undefined ? `no ${after.text}` : `${after.text} first`,
              events: happened,
            });
          }
          return null;
        }
        if (negated && matches.length > 0) {
          return fail('test/event-unexpected', `event ${wantText} happened`, { expected: `no ${wantText}`, actual: matches.map((e) => describeLogEntry(e, ctx.game, ctx.lg)).join('; '), events: happened });
        }
        const where = step.thisRound ? 'this round' : 'since the last move';
        if (step.times !== undefined && matches.length !== step.times) {
          return fail('test/event-count', `event ${wantText} happened ${matches.length} time${matches.length === 1 ? '' : 's'} ${where}`, {
            expected: `${step.times} time${step.times === 1 ? '' : 's'}`,
            actual: `${matches.length} time${matches.length === 1 ? '' : 's'}`,
            events: happened,
          });
        }
        if (step.times !== undefined) return null;
        if (!negated && matches.length === 0) {
          return fail('test/event-missing', `event ${wantText} did not happen ${where}`, {
            expected: wantText,
            actual: happened.length ? happened.join('; ') : 'no events',
            events: happened,
          });
        }
        return null;
      };
    }
    case 'expectIllegal': {
      const because = step.because;
      const tryMove = compileTrialMove(step.move, probe);
      return (ctx) => {
        start(ctx);
        const { applied } = tryMove(ctx.game, step.seat);
        if (applied.value) return fail('test/move-legal', `the move was accepted`, { expected: 'refused', actual: 'accepted' });
        const reason = applied.diagnostics[0];
        // The engine names the refusing constraint by id in the refusal's related location.
        const refusedBy = reason?.related?.[0]?.message;
        if (refusedBy !== undefined) ctx.refusals[refusedBy] = (ctx.refusals[refusedBy] ?? 0) + 1;
        if (because?.startsWith('ask:')) {
          // `because NAME` of a choice (`as NAME`): the choice itself left the value out (its collection or its
          // `where`), not a constraint, and it is the choice the seat is asked
          const asked = ctx.game.pending().find((d) => d.seat === step.seat);
          const askId = because.slice('ask:'.length);
          if (refusedBy !== undefined || asked?.ask !== askId) {
            const name = ctx.lg.asks.find((a) => a.id === askId) ? becauseName(step) : askId;
            return fail('test/wrong-reason', `the move was refused, but not by the choice ${name} itself`, { expected: `left out by ${name}`, actual: reason ? `${reason.code}: ${reason.message}` : 'no reason' });
          }
          return null;
        }
        if (because && refusedBy !== because) {
          const name = because.replace(/^constraint:/, '');
          return fail('test/wrong-reason', `the move was refused, but not by constraint ${name}`, { expected: `refused by ${name}`, actual: reason ? `${reason.code}: ${reason.message}` : 'no reason' });
        }
        return null;
      };
    }
    case 'expectLegal': {
      const seat = step.seat;
      const tryMove = compileTrialMove(step.move, probe);
      return (ctx) => {
        start(ctx);
        const g = ctx.game;
        const { move: m, applied } = tryMove(g, seat);
        if (applied.value) return null;
        const words = new LogWords(ctx.lg, g);
        const open = g.legalActions(seat).map((o) => words.move(o));
        const reason = applied.diagnostics[0];
        return fail('test/move-illegal', `${seatName(seat)} may not ${words.move(m)} now${reason ? `: ${reason.message}` : ''}`, {
          expected: words.move(m),
          actual: open.length ? `${seatName(seat)} may: ${open.join(', ')}` : `${seatName(seat)} has nothing to decide`,
        });
      };
    }
    case 'expectAsked': {
      const { seat, negated, ask } = step;
      const options = step.options ? probe.value(step.options) : null;
      return (ctx) => {
        start(ctx);
        const g = ctx.game;
        const open = g.pending().filter((d) => d.seat === seat);
        const words = new LogWords(ctx.lg, g);
        const describe = (d: (typeof open)[number]): string => (d.ask === 'actions' ? 'to act' : `to choose (${d.options.map((o) => words.move(o)).join(', ')})`);
        const matching = open.filter((d) => askMatches(ctx.lg, d, ask));
        const what = ask ? ` ${ask.name}` : '';
        if (negated) {
          if (matching.length === 0) return null;
          return fail('test/asked', `${seatName(seat)} is asked${what}`, { expected: `${seatName(seat)} not asked${what}`, actual: matching.map(describe).join('; ') });
        }
        if (matching.length === 0) {
          return fail('test/not-asked', `${seatName(seat)} is not asked${what}`, {
            expected: `${seatName(seat)} asked${what}`,
            actual: open.length ? `${seatName(seat)} is asked ${open.map(describe).join('; ')}` : `${seatName(seat)} has nothing to decide (waiting for ${g.waitingSeats().map(seatName).join(', ') || 'nobody'})`,
          });
        }
        if (options) {
          const want = options(g);
          const wanted = Array.isArray(want) ? want : [want];
          const got = matching[0]!.options.filter((o) => o.kind === 'choice').map((o) => (o as { value: Value }).value);
          const same = wanted.length === got.length && wanted.every((w) => got.some((v) => sameValue(v, w))) && got.every((v) => wanted.some((w) => sameValue(v, w)));
          if (!same) {
            return fail('test/wrong-options', `${seatName(seat)} is asked${what} with other options`, { expected: showValue(wanted), actual: showValue(got) });
          }
        }
        return null;
      };
    }
    case 'expectSees': {
      const { seat, negated, target } = step;
      const owner = (target.k === 'zone' || target.k === 'var') && target.of ? probe.value(target.of) : null;
      const card = target.k === 'zone' || target.k === 'var' ? null : probe.value(target);
      const zoneId = target.k === 'zone' ? target.id : null;
      const varId = target.k === 'var' ? target.id : null;
      return (ctx) => {
        const g = ctx.game;
        const view = g.view(seat);
        let seen: boolean;
        let what: string;
        if (varId !== null) {
          // a var is seen when the seat's view holds its value (a secret var: its owner's only)
          const node = ctx.lg.vars.find((v) => v.id === varId);
          const of = owner ? (owner(g) as number) : -1;
          const vv = node ? view.vars[node.name] : undefined;
          const one = Array.isArray(vv) ? vv[of] : vv;
          seen = one !== undefined && one !== null;
          what = `${of >= 0 ? `${seatName(of)}'s ` : ''}${node?.name ?? varId}`;
        } else if (zoneId !== null) {
          const zone = ctx.lg.zones.find((z) => z.id === zoneId);
          const zv = zone ? view.zones[zone.name] : undefined;
          const of = owner ? (owner(g) as number) : -1;
          const one = Array.isArray(zv) ? zv[of] : zv;
          seen = one?.cards !== undefined;
          what = `${of >= 0 ? `${seatName(of)}'s ` : ''}${zone?.name ?? zoneId}`;
        } else {
          const id = card!(g) as number;
          seen = Object.values(view.zones).some((z) => (Array.isArray(z) ? z : [z]).some((one) => one.cards?.some((c) => c.id === id) || one.known?.some((k) => k.card.id === id)));
          what = describeCard(id, g, ctx.lg);
        }
        if (seen === !negated) return null;
        return fail('test/sees', `${seatName(seat)} ${seen ? 'sees' : 'does not see'} ${what}`, {
          expected: `${negated ? 'hidden from' : 'visible to'} ${seatName(seat)}`,
          actual: seen ? 'visible' : 'hidden',
        });
      };
    }
    case 'expectGameOver': {
      const winners = step.winners ? probe.value(step.winners) : null;
      return (ctx) => {
        const g = ctx.game;
        if (step.negated) {
          if (!g.isOver) return null;
          return fail('test/game-over', 'the game is over', { expected: 'the game to go on', actual: `over (${g.outcome?.reason ?? 'no outcome'}), winners [${(g.outcome?.winners ?? []).map(seatName).join(', ')}]` });
        }
        if (!g.isOver || !g.outcome) {
          return fail('test/not-over', 'the game is not over', { expected: 'game over', actual: `round ${g.round}, waiting for ${g.waitingSeats().map(seatName).join(', ') || 'nobody'}` });
        }
        if (step.by !== undefined && g.outcome.reason !== step.by) {
          const words = new LogWords(ctx.lg, g);
          return fail('test/wrong-ending', 'the game ended another way', { expected: `over by ${words.endReason(step.by)}`, actual: `over by ${words.endReason(g.outcome.reason)}` });
        }
        if (winners) {
          const want = [...(winners(g) as number[])].sort((a, b) => a - b);
          const got = [...g.outcome.winners].sort((a, b) => a - b);
          if (want.join() !== got.join()) {
            const ranking = g.outcome.ranking.map((r) => `${seatName(r.seat)} rank ${r.rank} (${r.score.map(showValue).join(', ')})`).join(', ');
            return fail('test/wrong-winners', 'other winners', { expected: `[${want.map(seatName).join(', ')}]`, actual: `[${got.map(seatName).join(', ')}] — ${ranking}` });
          }
        }
        return null;
      };
    }
  }
}

function applyMove(ctx: RunContext, seat: number, move: Move): TestFailure | null {
  if (++ctx.decisions > ctx.limits.decisionBudget) return budgetFailure(ctx);
  const applied = ctx.game.apply(seat, move);
  if (applied.value) return null;
  const d = applied.diagnostics[0];
  const words = new LogWords(ctx.lg, ctx.game);
  const open = ctx.game.legalActions(seat).map((o) => words.move(o));
  return fail('test/move-refused', `${seatName(seat)}'s move was refused: ${d ? `${d.code}: ${d.message}` : 'no reason'}`, {
    expected: 'the move to be accepted',
    actual: open.length ? `${seatName(seat)} may: ${open.join(', ')}` : `${seatName(seat)} has nothing to decide (waiting for ${ctx.game.waitingSeats().map(seatName).join(', ') || 'nobody'})`,
  });
}

function play(ctx: RunContext, agents: Agent[], until: ((g: Game) => Value | Value[]) | null): TestFailure | null {
  const g = ctx.game;
  while (!g.isOver && !g.error) {
    if (until && truthy(until(g))) return null;
    const seat = g.nextSeat();
    if (seat < 0) return fail('test/run-error', 'nobody has anything to decide, yet the game is not over');
    if (++ctx.decisions > ctx.limits.decisionBudget) return budgetFailure(ctx);
    const choice = agents[seat]!.choose(g, seat);
    const ok = typeof choice === 'number' ? g.applyOption(seat, choice) : g.apply(seat, choice).value;
    if (!ok) return fail('test/run-error', `agent ${agents[seat]!.name} of ${seatName(seat)} made no legal move`);
  }
  if (until && !g.error && !truthy(until(g))) {
    return fail('test/expectation-failed', 'the game ended before the `until` condition held', { expected: 'the condition to hold', actual: 'game over' });
  }
  return null;
}

function budgetFailure(ctx: RunContext): TestFailure {
  return fail('test/step-budget', `more than ${ctx.limits.decisionBudget} decisions: the test was stopped`, { expected: `at most ${ctx.limits.decisionBudget} decisions`, actual: 'still running' });
}

function makeAgent(lg: LoadedGraph, spec: { name: string; args: Value[] }, seed: number): Agent | string {
  if (spec.name === 'random') return randomAgent(seed);
  if (spec.name === 'first') return firstLegalAgent();
  const policy = lg.policies.find((p) => p.name === spec.name || p.id === spec.name);
  if (!policy) return `there is no agent or policy \`${spec.name}\``;
  const params: Record<string, Value> = {};
  spec.args.forEach((v, k) => {
    const p = policy.params[k];
    if (p) params[p.name] = v;
  });
  const made = policyAgent(lg, spec.name, params, seed);
  return made.value ?? made.diagnostics.map((d) => d.message).join('; ');
}

/**
 * An `expect` condition that, when it fails, says why: for `a == b` (and the
 * other comparisons) both sides' values; for `x and y` the first part that fails.
 */
function explainCondition(cond: Expr, probe: Probe, shows: { types: readonly (TypeDesc | null)[]; next: number }): (g: Game) => TestFailure | null {
  if (cond.k === 'bin' && cond.op === 'and') {
    const l = explainCondition(cond.l, probe, shows);
    const r = explainCondition(cond.r, probe, shows);
    return (g) => l(g) ?? r(g);
  }
  // the compiler's type of this comparison's sides (one entry per comparison, in `and` order)
  const type = shows.types[shows.next++] ?? null;
  const whole = probe.value(cond);
  if (cond.k === 'bin' && ['==', '!=', '<', '<=', '>', '>='].includes(cond.op)) {
    // Decoded by the sides' type: without it a number past the language's range (a score of 2^87) reads as a name, and shows empty.
    const numeric = type?.t === 'number' ? type : undefined;
    const l = probe.value(cond.l, numeric);
    const r = probe.value(cond.r, numeric);
    const boolish = isBoolLiteral(cond.l) || isBoolLiteral(cond.r);
    return (g) => {
      if (truthy(whole(g))) return null;
      const show = (v: Value | Value[]): string => (boolish && typeof v === 'number' ? String(v !== 0) : type !== null ? showTyped(v, type, g) : showValue(v));
      return fail('test/expectation-failed', `the comparison ${cond.op} does not hold`, {
        expected: `${cond.op === '==' ? '' : `${cond.op} `}${show(r(g))}`,
        actual: show(l(g)),
      });
    };
  }
  return (g) => (truthy(whole(g)) ? null : fail('test/expectation-failed', 'the condition does not hold', { expected: 'true', actual: 'false' }));
}

/** A player, card or site (or a list of them) as the author writes it: `p2`, `treasure(7)`, `corner(0, 0, 1)`. */
function showTyped(v: Value | Value[], type: TypeDesc, g: Game): string {
  if (Array.isArray(v)) return `[${v.map((x) => showTyped(x, type.t === 'list' ? type.of : type, g)).join(', ')}]`;
  if (typeof v !== 'number') return showValue(v);
  if (type.t === 'player') return seatWord(v);
  if (type.t === 'card') return cardWord(g, v);
  if (type.t === 'site') return siteWord(g.lg.board, v, g);
  return showValue(v);
}

function isBoolLiteral(e: Expr): boolean {
  return e.k === 'lit' && typeof e.v === 'boolean';
}

function truthy(v: Value | Value[]): boolean {
  return v === true || (typeof v === 'number' && v !== 0);
}

export function seatName(seat: number): string {
  return `p${seat + 1}`;
}

export function showValue(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(showValue).join(', ')}]`;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function sameValue(a: Value | Value[] | undefined, b: Value | Value[]): boolean {
  // a list argument (an event's `list of T` parameter) matches element by element, in order
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, k) => sameValue(x, b[k]!));
  if (typeof a === 'boolean' && typeof b === 'number') return (a ? 1 : 0) === b;
  return a === b;
}

/** Whether an open decision is the one `expect p1 asked NAME` names (any decision without a name). */
function askMatches(lg: LoadedGraph, d: { ask: string; options: Move[] }, ask: Extract<TestStep, { t: 'expectAsked' }>['ask']): boolean {
  if (!ask) return true;
  if ('ask' in ask) return d.ask === ask.ask;
  if ('action' in ask) return d.ask === 'actions' && d.options.some((o) => o.kind === 'action' && o.action === ask.action);
  const info = lg.asks.find((a) => a.id === d.ask);
  return info !== undefined && info.varIndex >= 0 && lg.vars[info.varIndex]?.id === ask.var;
}


/** the name `because` was written with (a choice's `as NAME`), from the step's text */
function becauseName(step: TestStep): string {
  return /\bbecause\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(step.text)?.[1] ?? 'the choice';
}
