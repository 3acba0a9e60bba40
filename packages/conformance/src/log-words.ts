import { cardWord, endReasonWords, seatWord, siteWord, type BoardView, type Game, type LoadedGraph, type LogEntry, type Move } from '@houserules/engine';
import { collectionType, type Expr, type RuleGraph, type TypeDesc, type Value } from '@houserules/schema';

/** An ask of the graph's rules and actions: who asks, for what (a var's name or the name bound), of which type its values are. */
export interface AskWords {
  readonly owner: string;
  readonly what: string;
  readonly type: TypeDesc | undefined;
  /** the var the answer is written to (`choose p.plan`), by its id; undefined for a bound value */
  readonly var: string | undefined;
}

const RECENT = 20;

/** The asks of a graph, read once per graph (every log line of a game names its choices by them). */
const asksOfGraph = new WeakMap<RuleGraph, ReadonlyMap<string, AskWords>>();

/** A per-player var whose value is only the last answer to a `choose` (scratchVars). */
const ANSWER = Symbol('an answer');
/** The scratch vars of a graph, by name: ANSWER, or the constant they are declared with. */
const scratchOfGraph = new WeakMap<RuleGraph, ReadonlyMap<string, Value | typeof ANSWER>>();

/**
 * A game's log in the author's words, the one formatter of log lines that the test reports
 * (conformance), the CLI (`play`, `replay`) and the playground's event log share: seats as
 * `p1`, cards as `treasure(7)`, sites as `hex(0, -2) forest 8` and `corner(0, -2, 1)`, zones
 * `p1.hand`, tokens and enum values by name, a choice by the value chosen and an action by its
 * name and arguments (`p1 does build_road(edge(0, 0, 1))`), an end by its condition's name.
 *
 * Every piece of text that came from the scenario or the log passes `text()`, which a caller
 * that prints to a terminal overrides (the CLI clips and escapes it).
 */
export class LogWords {
  /** per ask id: the rule or action asking, what is chosen and the type of a value chosen */
  readonly asks: ReadonlyMap<string, AskWords>;

  constructor(
    readonly lg: LoadedGraph,
    /** the game whose cards and board are named */
    readonly game: Game,
  ) {
    let asks = asksOfGraph.get(lg.graph);
    if (asks === undefined) asksOfGraph.set(lg.graph, (asks = readAsks(lg.graph)));
    this.asks = asks;
  }

  /**
   * Whether a per-player var is scratch, left out of a table of the players (`play` in the terminal and the
   * playground's Play view; docs/cli.md, "What it shows"), by one rule read from the graph: a var that a
   * `choose` writes (`ask … to choose p.discard_choice`) always, since its value is only the last answer,
   * which the events already say; a var declared with a constant (`var free_roads: number = 0`) while every
   * player's value (`values`, as the view gives them) is that one, a counter at rest.
   */
  scratchVar(name: string, values: readonly unknown[]): boolean {
    let scratch = scratchOfGraph.get(this.lg.graph);
    if (scratch === undefined) scratchOfGraph.set(this.lg.graph, (scratch = readScratchVars(this.lg.graph, this.asks)));
    const rest = scratch.get(name);
    return rest === ANSWER || (rest !== undefined && values.every((v) => v === rest));
  }

  /** A name or any text from the scenario or the log, as it is shown (here: as it is). */
  text(raw: unknown): string {
    return String(raw);
  }

  /** `p1`, `p2`…; `none` for no player. */
  seat(seat: number): string {
    return seat < 0 ? 'none' : seatWord(seat);
  }

  /** A value as the author writes it, by its type when known. */
  value(v: unknown, type?: TypeDesc): string {
    if (v === null || v === undefined) return '?';
    if (Array.isArray(v)) return `[${v.map((x) => this.value(x, type?.t === 'list' ? type.of : undefined)).join(', ')}]`;
    switch (type?.t) {
      case 'player':
        return this.seat(Number(v));
      case 'card':
        return Number(v) < 0 ? 'none' : this.card(Number(v));
      case 'site':
        return Number(v) < 0 ? 'none' : this.site(Number(v));
      case 'token':
        return this.text(String(v).replace(/^token:/, ''));
      case 'bool':
        return v === true ? 'yes' : v === false ? 'no' : this.text(v);
      default:
        return typeof v === 'object' ? this.text(JSON.stringify(v)) : this.text(v);
    }
  }

