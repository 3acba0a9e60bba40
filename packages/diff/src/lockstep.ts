import type { RuleGraph, Value } from '@houserules/schema';
import { createGame, createProbe, endReasonWords, loadGraph, type Game, type LoadedGraph, type LogEntry, type Move } from '@houserules/engine';
import { MoveText } from './move-text.ts';
import { sharedQuantities, type SharedQuantity } from './shared-state.ts';
import type { Arrangement } from './arrangements.ts';

/** One side of a comparison: a graph and the options its games get. */
export interface Side {
  graph: RuleGraph;
  options: Record<string, Value>;
}

export type DivergenceKind = 'outcome' | 'state' | 'events' | 'options';

/** The first step at which the two games differ. */
export interface Divergence {
  kind: DivergenceKind;
  /** moves played before it showed (0: already after set-up) */
  step: number;
  /** the move that led to it (as a test writes it), or null at set-up */
  move: string | null;
  /** what differs, in words */
  detail: string;
  /** rules that fired on one side only, or a different number of times, in that step */
  rules: { rule: string; a: number; b: number }[];
  /**
   * the test lines that hold on the first graph and not on the second, what a
   * player sees first (`candidates`' lines); the diff runs them before it
   * keeps one (docs/diff.md, "The witness is a test")
   */
  expect: string[];
  candidates: ExpectCandidate[];
  /**
   * what the step involved, as `kind name` keys of the structural diff: the
   * rules that fired on either side, the action taken or the rule whose ask
   * was answered, the actions and asks offered on one side only, the end reached
   */
  touched: string[];
}

/** A test line that should hold after the witness's moves on the first graph and not on the second. */
export interface ExpectCandidate {
  line: string;
  /** what it shows, in words */
  detail: string;
  /** how plainly a player sees it: lower first (the outcome, the options offered, a hand, a score … a scratch value) */
  seen: number;
}

const SEEN_OUTCOME = 0;
const SEEN_OPTIONS = 1;
/** plus the quantity's own rank (shared-state.ts): a hand 2, a score 3, the bank 4 … the table's vars 8 */
const SEEN_STATE = 2;
/** events: between the table's derived values and the players' vars */
const SEEN_EVENTS = 6.5;
/**
 * lines below this a player sees on the table: the outcome, the options
 * offered, a hand, a score, the bank, a zone's size; the table's derived
 * values, events and scratch vars are bookkeeping
 */
export const SEEN_BY_PLAYERS = SEEN_STATE + 4;

/** A pair of games saved at one step, to go on from there (shrinking) */
export interface LockstepSave {
  a: ReturnType<Game['snapshot']>;
  b: ReturnType<Game['snapshot']>;
  moves: number;
  logA: number;
  logB: number;
  firingsA: number[];
  firingsB: number[];
  offerA: Offer;
  offerB: Offer;
  /** a roll fixed and not yet rolled (`fix dice to N`; a game's snapshot leaves it out) */
  forcedA: number;
  forcedB: number;
}

/** Both graphs loaded once for a player count, with what a step compares. */
export class LockstepPair {
  readonly lgA: LoadedGraph;
  readonly lgB: LoadedGraph;
  readonly textA: MoveText;
  readonly textB: MoveText;
  readonly quantities: SharedQuantity[];
  private readonly ruleNamesA: string[];
  private readonly ruleNamesB: string[];

  /** the arrangement the games start from (`arranged`), or none: the start of a game */
  readonly arrangement: Arrangement | null = null;
  /** each arrangement's statements, compiled for each graph */
  private readonly arranging: { a: (g: Game) => void; b: (g: Game) => void }[];
  /** each arrangement's roll to fix, read in the first game (null: none) */
  private readonly rolls: (((g: Game) => Value | Value[]) | null)[];
  /** whether both games roll dice (a steered game may fix a roll: `fix dice to N`) */
  readonly rollsDice: boolean;

