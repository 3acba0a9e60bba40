export { structuralDiff } from './structural-diff.ts';
export type { ChangeStatus, GraphLabel, NodeChange, RenameCandidate, StructuralDiff, StructuralOptions } from './structural-diff.ts';
export type { GraphNode, NodeKind, NodePart } from './graph-nodes.ts';
export { graphNodes } from './graph-nodes.ts';
export type { NodeLocation, ReadText, SourceLine } from './source-text.ts';
export { sourceOf } from './source-text.ts';
export { LockstepPair, LockstepGame } from './lockstep.ts';
export type { Divergence, DivergenceKind, ExpectCandidate, LockstepSave, Side } from './lockstep.ts';
export { searchWitness, defaultPlayers, PROGRESS_MS } from './witness-search.ts';
export type { DifferenceSearch, SearchOptions, SearchProgress, SearchResult, Witness } from './witness-search.ts';
export { differenceTargets, involves, targetLabel } from './difference-targets.ts';
export type { DifferenceTarget } from './difference-targets.ts';
export { replayWitness, shrinkWitness, SHRINK_CANDIDATES, SHRINK_SEEDS_TRIED } from './shrink-witness.ts';
export { checkWitness, runModule, testBlock, witnessTest, isWitnessFile, WITNESS_STORY_EVENTS, type WitnessWatcher } from './witness-test.ts';
export type { LabeledWitness, ModuleRun, WitnessCheck, WitnessLabels, WitnessTarget, WitnessTestText } from './witness-test.ts';
export { compareBalance, twoSidedP, wilson } from './balance.ts';
export type { BalanceRow, Estimate } from './balance.ts';
export { FAILURES_SHOWN_PER_SIDE, pairedBalance, type ChangedShare, type PairedBalance, type PairedRow, type PairedTable, type SideFailure } from './balance-paired.ts';
export { holm, incompleteBeta, pairedMean, signTest, tQuantile, tTwoSided, type PairedMean } from './balance-statistics.ts';
export { foundDifferences, formatDiffReport, printable, REPORT_WIDTH } from './diff-report.ts';
export { groupBySentence, type SentenceGroup } from './sentence-groups.ts';
export type { DiffReport, MattersAlone } from './diff-report.ts';
export { isolateDifference } from './isolate-difference.ts';
export type { Isolation, IsolationSources } from './isolate-difference.ts';
export { verifyWitness, VERIFY_CANDIDATES } from './verify-witness.ts';
export type { IsolatedSides, Verification, WitnessVerifier } from './verify-witness.ts';
export { arrangements } from './arrangements.ts';
export { guardArrangements, guardReads, type GuardReads } from './guard-arrangements.ts';
export type { Arrangement } from './arrangements.ts';
export { answerIndex, searchAgents, seatAgents, seatAgentsText, type SearchAgent } from './search-agents.ts';
export {
  balancePartialFile,
  decodeGames,
  encodeGames,
  isBalancePartial,
  mergeBalancePartials,
  readBalancePartial,
  BALANCE_PARTIAL_FORMAT,
  BALANCE_PARTIAL_VERSION,
  BALANCE_RUN_FLAGS,
  MAX_BALANCE_PLAYS,
  type BalanceMerge,
  type BalancePartialFile,
  type BalancePartialRead,
  type BalancePlay,
  type BalanceRun,
  type EncodedGames,
} from './balance-partial.ts';
