import { describe, expect, it } from 'vitest';
import { compileSource } from '@houserules/compiler';
import { createGame, loadGraph } from '@houserules/engine';
import { unlimitedPoolTokens } from '@houserules/schema';
import { renderTable } from '../src/index.ts';

// A game without a board: a pool with an unlimited token, paid out from.
const SOURCE = `
module mint_test
scenario "Mint" { players 2..2 }
token coin
pool mint { coin: unlimited }
per player {
  pool purse { coin }
}
flow {
  step pay
}
rule pay on pay {
  for p in players {
    move 36 coin from mint to p.purse
  }
}
ranking p by p.purse.coin desc ties shared
`;

describe('renderTable', () => {
  it('shows an unlimited token as unlimited, never as the count below zero the engine keeps', () => {
    const compiled = compileSource(SOURCE);
    const graph = compiled.value!;
    const game = createGame(loadGraph(graph).value!, { seed: 1, players: 2 }).value!;
    const svg = renderTable(game.view(0), { unlimited: unlimitedPoolTokens(graph) });
    expect(svg).toContain('>unlimited coin<');
    expect(svg).toContain('>36 coin<');
    expect(svg).not.toMatch(/>-\d+ coin</);
    // without the graph's facts the count is what the engine holds
    expect(renderTable(game.view(0))).toContain('>-72 coin<');
  });
});