  constructor(readonly a: Side, readonly b: Side, readonly players: number, codegen = true, readonly arrangements: readonly Arrangement[] = []) {
    const la = loadGraph(a.graph, { codegen }).value;
    const lb = loadGraph(b.graph, { codegen }).value;
    if (!la || !lb) throw new Error('LockstepPair: a graph did not load (the caller checks graphs first)');
    const pa = createProbe(la);
    const pb = createProbe(lb);
    this.quantities = sharedQuantities(a.graph, b.graph, players, pa, pb);
    // compiled before the probes' graphs are taken: their local slots are final then
    this.arranging = arrangements.map((x) => ({ a: pa.statements(x.a), b: pb.statements(x.b) }));
    this.rolls = arrangements.map((x) => (x.roll ? pa.value(x.roll, { t: 'number' }) : null));
    this.lgA = pa.graph();
    this.lgB = pb.graph();
    this.textA = new MoveText(this.lgA);
    this.textB = new MoveText(this.lgB);
    this.ruleNamesA = this.lgA.rules.map((r) => r.name);
    this.ruleNamesB = this.lgB.rules.map((r) => r.name);
    this.rollsDice = this.lgA.builtin.diceRolled >= 0 && this.lgB.builtin.diceRolled >= 0;
  }

  /** this pair, its games starting from arrangement i (one of those it was built with) */
  arranged(i: number): LockstepPair {
    const view = Object.create(this) as { arrangement: Arrangement | null; arrangedIndex: number };
    view.arrangement = this.arrangements[i] ?? null;
    view.arrangedIndex = i;
    return view as unknown as LockstepPair;
  }

  private readonly askConstraints = { a: new Map<string, string[]>(), b: new Map<string, string[]>() };
  /** `constraint c` for each constraint of one side on the variable a choice sets (none for a choice of a collection or an action) */
  constraintsOnAsk(side: 'a' | 'b', m: Move): string[] {
    if (m.kind !== 'choice') return [];
    const memo = this.askConstraints[side];
    let out = memo.get(m.ask);
    if (out) return out;
    const g = side === 'a' ? this.a.graph : this.b.graph;
    let variable: string | null = null;
    const walk = (x: unknown): void => {
      if (variable !== null || x === null || typeof x !== 'object') return;
      if (Array.isArray(x)) {
        for (const y of x) walk(y);
        return;
      }
      const st = x as { s?: string; id?: string; choice?: { var?: string } };
      if (st.s === 'ask' && st.id === m.ask && st.choice?.var) variable = st.choice.var;
      for (const v of Object.values(x)) walk(v);
    };
    for (const r of g.rules) if (m.ask.startsWith(`${r.id}/`)) walk(r.body);
    out = variable === null ? [] : g.constraints.filter((c) => c.target === variable && (c.status === undefined || c.status === 'active')).map((c) => `constraint ${c.name}`);
    memo.set(m.ask, out);
    return out;
  }

  /** the total the arrangement's games fix their rolls to (a hex's number), read in the first game; null: none */
  rollTotal(game: LockstepGame): number | null {
    const read = this.arrangedIndex >= 0 ? this.rolls[this.arrangedIndex] : null;
    if (!read) return null;
    const v = Number(read(game.ga));
    return Number.isInteger(v) && v > 0 ? v : null;
  }

  /**
   * only what a player sees counts as a divergence (SEEN_BY_PLAYERS): the
   * games go on in step past a derived value, an event or a scratch var that
   * differs, until the options, a hand, a score or the outcome do
   */
  readonly visibleOnly: boolean = false;

  /** this pair, its games parting only where a player sees it (`visibleOnly`) */
  visible(): LockstepPair {
    const view = Object.create(this) as { visibleOnly: boolean };
    view.visibleOnly = true;
    return view as unknown as LockstepPair;
  }

  /** which of `arrangements` the games start from (-1: none) */
  readonly arrangedIndex: number = -1;

  /** a new pair of games on this seed; null when either cannot start (bad options) */
  start(seed: number): LockstepGame | null {
    const arranging = this.arrangement ? this.arranging[this.arrangedIndex] : undefined;
    const hold = arranging !== undefined;
    const ga = createGame(this.lgA, { seed, players: this.players, options: this.a.options, holdFlow: hold }).value;
    const gb = createGame(this.lgB, { seed, players: this.players, options: this.b.options, holdFlow: hold }).value;
    if (!ga || !gb) return null;
    if (arranging) {
      // the arrangement runs after the set-up, before the flow starts, as a test's `arrange` does; one a game refuses is not played
      if (!ga.runStatements(arranging.a) || !gb.runStatements(arranging.b)) return null;
      ga.resume();
      gb.resume();
    }
    return new LockstepGame(this, ga, gb, seed);
  }

