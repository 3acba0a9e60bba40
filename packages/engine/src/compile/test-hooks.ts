import type { Expr, Stmt, TypeDesc, Value } from '@houserules/schema';
import { Scope } from './compile-expr.ts';
import type { Game } from '../run/game.ts';
import type { LoadedGraph } from '../load/loaded-graph.ts';

/**
 * Statements and expressions a test runs against a game, compiled with the
 * graph's own compiler (same string table, slots and indexes) so they read and
 * change the state exactly as rules do. Play never uses this.
 */
export interface Probe {
  /** compiles statements (e.g. a test's `arrange` block); run with game.runStatements */
  statements(body: Stmt[]): (g: Game) => void;
  /** compiles an expression; the result reads the game's current state, decoded (by `type` when the caller knows it: a number past 2^29 is still a number) */
  value(expr: Expr, type?: TypeDesc): (g: Game) => Value | Value[];
  /** the graph with room for every local slot the probes allocated: create test games from this one */
  graph(): LoadedGraph;
}

export function createProbe(lg: LoadedGraph): Probe {
  const c = lg.compiler;
  return {
    statements(body) {
      return c.block(body, new Scope(c.alloc));
    },
    value(expr, type) {
      const scope = new Scope(c.alloc);
      if (c.isList(expr, scope)) {
        const list = c.list(expr, scope);
        return (g) => {
          list(g);
          const arr = g.srcArr, len = g.srcLen, rev = g.srcRev;
          const out: Value[] = [];
          for (let k = 0; k < len; k++) out.push(lg.strings.decode(rev ? arr[len - 1 - k]! : arr[k]!));
          return out;
        };
      }
      const fn = c.expr(expr, scope);
      return (g) => lg.strings.decode(fn(g), type);
    },
    graph() {
      return c.alloc.nextSlot > lg.localCount ? { ...lg, localCount: c.alloc.nextSlot } : lg;
    },
  };
}
