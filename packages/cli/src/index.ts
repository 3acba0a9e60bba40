export { main, COMMANDS, type Command } from './main.ts';
export type { CliIo, OutputStream } from './cli-io.ts';
export { renderDiagnostic } from './code-frame.ts';
export { summarize, summarizePartial, formatSummary, type SimulationSummary } from './simulate/simulation-summary.ts';
export { emptyPartial, addGame, mergePartial, type SimulationPartial } from './simulate/simulation-partial.ts';
export { gameSeed, agentSeed } from './simulate/game-seeds.ts';
export { CLI_VERSION } from './version.ts';
export { createNodeHost, findProjectRoot, type NodeModuleHost } from './node-module-host.ts';