  firingNames(side: 'a' | 'b'): string[] {
    return side === 'a' ? this.ruleNamesA : this.ruleNamesB;
  }

  /** the `kind name` key a move touches: `action x`, or `rule r` for an answer to r's ask */
  touchOf(side: 'a' | 'b', m: Move): string {
    if (m.kind === 'action') return `action ${m.action.replace(/^action:/, '')}`;
    const rule = m.ask.replace(/\/ask\d+$/, '');
    const lg = side === 'a' ? this.lgA : this.lgB;
    const name = lg.rules.find((r) => r.id === rule)?.name ?? rule.replace(/^rule:/, '').replace(/@.*$/, '');
    return `rule ${name}`;
  }
}

/** a decision's options by name, per seat */
type Offer = Map<number, { names: string[]; moves: Move[] }>;

/** Two games played in step: the same seed, and each move played by name in both. */
export class LockstepGame {
  readonly moves: string[] = [];
  divergence: Divergence | null = null;
  private logA = 0;
  private logB = 0;
  private firingsA: number[];
  private firingsB: number[];
  private offerA: Offer = new Map();
  private offerB: Offer = new Map();
  /** what the last move touched (`action x`, `rule r`) */
  private lastTouch: string | null = null;
  /** names of moves whose name depends on no state (no card), per side */
  private readonly namesA = new Map<string, string>();
  private readonly namesB = new Map<string, string>();

  constructor(readonly pair: LockstepPair, readonly ga: Game, readonly gb: Game, readonly seed: number) {
    this.firingsA = Array.from({ length: pair.lgA.rules.length }, () => 0);
    this.firingsB = Array.from({ length: pair.lgB.rules.length }, () => 0);
    this.divergence = this.compare(null);
  }

  get over(): boolean {
    return this.ga.isOver || this.gb.isOver;
  }

  /** the seat to move next in the first game (-1: none) */
  nextSeat(): number {
    return this.ga.nextSeat();
  }

  /** the names of the next seat's legal moves, as both games offer them (they agree until a divergence) */
  legal(): string[] {
    const seat = this.nextSeat();
    return this.offerA.get(seat)?.names ?? [];
  }

  /** the next seat's legal moves with their names (as the first game offers them) */
  legalMoves(): { name: string; move: Move }[] {
    const offer = this.offerA.get(this.nextSeat());
    return offer ? offer.names.map((name, i) => ({ name, move: offer.moves[i]! })) : [];
  }

  /** plays a move by name in both games; false when the first game does not offer it (nothing is played) */
  play(name: string): boolean {
    if (this.divergence || this.over) return false;
    // `fix dice to N`: the next roll of both games makes N, as a test's line does
    const fixed = /^fix dice to (\d+)$/.exec(name);
    if (fixed) {
      if (!this.pair.rollsDice) return false;
      this.ga.forceRollTotal(Number(fixed[1]));
      this.gb.forceRollTotal(Number(fixed[1]));
      this.moves.push(name);
      return true;
    }
    const seat = this.nextSeat();
    const ia = this.offerA.get(seat)?.names.indexOf(name) ?? -1;
    const ib = this.offerB.get(seat)?.names.indexOf(name) ?? -1;
    if (ia < 0 || ib < 0) return false;
    const moveA = this.offerA.get(seat)!.moves[ia]!;
    const ra = this.ga.apply(seat, moveA);
    const rb = this.gb.apply(seat, this.offerB.get(seat)!.moves[ib]!);
    if (!ra.value || !rb.value) return false;
    this.moves.push(name);
    this.lastTouch = this.pair.touchOf('a', moveA);
    this.divergence = this.compare(name);
    return true;
  }

  /** both games as they stand (no divergence yet), to go on from later */
  save(): LockstepSave {
    return {
      a: this.ga.snapshot(),
      b: this.gb.snapshot(),
      moves: this.moves.length,
      logA: this.logA,
      logB: this.logB,
      firingsA: this.firingsA.slice(),
      firingsB: this.firingsB.slice(),
      offerA: this.offerA,
      offerB: this.offerB,
      forcedA: this.ga.forcedTotal,
      forcedB: this.gb.forcedTotal,
    };
  }