  /** A card: its kind and field values, `treasure(14)`; a kind without fields is its name alone (the engine's words). */
  card(id: number): string {
    return this.text(cardWord(this.game, id));
  }

  /** A site by the name a test writes: `hex(0, -2) forest 8`, `corner(0, -2, 1)`, `edge(1, 0, 3)`, `hex(1, 0).well` (the engine's words). */
  site(s: number): string {
    return this.text(siteWord(this.lg.board, s, this.game));
  }

  /** A legal option or an answer: the value chosen, or the action with its arguments, `build_road(edge(0, 0, 1))`. */
  move(m: Move): string {
    if (m.kind === 'choice') return this.value(m.value, this.asks.get(m.ask)?.type);
    const action = this.lg.actions.find((a) => a.id === m.action || a.name === m.action);
    const name = this.text(action?.name ?? String(m.action).replace(/^action:/, ''));
    if (m.args.length === 0) return name;
    return `${name}(${m.args.map((v, i) => this.value(v, action?.params[i]?.type)).join(', ')})`;
  }

  /** A zone as a test names it: `path`, a player's `p1.hand` (the log writes `hand[0]`), a family's `row[3]` (as the log writes it). */
  zone(raw: unknown): string {
    const text = String(raw);
    const own = /^([A-Za-z_][A-Za-z0-9_]*)\[(-?\d+)\]$/.exec(text);
    if (own === null || this.lg.zones.find((z) => z.name === own[1])?.scope === 'keyed') return this.text(text);
    return `${this.seat(Number(own[2]))}.${this.text(own[1])}`;
  }

  /**
   * For a corner or an edge: the land hexes it touches and the per-site marks on it, `fields 4, pasture 8;
   * harbour generic` (what a player looks at to choose it); '' for a hex or without a board. `board` is the
   * board as a view gives it (kinds, values and per-site vars are public).
   */
  siteSurroundings(s: number, board: BoardView | undefined): string {
    const b = this.lg.board;
    if (b === null || board === undefined || s < b.hexCount) return '';
    const around: string[] = [];
    for (const h of b.rel.hexes[s] ?? []) {
      if (b.board.hexFrameDepth[h]! > 0) continue;
      const kind = board.hexKinds[h] ?? 'none';
      const value = board.hexValues[h] ?? -1;
      around.push(`${kind === 'none' ? 'hex' : this.text(kind)}${value >= 0 ? ` ${value}` : ''}`);
    }
    const marks = this.siteMarks(s, board);
    return around.join(', ') + (marks.length > 0 ? `; ${marks.join(', ')}` : '');
  }

  /** The per-site vars whose value at `s` is not the one most sites have: `harbour generic`. */
  private siteMarks(s: number, board: BoardView): string[] {
    const marks: string[] = [];
    for (const [name, bySite] of Object.entries(board.vars)) {
      const v = bySite[s];
      if (v !== undefined && String(v) !== usualValue(bySite)) marks.push(`${this.text(name)} ${this.value(v, this.lg.vars.find((x) => x.name === name)?.type)}`);
    }
    return marks;
  }

  /** The sites an option places or picks (its site arguments, or the site chosen), to mark them on a board. */
  optionSites(m: Move): number[] {
    if (m.kind === 'choice') return this.asks.get(m.ask)?.type?.t === 'site' && Number(m.value) >= 0 ? [Number(m.value)] : [];
    const action = this.lg.actions.find((a) => a.id === m.action || a.name === m.action);
    return m.args.flatMap((v, i) => (action?.params[i]?.type.t === 'site' && Number(v) >= 0 ? [Number(v)] : []));
  }

