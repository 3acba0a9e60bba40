import type { TypeDesc } from '@houserules/schema';
import type { LoadedGraph } from '../load/loaded-graph.ts';
import type { Move } from './types.ts';
import type { LoadedBoard } from '../load/loaded-board.ts';

/**
 * Names in a run message as the author writes them, never the graph's ids:
 * seats as `p1`, `p2`…, an empty player as `none`, a choice by the var it sets
 * or the rule or action that asks it.
 */
export function seatWord(seat: number): string {
  return seat === -1 ? 'none' : `p${seat + 1}`;
}

/** `the choice of \`plan\` in rule \`decide\``, `the choice in action \`trade\``. */
export function askWords(lg: LoadedGraph, ask: number): string {
  const info = lg.asks[ask];
  if (info === undefined) return 'a choice';
  const owner = /^(rule|action):([^/]*)\//.exec(info.id);
  const where = owner ? ` in ${owner[1]} \`${owner[2]}\`` : '';
  const v = info.varIndex >= 0 ? lg.vars[info.varIndex] : undefined;
  return v !== undefined ? `the choice of \`${v.name}\`${where}` : `the choice${where}`;
}

/** A game's state as far as the words below read it (a RunState is one). */
interface WordsState {
  readonly lg: LoadedGraph;
  readonly cardCount: number;
  readonly cardKind: ArrayLike<number>;
  readonly fieldVals: ArrayLike<number>;
  readonly fieldWidth: number;
  readonly vars: ArrayLike<number>;
  readonly boardBase: number;
}

/** A graph id as its name: `piece:thief` → `thief`. */
export function idWord(id: string): string {
  return id.slice(id.indexOf(':') + 1);
}

/** A card as the author writes it: its kind and field values, `gem(7)`, `joker`; `none` for no card. */
export function cardWord(g: WordsState, card: number): string {
  if (card === -1) return 'none';
  const kind = card >>> 0 < g.cardCount ? g.lg.cardKinds[g.cardKind[card]!] : undefined;
  if (kind === undefined) return 'no card';
  const values = kind.fields.map((f) => {
    const v = g.fieldVals[card * g.fieldWidth + f.index]!;
    return f.type.t === 'player' ? seatWord(v) : idWord(String(g.lg.strings.decode(v, f.type)));
  });
  return values.length > 0 ? `${kind.name}(${values.join(', ')})` : kind.name;
}

/**
 * A site as the author writes it: `hex(0, -2)` (with its kind and number in a game:
 * `hex(0, -2) wood 8`), `corner(0, -2, 3)`, `edge(0, -2, 3)`, a spot or path by its
 * name in its hex (`hex(1, 0).well`); `none` for no site.
 */
export function siteWord(b: LoadedBoard | null, site: number, g?: WordsState): string {
  if (site === -1) return 'none';
  if (b === null || site >>> 0 >= b.siteCount) return 'no site';
  const board = b.board;
  const at = (h: number): string => `${board.hexQ[h]}, ${board.hexR[h]}`;
  if (site < b.hexCount) {
    if (g === undefined) return `hex(${at(site)})`;
    const kind = idWord(String(g.lg.strings.decode(g.vars[g.boardBase + b.hexKindOff + site]!)));
    const value = g.vars[g.boardBase + b.hexValueOff + site]!;
    return `hex(${at(site)})${kind === 'none' || kind === '' ? '' : ` ${kind}`}${value >= 0 ? ` ${value}` : ''}`;
  }
  const named = (hex: number, name: string | undefined): string => `hex(${at(hex)})${name === undefined ? '' : `.${name}`}`;
  // a corner or side is shared by up to three hexes: named from the one nearest the centre (`corner(0, 0, 0)`)
  const place = (table: Int32Array, id: number, word: 'corner' | 'edge'): string => {
    let best = -1;
    let bestDistance = Infinity;
    for (let k = 0; k < table.length; k++) {
      if (table[k] !== id) continue;
      const q = board.hexQ[Math.floor(k / 6)]!;
      const r = board.hexR[Math.floor(k / 6)]!;
      const distance = Math.abs(q) + Math.abs(r) + Math.abs(q + r);
      if (distance < bestDistance) [best, bestDistance] = [k, distance];
    }
    return best < 0 ? word : `${word}(${at(Math.floor(best / 6))}, ${best % 6})`;
  };
  if (site < b.edgeBase) {
    const node = site - b.nodeBase;
    return node < board.cornerCount ? place(board.hexCorners, node, 'corner') : named(board.nodeHex[node]!, board.spotNames[node - board.cornerCount]);
  }
  const edge = site - b.edgeBase;
  return edge < board.sideCount ? place(board.hexSides, edge, 'edge') : named(board.edgeHex[edge]!, board.pathNames[edge - board.sideCount]);
}

/** A value as the author writes it, by its type when known: `p2`, `number_card(7)`, `corner(0, 0, 1)`, `red`, `none`. */
export function valueWord(g: WordsState, v: unknown, type: TypeDesc | undefined): string {
  if (typeof v === 'number') {
    if (type?.t === 'player') return seatWord(v);
    if (type?.t === 'card') return cardWord(g, v);
    if (type?.t === 'site') return siteWord(g.lg.board, v);
    return String(v);
  }
  if (typeof v === 'string') return idWord(v);
  return String(v);
}

/** A move as the author writes it: `build_road(edge(0, -2, 1))`, `wait`, a chosen value. */
export function moveWord(g: WordsState, move: Move): string {
  if (move.kind === 'choice') return valueWord(g, move.value, undefined);
  const action = g.lg.actions.find((a) => a.id === move.action || a.name === move.action);
  const name = action?.name ?? idWord(String(move.action));
  return move.args.length === 0 ? name : `${name}(${move.args.map((a, k) => valueWord(g, a, action?.params[k]?.type)).join(', ')})`;
}