  /** back to a save of this pair's game on this seed, `moves` being the moves played up to it */
  load(s: LockstepSave, moves: readonly string[]): void {
    this.ga.restore(s.a);
    this.gb.restore(s.b);
    this.moves.length = 0;
    for (let i = 0; i < s.moves; i++) this.moves.push(moves[i]!);
    this.logA = s.logA;
    this.logB = s.logB;
    this.firingsA = s.firingsA.slice();
    this.firingsB = s.firingsB.slice();
    this.offerA = s.offerA;
    this.offerB = s.offerB;
    this.ga.forcedTotal = s.forcedA;
    this.gb.forcedTotal = s.forcedB;
    this.divergence = null;
  }

  private offers(g: Game, text: MoveText, memo: Map<string, string>): Offer {
    const out: Offer = new Map();
    if (g.isOver) return out;
    for (const d of g.pending()) {
      if (out.has(d.seat)) continue;
      const names = d.options.map((m) => {
        // a move's name is fixed for the game unless it names a card (where the card lies)
        const key = text.stable(m) ? `${d.seat}|${m.kind === 'action' ? `${m.action}(${m.args.join(',')})` : `${m.ask}=${String(m.value)}`}` : null;
        if (key === null) return text.move(d.seat, m, g);
        let name = memo.get(key);
        if (name === undefined) memo.set(key, (name = text.move(d.seat, m, g)));
        return name;
      });
      out.set(d.seat, { names, moves: d.options });
    }
    return out;
  }

