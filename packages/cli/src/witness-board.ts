import type { Game, LoadedGraph } from '@houserules/engine';
import { pictureOf, renderBoard, renderTable, sideBySide } from '@houserules/render';
import { unlimitedPoolTokens, type RuleGraph } from '@houserules/schema';
import type { NodeModuleHost } from './node-module-host.ts';
import { scenarioStyle } from './style-file.ts';

/**
 * `houserules diff --witness-board FILE.svg`: the first witness's game at its
 * end on both sides, as p1 sees it, side by side — the board where the scenario
 * has one (in its style.json's colours), else its zones, cards and pools.
 */

export interface WitnessSide {
  label: string;
  graph: RuleGraph;
  host: NodeModuleHost;
  game: Game;
  lg: LoadedGraph;
}

function picture(side: WitnessSide): string {
  const title = `round ${side.game.round}, as p1 sees it`;
  const board = pictureOf(side.game, 0);
  if (board === null) return renderTable(side.game.view(0), { title, unlimited: unlimitedPoolTokens(side.graph) });
  const style = scenarioStyle(side.host, side.graph);
  return renderBoard(board, style.ok ? style.style : {}, { title, legend: true });
}

export function witnessBoards(a: WitnessSide, b: WitnessSide): string {
  return sideBySide([
    { caption: a.label, svg: picture(a) },
    { caption: b.label, svg: picture(b) },
  ]);
}
