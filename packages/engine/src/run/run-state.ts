import type { Game } from './game.ts';

/**
 * What compiled code — the closures and the generated functions of a loaded
 * graph, and the board operations they call — reads and calls on a game: the
 * state arrays and the primitives, nothing of the public API, decisions' records
 * or the flow machine. Rule, action and expression functions are typed against
 * it (\`ExprFn\`, \`StmtFn\`…), so what they may touch is listed here, in one place.
 */
export type RunState = Pick<
  Game,
  | 'actionCounts'
  | 'actor'
  | 'askDecision'
  | 'boardBase'
  | 'cardCount'
  | 'cardKind'
  | 'cardPoolBase'
  | 'countLoop'
  | 'counts'
  | 'current'
  | 'endGame'
  | 'endScope'
  | 'enqueue'
  | 'evArgs'
  | 'fail'
  | 'fieldVals'
  | 'fieldWidth'
  | 'halt'
  | 'lg'
  | 'lists'
  | 'locals'
  | 'memo'
  | 'memoFlat'
  | 'moveAllCards'
  | 'moveCard'
  | 'moveTokens'
  | 'optionCache'
  | 'optionVals'
  | 'pieceVersion'
  | 'playerCount'
  | 'players'
  | 'poolBase'
  | 'randomBelow'
  | 'revealTop'
  | 'rollDice'
  | 'round'
  | 'roundsPlayed'
  | 'self'
  | 'showCards'
  | 'siteIndex'
  | 'shuffleZone'
  | 'srcArr'
  | 'srcLen'
  | 'srcRev'
  | 'startFiring'
  | 'trailScratch'
  | 'turn'
  | 'vars'
  | 'ver'
  | 'zoneCards'
  | 'zoneInstBase'
  | 'zoneLen'
>;