  /** The corner or edge an option places or picks (its one argument, or the value chosen), to name what lies around it. */
  optionSite(m: Move): number | undefined {
    const type = m.kind === 'choice' ? this.asks.get(m.ask)?.type : m.args.length === 1 ? this.lg.actions.find((a) => a.id === m.action)?.params[0]?.type : undefined;
    if (type?.t !== 'site' || type.site === 'hex') return undefined;
    const site = Number(m.kind === 'choice' ? m.value : m.args[0]);
    return site >= 0 ? site : undefined;
  }

  /** An end reason in the author's words (`ten_points`, `flow`, `end game`). */
  endReason(reason: string): string {
    return this.text(endName(this.lg, reason));
  }

  /** One log entry as a sentence: `p1 chooses exit`, `reveals treasure(14) from expedition to path`, `explored(card: treasure(14))`. */
  entry(e: Pick<LogEntry, 'event' | 'data'>): string {
    const d = (e.data ?? {}) as Record<string, unknown>;
    switch (e.event) {
      case '$start':
        return `start: seed ${this.text(d['seed'])}, ${this.text(d['players'])} players`;
      case '$answer': {
        const who = this.seat(Number(d['seat']));
        const move = d['move'] as Move | undefined;
        if (move === undefined || move === null || typeof move !== 'object') return `${who} chooses (secretly)`;
        return move.kind === 'action' ? `${who} does ${this.move({ ...move, args: Array.isArray(move.args) ? move.args : [] })}` : `${who} chooses ${this.move(move)}`;
      }
      case '$reveal': {
        const what = d['card'] === undefined ? 'a card' : this.card(Number(d['card']));
        return `${d['hidden'] === true ? 'draws' : 'reveals'} ${what} from ${this.zone(d['from'])} to ${this.zone(d['to'])}`;
      }
      case '$move': {
        const what = d['card'] === undefined ? 'a card' : this.card(Number(d['card']));
        return `moves ${what} from ${this.zone(d['from'])} to ${this.zone(d['to'])}`;
      }
      case '$moveAll':
        return `moves ${this.text(d['count'])} card${d['count'] === 1 ? '' : 's'} from ${this.zone(d['from'])} to ${this.zone(d['to'])}`;
      case '$show': {
        // a redacted log keeps only how many cards were shown
        const cards = Array.isArray(d['cards']) ? d['cards'].map((c) => this.card(Number(c))).join(', ') : `${this.text(d['count'] ?? 'some')} card(s)`;
        const to = Array.isArray(d['to']) ? d['to'].map((s) => this.seat(Number(s))).join(', ') : '?';
        return `shows ${cards} to ${to}`;
      }
      case '$pick': {
        // a log of format 1 named no pick: the draw alone
        if (!('picked' in d)) return `picks at random (${this.text(Number(d['index']) + 1)} of ${this.text(d['n'])})`;
        const of = String(d['of'] ?? '');
        const type: TypeDesc | undefined = of === 'hex' || of === 'corner' || of === 'edge' ? { t: 'site', site: of } : of === 'player' || of === 'card' || of === 'token' || of === 'number' ? ({ t: of } as TypeDesc) : undefined;
        return `picks ${this.value(d['picked'], type)} at random`;
      }
      case '$shuffle':
        return `shuffles ${this.zone(d['zone'])}`;
      case '$roll':
        return `rolls ${this.text(d['dice'])}d${this.text(d['sides'])}: ${this.text(d['total'])}`;
      case '$end': {
        const winners = Array.isArray(d['winners']) ? d['winners'].map((s) => this.seat(Number(s))) : [];
        return `game over (${this.endReason(String(d['reason']))})${winners.length > 0 ? `: ${winners.join(', ')} win${winners.length === 1 ? 's' : ''}` : ''}`;
      }
      default: {
        if (e.event.startsWith('$')) return `${this.text(e.event.slice(1))} ${this.text(JSON.stringify(d))}`;
        const info = this.lg.events.find((ev) => ev.name === e.event);
        const args = info ? info.params.map((p) => `${this.text(p.name)}: ${this.value(d[p.name], p.type)}`) : Object.entries(d).map(([k, v]) => `${this.text(k)}: ${this.value(v)}`);
        return `${this.text(e.event)}${args.length > 0 ? `(${args.join(', ')})` : ''}`;
      }
    }
  }

