import { LogWords } from '@houserules/conformance';
import type { BoardView, Decision } from '@houserules/engine';
import { printable } from '@houserules/schema';
import { MAX_SHOWN_SENTENCE, MAX_SHOWN_TEXT } from './cli-budgets.ts';

/**
 * A game in the author's words, for `play` and `replay`: the shared log words of
 * `@houserules/conformance` (seats `p1`, cards `treasure(14)`, sites `hex(0, -2) forest 8`,
 * options and log entries as sentences) plus what a player at the terminal looks at: what a
 * decision asks and why (the hexes and marks around a corner or edge are the shared words' too).
 * Everything it returns came from an untrusted scenario or log: every piece of text is clipped
 * to `MAX_SHOWN_TEXT` and its control characters are escaped (`printable`).
 */
export class GameWords extends LogWords {
  private boardView: BoardView | null | undefined;

  /** The board's kinds and values are read again at the next use (after the game moved on). */
  refresh(): void {
    this.boardView = undefined;
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

  /** For a corner or an edge: the land hexes it touches, `forest 8, hills 5` (the shared words, on the board as it is now). */
  override siteSurroundings(s: number, board: BoardView | undefined = this.board() ?? undefined): string {
    return super.siteSurroundings(s, board);
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
