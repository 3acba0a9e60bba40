/**
 * What the language itself declares, in the words of docs/language.md and
 * docs/grammar.md: shown by hover, completion and signature help for names no
 * `.rules` file declares.
 */

export interface BuiltinDoc {
  /** how it is written: `players`, `min(a, b)`, `h.kind` */
  signature: string;
  doc: string;
  /** for functions: the parameters, for signature help */
  params?: string[];
}

export const CONTEXT_DOCS: Record<string, BuiltinDoc> = {
  players: { signature: 'players: list of player', doc: 'All players, in seat order.' },
  current: { signature: 'current: player', doc: 'The player whose turn it is (inside `turns`).' },
  actor: { signature: 'actor: player', doc: 'The player taking the action, or making the choice a constraint checks.' },
  self: { signature: 'self: player', doc: 'Inside `per player { … }`: the player the value is computed for.' },
  round: { signature: 'round: number', doc: 'The number of the current round, from 1.' },
  turn: { signature: 'turn: number', doc: 'The number of the current turn, from 1.' },
  player_count: { signature: 'player_count: number', doc: 'How many players sit at the table.' },
  hexes: { signature: 'hexes: list of hex', doc: 'Every hex of the board (with several boards, write `board.hexes`).' },
  corners: { signature: 'corners: list of corner', doc: 'Every corner of the board, spots inside hexes included.' },
  edges: { signature: 'edges: list of edge', doc: 'Every edge of the board, paths inside hexes included.' },
};

export const FUNCTION_DOCS: Record<string, BuiltinDoc> = {
  min: { signature: 'min(a: number, b: number): number', doc: 'The smaller of two numbers. `min(x in c: value)` is the aggregate.', params: ['a: number', 'b: number'] },
  max: { signature: 'max(a: number, b: number): number', doc: 'The larger of two numbers. `max(x in c: value)` is the aggregate.', params: ['a: number', 'b: number'] },
  abs: { signature: 'abs(n: number): number', doc: 'The absolute value.', params: ['n: number'] },
  size: { signature: 'size(collection): number', doc: 'How many elements a list, zone or range has.', params: ['collection'] },
  contains: { signature: 'contains(list, x): bool', doc: 'Whether the collection holds x.', params: ['list', 'x'] },
  position: { signature: 'position(x, list): number', doc: 'Where x first stands in the list, zone or range, counting from 1; 0 when it is not there. `l[i]` is the element at position i.', params: ['x', 'list'] },
  distance: { signature: 'distance(a: corner, b: corner): number', doc: 'The number of edges between two corners.', params: ['a: corner', 'b: corner'] },
  longest_trail: { signature: 'longest_trail(p: player, piece, …): number', doc: "The longest trail of p's pieces on edges (an opponent's building splits it).", params: ['p: player', 'piece', '…'] },
  joined: { signature: 'joined(p: player, a: corner, b: corner, piece, …): bool', doc: "Whether p's edge pieces join corners a and b.", params: ['p: player', 'a: corner', 'b: corner', 'piece', '…'] },
  networks: { signature: 'networks(p: player, piece, …): number', doc: "How many separate networks p's edge pieces form.", params: ['p: player', 'piece', '…'] },
  supply: { signature: 'supply(p: player, piece) / supply(piece): number', doc: 'How many of the piece are left in the supply (a per-player piece: p\'s).', params: ['p: player', 'piece'] },
  placed: { signature: 'placed(p: player, piece) / placed(piece): number', doc: 'How many of the piece are on the board (the declared supply less what is left).', params: ['p: player', 'piece'] },
  hex: { signature: 'hex(q: number, r: number): hex', doc: 'The hex at axial coordinates (q, r).', params: ['q: number', 'r: number'] },
  corner: { signature: 'corner(q: number, r: number, i: number): corner', doc: 'Corner i (0 to 5, clockwise from the upper right) of hex (q, r).', params: ['q: number', 'r: number', 'i: number'] },
  edge: { signature: 'edge(q: number, r: number, i: number): edge', doc: 'Edge i of hex (q, r): it joins corners i and i + 1.', params: ['q: number', 'r: number', 'i: number'] },
};

export const AGGREGATE_DOCS: Record<string, BuiltinDoc> = {
  count: { signature: 'count(x in collection where condition): number', doc: 'How many elements satisfy the condition.' },
  sum: { signature: 'sum(x in collection where condition: value): number', doc: 'The total of the value over the elements.' },
  min: { signature: 'min(x in collection where condition: value): number', doc: 'The smallest value.' },
  max: { signature: 'max(x in collection where condition: value): number', doc: 'The largest value.' },
  any: { signature: 'any(x in collection where condition): bool', doc: 'Whether some element satisfies the condition.' },
  all: { signature: 'all(x in collection: condition): bool', doc: 'Whether every element satisfies the condition.' },
  first: { signature: 'first(x in collection where condition)', doc: 'The first element that satisfies the condition.' },
  list: { signature: 'list(x in collection where condition: value): list', doc: 'The values, as a list.' },
};

export const SITE_MEMBER_DOCS: Record<string, BuiltinDoc> = {
  kind: { signature: 'h.kind', doc: "The hex's kind (terrain), dealt at game start." },
  value: { signature: 'h.value: number', doc: "The hex's number token (-1: none)." },
  corners: { signature: 'site.corners: list of corner', doc: 'The corners of a hex (its spots after its six) or of an edge.' },
  edges: { signature: 'site.edges: list of edge', doc: 'The edges of a hex (its paths after its six) or of a corner.' },
  hexes: { signature: 'site.hexes: list of hex', doc: 'The hexes a corner or an edge touches; `board.hexes`: every hex of that board.' },
  neighbours: { signature: 'site.neighbours', doc: 'The adjacent hexes of a hex, or the corners one edge away from a corner.' },
  piece: { signature: 'site.piece', doc: 'The piece standing on the site, or `none`.' },
  owner: { signature: 'site.owner: player', doc: 'The owner of the piece standing on the site, or `none`.' },
};

export const BUILTIN_EVENT_DOCS: Record<string, string> = {
  game_start: 'Emitted once when the game starts, after the boards are dealt.',
  game_end: 'Emitted when the game ends.',
  round_start: 'Emitted at the start of each round of `rounds`.',
  round_end: 'Emitted at the end of each round of `rounds`.',
  turn_start: 'Emitted when a player\'s turn starts (inside `turns`).',
  turn_end: 'Emitted when a player\'s turn ends.',
  dice_rolled: 'Emitted by `roll`, with the total rolled.',
};

export const OTHER_DOCS: Record<string, BuiltinDoc> = {
  random: { signature: 'random', doc: 'The agent that picks uniformly among the legal options.' },
  first: { signature: 'first', doc: 'The agent that always picks the first legal option.' },
  none: { signature: 'none', doc: 'The empty site, player or piece: `c.piece == none`, `var start: corner = none`.' },
  number: { signature: 'number', doc: 'Integers; `/` floors, `%` is its remainder.' },
  bool: { signature: 'bool', doc: '`true` or `false`.' },
  player: { signature: 'player', doc: 'A player; per-player declarations are its members (`p.chest`).' },
  card: { signature: 'card', doc: 'A card of any kind; a card kind name is the type of its cards.' },
  token: { signature: 'token', doc: 'A token; a token group name is the type of its tokens.' },
};

export function seatDoc(name: string): BuiltinDoc {
  return { signature: `${name}: player`, doc: `In a test: the player in seat ${name.slice(1)}.` };
}
