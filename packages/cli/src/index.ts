export { main, COMMANDS, type Command } from './main.ts';
export type { CliIo, OutputStream } from './cli-io.ts';
export { renderDiagnostic } from './code-frame.ts';
export { formatSummary } from './simulate/format-summary.ts';
// the simulation's pieces live in @houserules/simulation (browser-ready); re-exported for the command's users
export { summarize, summarizePartial, emptyPartial, addGame, mergePartial, gameSeed, agentSeed, type SimulationSummary, type SimulationPartial } from '@houserules/simulation';
export { CLI_VERSION } from './version.ts';
export { createNodeHost, findProjectRoot, type NodeModuleHost } from './node-module-host.ts';
