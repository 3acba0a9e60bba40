export { BUILTIN_AGENTS, formatAgentSpec, parseAgentSpec, parseOptionAssignments, parseTypedValue, searchesForATime, splitAgentList, type AgentSpec, type SpecResult } from './agent-spec.ts';
export { agentSeed, gameSeed } from './game-seeds.ts';
export type { GameFailure, GameOutcome, GameRecord } from './game-record.ts';
export { createGameRunner, makeAgent, type GameLogHeader, type GameRunner, type SimulationSpec } from './game-runner.ts';
export { playChunk, type ChunkResult, type ReadyRunner } from './game-chunk.ts';
export { addGame, emptyPartial, mergePartial, type GameOutcomeFields, type IntegerSpread, type SimulationPartial } from './simulation-partial.ts';
export { summarize, summarizePartial, type HistogramBar, type RuleSummary, type SeatSummary, type SimulationSummary, type Spread, type SummaryContext } from './simulation-summary.ts';
export { asFormat1, ENTRIES_SINCE_FORMAT_2, GAME_LOG_FORMAT, GameLogReader, gameLogText, readGameLog, type LoggedEvent, type LoggedGame, type LogReadResult } from './game-log-file.ts';
export { replayLoggedGame, type ReplayOutcome } from './replay-game.ts';
export {
  mergePartialFiles,
  parseShard,
  partialFile,
  readPartialFile,
  shardSlice,
  MAX_RUN_GAMES,
  MAX_SHARDS,
  PARTIAL_FILE_FORMAT,
  PARTIAL_FILE_VERSION,
  type MergeResult,
  type PartialFile,
  type PartialReadResult,
  type PartialRun,
  type ShardSlice,
} from './partial-file.ts';
export { isCount, isObj, keysProblem, type UntrustedObject } from './untrusted-fields.ts';
