import {
  MAX_BOARD_COORDINATE,
  MAX_BOARD_HEXES,
  MAX_BOARD_RADIUS,
  MAX_CARDS,
  MAX_DICE,
  MAX_DICE_SIDES,
  MAX_FRAME_WIDTH,
  MAX_PLAYERS,
  MAX_RANGE_LENGTH,
  walkNodes,
  type Range,
} from '@houserules/schema';
import type { BoardDecl, CardSpec, Expr } from '@houserules/syntax';
import type { DiagnosticSink } from './diagnostic-sink.ts';
import type { LoadedModule } from './module-loader.ts';

/** A node's source range is no part of its tree. */
const AST_SKIP_KEYS: ReadonlySet<string> = new Set(['range']);

/**
 * The sizes a scenario writes down, checked on the AST before anything is
 * lowered (lowering a board of radius 100,000 or a `kinds` list of a billion
 * hexes would itself exhaust time and memory): players, boards, zones' cards,
 * dice, and ranges whose bounds are numbers. Each is reported at the place it
 * is written, against the budgets of @houserules/schema (graph-budgets.ts);
 * the lowered graph is checked once more as a whole (checkGraphBudgets).
 * Returns whether anything was over budget (the caller then stops).
 */
export function checkDeclaredSizes(modules: readonly LoadedModule[], sink: DiagnosticSink): boolean {
  const before = sink.list.length;
  for (const m of modules) {
    const file = m.file;
    walkNodes(m.ast, (raw) => {
      const node = raw as { $type?: unknown; range: Range };
      switch (node.$type) {
        case 'ScenarioDecl': {
          const players = (node as { players?: { min: number; max: number; range: Range } }).players;
          if (players === undefined) break;
          if (players.min < 1 || players.max < players.min) {
            sink.error('type/bad-player-range', `\`players ${players.min}..${players.max}\` ${players.min < 1 ? 'starts below 1' : 'ends before it starts'}`, file, players.range,
              'write the fewest and the most players, fewest first: `players 2..4`');
          } else if (players.max > MAX_PLAYERS) {
            sink.error('limit/players', `\`players ${players.min}..${players.max}\` allows more than ${MAX_PLAYERS} players`, file, players.range);
          }
          break;
        }
        case 'BoardDecl':
          checkBoard(node as unknown as BoardDecl, file, sink);
          break;
        case 'ZoneDecl': {
          const contents = (node as unknown as { contents: CardSpec[] }).contents ?? [];
          const cards = contents.reduce((n, c) => n + (c?.count ?? 1), 0);
          if (cards > MAX_CARDS) sink.error('limit/cards', `this zone starts with ${cards} cards, more than ${MAX_CARDS}`, file, node.range);
          break;
        }
        case 'RollStmt': {
          const { dice, sides } = node as unknown as { dice: number; sides: number };
          if (dice < 1 || sides < 1) sink.error('limit/dice', `\`${dice}d${sides}\`: a roll has at least one die of at least one side`, file, node.range);
          else if (dice > MAX_DICE || sides > MAX_DICE_SIDES) sink.error('limit/dice', `\`${dice}d${sides}\`: a roll has at most ${MAX_DICE} dice of at most ${MAX_DICE_SIDES} sides`, file, node.range);
          break;
        }
        case 'RangeExpr': {
          const { from, to } = node as unknown as { from: Expr; to: Expr };
          const a = literal(from);
          const b = literal(to);
          if (a !== undefined && b !== undefined && b - a + 1 > MAX_RANGE_LENGTH) {
            sink.error('limit/range-length', `\`${a}..${b}\` holds ${b - a + 1} numbers, more than ${MAX_RANGE_LENGTH}`, file, node.range,
              'a loop or an aggregate over that many numbers would not finish; count or compute instead');
          }
          break;
        }
      }
      return undefined;
    }, AST_SKIP_KEYS);
  }
  return sink.list.length > before;
}

function checkBoard(b: BoardDecl, file: string, sink: DiagnosticSink): void {
  const frame = (b.items ?? []).find((i) => i?.key === 'frame');
  const width = frame?.width ?? 0;
  if (width > MAX_FRAME_WIDTH) sink.error('limit/board-size', `a frame of ${width} rings; a board's frame has at most ${MAX_FRAME_WIDTH}`, file, frame!.range);
  const layout = b.layout;
  if (layout?.$type === 'HexRadius') {
    const r = layout.radius + Math.min(width, MAX_FRAME_WIDTH);
    if (layout.radius > MAX_BOARD_RADIUS) sink.error('limit/board-size', `radius ${layout.radius}; a board's radius is at most ${MAX_BOARD_RADIUS}`, file, layout.range);
    else if (3 * r * (r + 1) + 1 > MAX_BOARD_HEXES) sink.error('limit/board-size', `this board has ${3 * r * (r + 1) + 1} hexes with its frame, more than ${MAX_BOARD_HEXES}`, file, layout.range);
  } else if (layout?.$type === 'HexMap') {
    const hexes = layout.hexes ?? [];
    if (hexes.length > MAX_BOARD_HEXES) sink.error('limit/board-size', `this map lists ${hexes.length} hexes, more than ${MAX_BOARD_HEXES}`, file, layout.range);
    const far = hexes.find((h) => h && (Math.abs(h.q) > MAX_BOARD_COORDINATE || Math.abs(h.r) > MAX_BOARD_COORDINATE));
    if (far) sink.error('limit/board-size', `hex (${far.q}, ${far.r}) is too far out: coordinates go from -${MAX_BOARD_COORDINATE} to ${MAX_BOARD_COORDINATE}`, file, far.range);
  }
  for (const item of b.items ?? []) {
    if (item?.key !== 'kinds' && item?.key !== 'values') continue;
    let listed = 0;
    for (const v of item.values ?? []) listed += v && v.$type === 'CardSpec' ? (v.count ?? 1) : 1;
    if (listed > MAX_BOARD_HEXES) sink.error('limit/board-size', `\`${item.key}\` lists ${listed} entries, more than the ${MAX_BOARD_HEXES} hexes a board may have`, file, item.range);
  }
}

/** A number written as a literal (or a negated one), else undefined. */
function literal(e: Expr | undefined): number | undefined {
  if (e === undefined || e === null) return undefined;
  if (e.$type === 'NumberLit') return (e as unknown as { value: number }).value;
  if (e.$type === 'UnaryExpr' && e.op === '-') {
    const inner = literal(e.operand);
    return inner === undefined ? undefined : -inner;
  }
  return undefined;
}
