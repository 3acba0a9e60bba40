// Each game deals its board's hex kinds and values before \`game_start\`, from its own generator.
import type { RandomSource } from '../board/random-setup.ts';
import { fillHexes } from '../board/board-declaration.ts';
import type { LoadedBoard } from '../load/loaded-board.ts';
import type { StringTable } from '../load/value-codec.ts';

/** Fills the hexes' kinds and values from a game's random source, into vars at boardBase. */
export function fillBoard(b: LoadedBoard, strings: StringTable, vars: number[], boardBase: number, random: RandomSource): void {
  const filled = fillHexes(b.land, b.node, random);
  for (let h = 0; h < b.hexCount; h++) {
    const kind = h < b.land.hexCount ? filled.kinds[h] : undefined;
    vars[boardBase + b.hexKindOff + h] = kind !== undefined ? strings.intern(kind) : h < b.land.hexCount ? b.noneSymbol : b.frameSymbol;
    vars[boardBase + b.hexValueOff + h] = h < b.land.hexCount ? filled.values[h]! : -1;
  }
}
