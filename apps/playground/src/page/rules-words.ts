// The `.rules` keywords, as the syntax package lexes them (test/unit/rules-language.test.ts holds them to it): the
// editor's Monarch tokenizer and the page's static view of a file (drawn before the editor has loaded) share them.
export const HARD_KEYWORDS = [
  'module', 'extends', 'import', 'scenario', 'option', 'token', 'tokens', 'pool', 'var', 'per',
  'card', 'zone', 'piece', 'board', 'event', 'derive', 'flow', 'rule', 'action', 'forbid',
  'require', 'end', 'ranking', 'invariant', 'policy', 'variant', 'override', 'remove', 'test',
  'on', 'when', 'if', 'then', 'else', 'for', 'in', 'where', 'let', 'set', 'move', 'emit',
  'shuffle', 'reveal', 'draw', 'roll', 'pick', 'ask', 'each', 'choose', 'secretly', 'cite',
  'true', 'false', 'and', 'or', 'not', 'is', 'of', 'all',
];

export const SOFT_KEYWORDS = [
  'source', 'players', 'unlimited', 'max', 'player', 'hidden', 'public', 'owner', 'corner',
  'edge', 'hex', 'radius', 'map', 'kinds', 'values', 'shuffled', 'except', 'region', 'list',
  'step', 'rounds', 'forever', 'turns', 'seat', 'snake', 'reverse', 'order', 'phase', 'repeat',
  'while', 'actions', 'by', 'until', 'before', 'after', 'during', 'limit', 'turn', 'reason',
  'winners', 'immediately', 'own', 'at', 'round', 'asc', 'desc', 'ties', 'shared', 'prefer',
  'from', 'to', 'top', 'bottom', 'cards', 'as', 'game', 'random', 'place', 'stack', 'seed',
  'arrange', 'advance', 'chooses', 'does', 'play', 'with', 'expect', 'illegal', 'over',
  'because', 'constraint', 'fix', 'dice', 'frame', 'weighted', 'spots', 'paths', 'otherwise',
  'times', 'this', 'legal', 'asked', 'options', 'sees', 'secret', 'show', 'look', 'others', 'const',
];

/** Declaration keywords: the word after them is the declared name (coloured as a definition). */
export const DECLARING = ['rule', 'action', 'derive', 'event', 'option', 'policy', 'variant', 'zone', 'pool', 'board', 'invariant', 'module', 'token', 'tokens', 'var', 'const'];