  /** One log entry as a line of a report: its round and turn, then the sentence, `r2 t1 p1 chooses exit`. */
  line(e: Pick<LogEntry, 'event' | 'data' | 'round' | 'turn'>): string {
    return `r${e.round}${e.turn > 0 ? ` t${e.turn}` : ''} ${this.entry(e)}`;
  }
}

/** An end reason in the author's words: the end condition's name (`end:ten_points` → `ten_points`), `flow`, `end game`. */
export function endName(lg: Pick<LoadedGraph, 'ends'>, reason: string): string {
  return lg.ends.find((e) => e.id === reason)?.name ?? endReasonWords(reason);
}

/** One log entry as a line: `r2 explored(card: treasure(7))`, `r2 t1 p1 chooses exit`. */
export function describeLogEntry(e: LogEntry, game: Game, lg: LoadedGraph): string {
  return new LogWords(lg, game).line(e);
}

/** The last log entries of a game, readable, oldest first. */
export function recentEvents(game: Game, lg: LoadedGraph, count = RECENT): string[] {
  const words = new LogWords(lg, game);
  const log = game.log;
  return log.slice(Math.max(0, log.length - count)).map((e) => words.line(e));
}

/** A card as the author writes it: its kind and field values, `treasure(7)`, `relic`. */
export function describeCard(id: number, game: Game, _lg: LoadedGraph): string {
  return cardWord(game, id);
}

/** Every ask of the graph's rules and actions: who asks, for what, and of which type its values are. */
function readAsks(graph: RuleGraph): Map<string, AskWords> {
  const asks = new Map<string, AskWords>();
  const varType = new Map(graph.vars.map((v) => [v.id, v.type]));
  const visit = (node: unknown, owner: string): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, owner);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o['s'] === 'ask' && typeof o['id'] === 'string') {
      const choice = o['choice'] as { var?: string; bind?: string; over?: Expr };
      if (choice.var !== undefined) asks.set(o['id'], { owner, what: varName(graph, choice.var), type: varType.get(choice.var), var: choice.var });
      else asks.set(o['id'], { owner, what: choice.bind ?? 'one', type: choice.over === undefined ? undefined : collectionType(choice.over, graph), var: undefined });
    }
    for (const v of Object.values(o)) if (v !== null && typeof v === 'object') visit(v, owner);
  };
  for (const r of graph.rules) visit(r.body, r.name);
  for (const a of graph.actions) visit(a.body, a.name);
  return asks;
}

/** The per-player vars a table of the players leaves out (LogWords.scratchVar), by name. */
function readScratchVars(graph: RuleGraph, asks: ReadonlyMap<string, AskWords>): Map<string, Value | typeof ANSWER> {
  const out = new Map<string, Value | typeof ANSWER>();
  const answered = new Set([...asks.values()].flatMap((a) => (a.var === undefined ? [] : [a.var])));
  for (const v of graph.vars) {
    if (v.scope !== 'player') continue;
    if (answered.has(v.id)) out.set(v.name, ANSWER);
    else if (v.initial.k === 'lit' && v.keys === undefined) out.set(v.name, v.initial.v);
  }
  return out;
}

/** The value most sites of a per-site var have (the others are marks: a harbour), as text; read once per view. */
const usualValues = new WeakMap<object, string>();
function usualValue(bySite: Record<string, unknown>): string {
  let usual = usualValues.get(bySite);
  if (usual === undefined) {
    const counts = new Map<string, number>();
    for (const v of Object.values(bySite)) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
    usualValues.set(bySite, (usual = [...counts.entries()].sort((a, c) => c[1] - a[1])[0]?.[0] ?? ''));
  }
  return usual;
}

function varName(graph: RuleGraph, id: string): string {
  return graph.vars.find((v) => v.id === id)?.name ?? id.replace(/^var:/, '');
}
