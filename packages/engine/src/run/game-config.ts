import type { Diagnostic, Result } from '@houserules/schema';
import type { LoadedGraph } from '../load/loaded-graph.ts';
import { runError } from './run-errors.ts';
import type { GameConfig } from './types.ts';

/**
 * Checks a game's configuration against its loaded graph: the player count, the
 * options named (by name or id) and their values, and the options the board was
 * built for. The options' values, encoded, or the diagnostics.
 */
export function checkConfig(lg: LoadedGraph, config: GameConfig): Result<Int32Array | null> {
  const diagnostics: Diagnostic[] = [];
  const { min, max } = lg.graph.scenario.players;
  if (!Number.isInteger(config.players) || config.players < 1 || config.players < min || config.players > max) {
    diagnostics.push(runError('run/bad-player-count', `This scenario is for ${min} to ${max} players, not ${config.players}.`));
  }
  const optionVals = new Int32Array(lg.options.length);
  lg.options.forEach((o, i) => (optionVals[i] = o.default));
  for (const [key, v] of Object.entries(config.options ?? {})) {
    const i = lg.options.findIndex((o) => o.name === key || o.id === key);
    if (i < 0) {
      diagnostics.push(runError('run/unknown-option', `There is no option '${key}'.`));
      continue;
    }
    const enc = lg.encodeOption(i, v);
    if (enc === undefined) diagnostics.push(runError('run/bad-option-value', `Option '${key}' cannot be ${JSON.stringify(v)}.`));
    else optionVals[i] = enc;
  }
  for (const b of lg.boardOptions) {
    if (optionVals[b.index] === b.value) continue;
    const o = lg.options[b.index]!;
    diagnostics.push(runError('run/board-option', `Option '${o.name}' shapes the board, which was built for another value of it.`,
      `load the graph with the option: loadGraph(graph, { options: { ${o.name}: … } })`));
  }
  return diagnostics.length > 0 ? { value: null, diagnostics } : { value: optionVals, diagnostics: [] };
}
