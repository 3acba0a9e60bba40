import { LogWords } from '@houserules/conformance';
import type { BoardView, Decision, Move } from '@houserules/engine';
import { printable } from '@houserules/schema';
import { MAX_SHOWN_SENTENCE, MAX_SHOWN_TEXT } from './cli-budgets.ts';

/**
 * A game in the author's words, for `play` and `replay`: the shared log words of
 * `@houserules/conformance` (seats `p1`, cards `treasure(14)`, sites `hex(0, -2) forest 8`,
 * options and log entries as sentences) plus what a player at the terminal looks at: what a
 * decision asks and why, and the hexes and marks around a corner or edge.
 * Everything it returns came from an untrusted scenario or log: every piece of text is clipped
 * to `MAX_SHOWN_TEXT` and its control characters are escaped (`printable`).
 */
export class GameWords extends LogWords {
  private boardView: BoardView | null | undefined;
  private usualSiteValues: Map<string, string> | undefined;

  /** The board's kinds and values are read again at the next use (after the game moved on). */
  refresh(): void {
    this.boardView = undefined;
    this.usualSiteValues = undefined;
  }

  private board(): BoardView | null {
    if (this.boardView === undefined) this.boardView = this.game.view(0).board ?? null;
    return this.boardView;
  }

  /** A name or any text from the scenario or the log, safe to print: clipped, control characters escaped. */
  override text(raw: unknown, max = MAX_SHOWN_TEXT): string {
    const text = String(raw);
    return printable(text.length > max ? `${text.slice(0, max)}…` : text);
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

}
