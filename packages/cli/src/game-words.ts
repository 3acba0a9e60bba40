import { cardWord, siteWord, type BoardView, type Decision, type Game, type LoadedGraph, type LogEntry, type Move } from '@houserules/engine';
import { collectionType, printable, type Expr, type RuleGraph, type TypeDesc } from '@houserules/schema';
import { MAX_SHOWN_SENTENCE, MAX_SHOWN_TEXT } from './cli-budgets.ts';

/**
 * A game in the author's words, the one formatter `play` and `replay` share:
 * seats as `p1`, cards as `treasure(14)`, sites as `hex(0, -2) forest 8` and
 * `corner(0, -2, 1)` (the names a test writes), tokens and enum values by
 * name, options by the action or value they are, log entries as sentences.
 * Everything it returns came from an untrusted scenario or log: it is clipped
 * to `MAX_SHOWN_TEXT` and its control characters are escaped (`printable`).
 */
export class GameWords {
  private boardView: BoardView | null | undefined;
  private usualSiteValues: Map<string, string> | undefined;
  /** per ask id: the rule or action asking, what is chosen (a var or the name bound) and the type of a value chosen */
  private readonly asks = new Map<string, { owner: string; what: string; type: TypeDesc | undefined }>();

  constructor(
    readonly lg: LoadedGraph,
    /** the game whose cards and board are named (a replay passes a fresh game of the same setup) */
    readonly game: Game,
  ) {
    this.readAsks();
  }

  /** The board's kinds and values are read again at the next use (after the game moved on). */
  refresh(): void {
    this.boardView = undefined;
    this.usualSiteValues = undefined;
  }

  private board(): BoardView | null {
    if (this.boardView === undefined) this.boardView = this.game.view(0).board ?? null;
    return this.boardView;
  }

  /** `p1`, `p2`…; `none` for no player. */
  seat(seat: number): string {
    return seat >= 0 ? `p${seat + 1}` : 'none';
  }