  /** compares the two games after a step; the divergence, or null */
  private compare(move: string | null): Divergence | null {
    const p = this.pair;
    const { ga, gb } = this;
    const step = this.moves.length;
    const { differ: rules, fired } = this.firingDifferences();
    const touched = new Set<string>(fired.map((r) => `rule ${r}`));
    if (move !== null && this.lastTouch !== null) touched.add(this.lastTouch);
    // every way the two games now differ is a candidate test line; the first found names the divergence
    const candidates: ExpectCandidate[] = [];
    let kind: DivergenceKind | null = null;
    let detail = '';
    const note = (k: DivergenceKind, d: string): void => {
      if (kind !== null) return;
      kind = k;
      detail = d;
    };
    const endTouched = (): void => {
      for (const g of [ga, gb]) if (g.outcome?.reason.startsWith('end:')) touched.add(`end ${endReasonWords(g.outcome.reason)}`);
    };

    // outcome: who won, and why the game ended
    const winners = (g: Game): string => g.outcome?.winners.join(',') ?? '';
    const reasonOnly = ga.isOver && gb.isOver && winners(ga) === winners(gb) && outcomeText(ga) !== outcomeText(gb);
    if (ga.isOver !== gb.isOver || (ga.isOver && gb.isOver && winners(ga) !== winners(gb))) {
      endTouched();
      note('outcome', `the first game ${ga.isOver ? `is over (${outcomeText(ga)})` : 'goes on'}, the second ${gb.isOver ? `is over (${outcomeText(gb)})` : 'goes on'}`);
      if (ga.isOver) {
        const w = `winners [${ga.outcome?.winners.map((s) => `p${s + 1}`).join(', ') ?? ''}]`;
        const by = byText(ga);
        if (by) candidates.push({ line: `expect game over ${by} ${w}`, detail: `the first game is over (${outcomeText(ga)}), the second ${gb.isOver ? `is over (${outcomeText(gb)})` : 'goes on'}`, seen: SEEN_OUTCOME });
        candidates.push({ line: `expect game over ${w}`, detail: `the first game is won by ${w.slice(9, -1) || 'nobody'}, the second ${gb.isOver ? `by ${gb.outcome?.winners.map((s) => `p${s + 1}`).join(', ') || 'nobody'}` : 'goes on'}`, seen: SEEN_OUTCOME });
        if (!gb.isOver) candidates.push({ line: 'expect game over', detail: 'the first game is over, the second goes on', seen: SEEN_OUTCOME });
      } else candidates.push({ line: 'expect not game over', detail: `the first game goes on, the second is over (${outcomeText(gb)})`, seen: SEEN_OUTCOME });
    }
    // state of the shared names
    for (const q of p.quantities) {
      if (p.visibleOnly && SEEN_STATE + q.seen >= SEEN_BY_PLAYERS) continue;
      const va = q.a(ga);
      const vb = q.b(gb);
      if (va !== vb && (!Array.isArray(va) || !Array.isArray(vb) || JSON.stringify(va) !== JSON.stringify(vb))) {
        const shownA = p.textA.value(va, q.type, ga);
        const shownB = p.textB.value(vb, q.type, gb);
        const d = `${q.text} is ${shownA} in the first game and ${shownB} in the second`;
        // the declaration whose value differs shows here (a changed derived value's own flip is its own divergence)
        touched.add(q.node);
        note('state', d);
        candidates.push({ line: `expect ${q.text} == ${shownA}`, detail: d, seen: SEEN_STATE + q.seen });
      }
    }
    if (reasonOnly) {
      endTouched();
      const d = `both games are over, the first (${outcomeText(ga)}), the second (${outcomeText(gb)})`;
      note('outcome', d);
      const by = byText(ga);
      if (by) candidates.push({ line: `expect game over ${by}`, detail: d, seen: SEEN_OUTCOME });
    }
    // events
    const evA = this.events(ga, p.lgA, this.logA, p.textA);
    const evB = this.events(gb, p.lgB, this.logB, p.textB);
    this.logA = ga.log.length;
    this.logB = gb.log.length;
    if (!p.visibleOnly && evA.join('\n') !== evB.join('\n')) {
      const onlyA = evA.filter((e) => !evB.includes(e));
      const onlyB = evB.filter((e) => !evA.includes(e));
      const d = `events only in the first game: ${onlyA.join(', ') || 'none'}; only in the second: ${onlyB.join(', ') || 'none'}`;
      note('events', d);
      const name = (e: string): string => e.replace(/\(.*$/, '');
      for (const e of onlyA.slice(0, 3)) candidates.push({ line: evB.some((x) => name(x) === name(e)) ? `expect event ${e}` : `expect event ${name(e)}`, detail: `${e} happens in the first game only`, seen: SEEN_EVENTS });
      for (const e of onlyB.slice(0, 3)) if (!evA.some((x) => name(x) === name(e))) candidates.push({ line: `expect not event ${name(e)}`, detail: `${e} happens in the second game only`, seen: SEEN_EVENTS });
    }
    // legal options
    this.offerA = this.offers(ga, p.textA, this.namesA);
    this.offerB = this.offers(gb, p.textB, this.namesB);
    const seats = new Set([...this.offerA.keys(), ...this.offerB.keys()]);
    const list = (xs: string[]): string => `${xs.slice(0, 3).join(', ')}${xs.length > 3 ? ` and ${xs.length - 3} more` : ''}`;
    for (const seat of [...seats].sort((x, y) => x - y)) {
      const offerA = this.offerA.get(seat);
      const offerB = this.offerB.get(seat);
      const na = offerA?.names ?? [];
      const nb = offerB?.names ?? [];
      const onlyA = na.filter((n) => !nb.includes(n));
      const onlyB = nb.filter((n) => !na.includes(n));
      if (onlyA.length === 0 && onlyB.length === 0) continue;
      const who = `p${seat + 1}`;
      const d = `legal ${onlyA.length ? `only in the first game: ${list(onlyA)}` : ''}${onlyA.length && onlyB.length ? '; ' : ''}${onlyB.length ? `only in the second: ${list(onlyB)}` : ''}`;
      if (kind === null) {
        // an options divergence is told by the moves offered on one side only, and the constraint that refuses each on the other
        touched.clear();
        for (const r of rules) touched.add(`rule ${r.rule}`);
        for (const n of onlyA) {
          const m = offerA!.moves[offerA!.names.indexOf(n)]!;
          touched.add(p.touchOf('a', m));
          if (touched.size < 16) refuser(gb, seat, m, touched, p.constraintsOnAsk('b', m));
        }
        for (const n of onlyB) {
          const m = offerB!.moves[offerB!.names.indexOf(n)]!;
          touched.add(p.touchOf('b', m));
          if (touched.size < 16) refuser(ga, seat, m, touched, p.constraintsOnAsk('a', m));
        }
      }
      note('options', d);
      if (nb.length === 0) candidates.push({ line: `expect ${who} asked`, detail: `${who} is asked in the first game only (${list(na)})`, seen: SEEN_OPTIONS });
      if (na.length === 0) candidates.push({ line: `expect not ${who} asked`, detail: `${who} is asked in the second game only (${list(nb)})`, seen: SEEN_OPTIONS });
      if (onlyA.length > 0) candidates.push({ line: `expect legal ${onlyA[0]!}`, detail: d, seen: SEEN_OPTIONS });
      if (onlyB.length > 0 && na.length > 0) candidates.push({ line: `expect illegal ${onlyB[0]!}`, detail: d, seen: SEEN_OPTIONS });
      if (candidates.length > 24) break;
    }
    if (kind === null) return null;
    // what a player sees first (the outcome, the options, hands and scores), scratch values last
    candidates.sort((x, y) => x.seen - y.seen);
    return { kind, step, move, detail, rules, expect: candidates.map((c) => c.line), candidates, touched: [...touched] };
  }

  /** the declared events the game emitted since `from`, as `name(arg, …)` */
  private events(g: Game, lg: LoadedGraph, from: number, text: MoveText): string[] {
    const out: string[] = [];
    const log: LogEntry[] = g.log;
    for (let i = from; i < log.length; i++) {
      const e = log[i]!;
      if (e.event.startsWith('$')) continue;
      const info = eventInfo(lg, e.event);
      const args = (info?.params ?? []).map((prm) => text.value(e.data[prm.name] as Value, prm.type, g));
      out.push(args.length ? `${e.event}(${args.join(', ')})` : e.event);
    }
    return out;
  }

  /** the rules that fired a different number of times on the two sides since the last step, and every rule that fired on either */
  private firingDifferences(): { differ: { rule: string; a: number; b: number }[]; fired: string[] } {
    const delta = (g: Game, prev: number[], names: string[]): Map<string, number> => {
      const out = new Map<string, number>();
      const now = g.ruleFiringCounts;
      for (let i = 0; i < names.length; i++) {
        const d = now[i]! - prev[i]!;
        prev[i] = now[i]!;
        if (d !== 0) out.set(names[i]!, (out.get(names[i]!) ?? 0) + d);
      }
      return out;
    };
    const da = delta(this.ga, this.firingsA, this.pair.firingNames('a'));
    const db = delta(this.gb, this.firingsB, this.pair.firingNames('b'));
    const out: { rule: string; a: number; b: number }[] = [];
    for (const rule of new Set([...da.keys(), ...db.keys()])) {
      const a = da.get(rule) ?? 0;
      const b = db.get(rule) ?? 0;
      if (a !== b) out.push({ rule, a, b });
    }
    return { differ: out, fired: [...new Set([...da.keys(), ...db.keys()])] };
  }
}

const eventsByName = new WeakMap<LoadedGraph, Map<string, LoadedGraph['events'][number]>>();
function eventInfo(lg: LoadedGraph, name: string): LoadedGraph['events'][number] | undefined {
  let m = eventsByName.get(lg);
  if (!m) eventsByName.set(lg, (m = new Map(lg.events.map((e) => [e.name, e]))));
  return m.get(name);
}

/**
 * the constraint of `g` that refuses a move the other game offers (`constraint c`), added to `into`; the game is left
 * as it was. A choice `g` does not ask the seat at all (its constraints left it no option, so the ask went by) is
 * told by the constraints on that choice (`onAsk`).
 */
function refuser(g: Game, seat: number, m: Move, into: Set<string>, onAsk: readonly string[]): void {
  if (m.kind === 'choice' && !g.pending().some((d) => d.seat === seat && d.ask === m.ask)) for (const c of onAsk) into.add(c);
  if (g.isOver || !g.pending().some((d) => d.seat === seat)) return;
  const saved = g.snapshot();
  const r = g.apply(seat, m);
  if (r.value) {
    g.restore(saved);
    return;
  }
  const id = r.diagnostics[0]?.related?.[0]?.message;
  if (id?.startsWith('constraint:')) into.add(`constraint ${id.slice(11).replace(/@.*$/, '')}`);
}

function outcomeText(g: Game): string {
  const o = g.outcome;
  if (!o) return g.error ? `stopped: ${g.error.code}` : 'no outcome';
  return `winners ${o.winners.map((s) => `p${s + 1}`).join(', ') || 'none'}, ${endReasonWords(o.reason)}`;
}

/** `by E` (an end condition) or `by flow` (the flow ran out) for `expect game over by …`; null for a stopped game */
function byText(g: Game): string | null {
  const r = g.outcome?.reason;
  if (!r) return null;
  return r.startsWith('end:') || r === 'flow-ended' ? `by ${endReasonWords(r)}` : null;
}