  /** A name or any text from the scenario or the log, safe to print. */
  text(raw: unknown, max = MAX_SHOWN_TEXT): string {
    const text = String(raw);
    return printable(text.length > max ? `${text.slice(0, max)}…` : text);
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

  /** A card: its kind and field values, `treasure(14)`; a kind without fields is its name alone (the engine's words, as run messages and test reports say it). */
  card(id: number): string {
    return this.text(cardWord(this.game, id));
  }

  /** A site by the name a test writes: `hex(0, -2) forest 8`, `corner(0, -2, 1)`, `edge(1, 0, 3)`, a spot or path in its hex `hex(1, 0).well` (the engine's words). */
  site(s: number): string {
    return this.text(siteWord(this.lg.board, s, this.game));
  }

  /** For a corner or an edge: the land hexes it touches, `forest 8, hills 5` (what a player looks at to choose it). */
  siteSurroundings(s: number): string {
    const b = this.lg.board;
    if (b === null || s < b.hexCount) return '';
    const view = this.board();
    if (view === null) return '';
    const around: string[] = [];
    for (const h of b.rel.hexes[s] ?? []) {
      if (b.board.hexFrameDepth[h]! > 0) continue;
      const kind = view.hexKinds[h] ?? 'none';
      const value = view.hexValues[h] ?? -1;
      around.push(`${kind === 'none' ? 'hex' : this.text(kind)}${value >= 0 ? ` ${value}` : ''}`);
    }
    const marks = this.siteMarks(s);
    return around.join(', ') + (marks.length > 0 ? `; ${marks.join(', ')}` : '');
  }

  /** The per-site vars whose value at `s` is not the one most sites have: `harbour generic`. */
  private siteMarks(s: number): string[] {
    const view = this.board();
    if (view === null) return [];
    this.usualSiteValues ??= new Map(
      Object.entries(view.vars).map(([name, bySite]) => {
        const counts = new Map<string, number>();
        for (const v of Object.values(bySite)) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
        return [name, [...counts.entries()].sort((a, c) => c[1] - a[1])[0]?.[0] ?? ''];
      }),
    );
    const marks: string[] = [];
    for (const [name, bySite] of Object.entries(view.vars)) {
      const v = bySite[s];
      if (v !== undefined && String(v) !== this.usualSiteValues.get(name)) marks.push(`${this.text(name)} ${this.value(v, this.lg.vars.find((x) => x.name === name)?.type)}`);
    }
    return marks;
  }

  /** The corner or edge an option places or picks (its one argument, or the value chosen), to name what lies around it. */
  optionSite(m: Move): number | undefined {
    const type = m.kind === 'choice' ? this.asks.get(m.ask)?.type : m.args.length === 1 ? this.lg.actions.find((a) => a.id === m.action)?.params[0]?.type : undefined;
    if (type?.t !== 'site' || type.site === 'hex') return undefined;
    const site = Number(m.kind === 'choice' ? m.value : m.args[0]);
    return site >= 0 ? site : undefined;
  }

  /** A legal option: the value chosen, or the action with its arguments, `build_road(edge(0, 0, 1))`. */
  move(m: Move): string {
    if (m.kind === 'choice') return this.value(m.value, this.asks.get(m.ask)?.type);
    const action = this.lg.actions.find((a) => a.id === m.action || a.name === m.action);
    const name = this.text(action?.name ?? m.action.replace(/^action:/, ''));
    if (m.args.length === 0) return name;
    return `${name}(${m.args.map((v, i) => this.value(v, action?.params[i]?.type)).join(', ')})`;
  }

  /** What a decision asks, `decide: choose plan (secretly)`, `take an action`. */
  decision(d: Decision): string {
    if (d.ask === 'actions') return 'take an action';
    const ask = this.asks.get(d.ask);
    const owner = ask?.owner ?? /^(?:rule|action):([^/]*)\//.exec(d.ask)?.[1];
    return `${owner !== undefined ? `${this.text(owner)}: ` : ''}choose ${this.text(ask?.what ?? 'one')}${d.secret ? ' (secretly)' : ''}`;
  }

  /**
   * Where the rules say what a decision is about: the rule or action asking (for an actions
   * item, each action offered), its file and line, and the rulebook sentence it cites.
   */
  reasons(d: Decision): string[] {
    const graph = this.lg.graph;
    const nodes =
      d.ask === 'actions'
        ? [...new Set(d.options.flatMap((m) => (m.kind === 'action' ? [m.action] : [])))].flatMap((id) => graph.actions.filter((a) => a.id === id).map((a) => ({ what: 'action', node: a })))
        : [...graph.rules.map((r) => ({ what: 'rule', node: r })), ...graph.actions.map((a) => ({ what: 'action', node: a }))].filter((n) => n.node.name === this.asks.get(d.ask)?.owner);
    return nodes.map(({ what, node }) => {
      const p = node.provenance;
      const cite = p.cite !== undefined ? `: “${this.text(p.cite, MAX_SHOWN_SENTENCE)}”` : '';
      return `${what} ${this.text(node.name)} (${this.text(p.file)}:${p.range.start.line})${cite}`;
    });
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
        if (move === undefined || typeof move !== 'object') return `${who} chooses (secretly)`;
        return move.kind === 'action' ? `${who} does ${this.move({ ...move, args: Array.isArray(move.args) ? move.args : [] })}` : `${who} chooses ${this.move(move)}`;
      }
      case '$reveal': {
        const what = d['card'] === undefined ? 'a card' : this.card(Number(d['card']));
        return `${d['hidden'] === true ? 'draws' : 'reveals'} ${what} from ${this.zone(d['from'])} to ${this.zone(d['to'])}`;
      }
      case '$show': {
        const cards = Array.isArray(d['cards']) ? d['cards'].map((c) => this.card(Number(c))).join(', ') : `${this.text(d['count'] ?? 'some')} card(s)`;
        const to = Array.isArray(d['to']) ? d['to'].map((s) => this.seat(Number(s))).join(', ') : '?';
        return `shows ${cards} to ${to}`;
      }
      case '$shuffle':
        return `shuffles ${this.zone(d['zone'])}`;
      case '$roll':
        return `rolls ${this.text(d['dice'])}d${this.text(d['sides'])}: ${this.text(d['total'])}`;
      case '$end': {
        const winners = Array.isArray(d['winners']) ? d['winners'].map((s) => this.seat(Number(s))).join(', ') : '';
        return `game over (${this.endReason(String(d['reason']))})${winners !== '' ? `: ${winners} win${d['winners'] && (d['winners'] as unknown[]).length === 1 ? 's' : ''}` : ''}`;
      }
      default: {
        if (e.event.startsWith('$')) return `${this.text(e.event.slice(1))} ${this.text(JSON.stringify(d))}`;
        const info = this.lg.events.find((ev) => ev.name === e.event);
        const args = info ? info.params.map((p) => `${this.text(p.name)}: ${this.value(d[p.name], p.type)}`) : Object.entries(d).map(([k, v]) => `${this.text(k)}: ${this.value(v)}`);
        return `${this.text(e.event)}${args.length > 0 ? `(${args.join(', ')})` : ''}`;
      }
    }
  }

  /** A zone as a test names it: `path`, a player's `p1.hand` (the log writes `hand[0]`). */
  zone(raw: unknown): string {
    const text = String(raw);
    const own = /^([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]$/.exec(text);
    return own ? `${this.seat(Number(own[2]))}.${this.text(own[1])}` : this.text(text);
  }

  /** An end reason by the end condition's name (`flow-ended`, `end-game` as they are). */
  endReason(reason: string): string {
    const end = this.lg.ends.find((e) => e.id === reason);
    return this.text(end?.name ?? reason.replace(/^end:/, ''));
  }

  /** Every ask of the graph's rules and actions: who asks, for what, and of which type its values are. */
  private readAsks(): void {
    const graph = this.lg.graph;
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
        if (choice.var !== undefined) this.asks.set(o['id'], { owner, what: varName(graph, choice.var), type: varType.get(choice.var) });
        else this.asks.set(o['id'], { owner, what: choice.bind ?? 'one', type: choice.over === undefined ? undefined : collectionType(choice.over, graph) });
      }
      for (const v of Object.values(o)) if (v !== null && typeof v === 'object') visit(v, owner);
    };
    for (const r of graph.rules) visit(r.body, r.name);
    for (const a of graph.actions) visit(a.body, a.name);
  }
}

function varName(graph: RuleGraph, id: string): string {
  return graph.vars.find((v) => v.id === id)?.name ?? id.replace(/^var:/, '');
}
