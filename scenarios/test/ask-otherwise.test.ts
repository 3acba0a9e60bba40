// An ask with no legal option asks nothing and runs no `then`; its `otherwise` block runs in its
// place (docs/language.md, "Decisions"). Compiled from source and run on both back ends, for a
// single chooser and `ask each`, choosing a site, a player and a value of an enum.
import { describe, expect, it } from 'vitest';
import { compileSource } from '@houserules/compiler';
import { createGame, loadGraph, type Game } from '@houserules/engine';

const SOURCE = `module ask_otherwise

scenario "Asks with and without options" {
  players 3..3
}

option open: nobody | first_only | everybody = nobody "Who has an option to choose."

token coin
pool bank { coin: unlimited }
per player {
  pool purse { coin }
  var plan: stay | go = stay
}
piece marker on hex, 1
board land: hex radius 1 {
}

var site_then: number = 0
var site_otherwise: number = 0
var site_after: number = 0
var player_then: number = 0
var player_otherwise: number = 0
var enum_then: number = 0
var enum_otherwise: number = 0
var each_enum_then: number = 0
var each_enum_otherwise: number = 0
var each_player_then: number = 0
var each_player_otherwise: number = 0

derive first_player: player = first(p in players)
derive may_choose(p: player): bool = open == everybody or (open == first_only and p == first_player)

flow {
  step by_site
  step by_player
  step by_enum
  step each_by_enum
  step each_by_player
}

rule ask_site on by_site {
  ask first_player to choose h in hexes where may_choose(first_player) then {
    place marker at h
    set site_then = site_then + 1
  } otherwise {
    set site_otherwise = site_otherwise + 1
  }
  set site_after = site_otherwise
}

rule ask_player on by_player {
  ask first_player to choose q in players where q != first_player as victim then {
    move 1 coin from bank to q.purse
    set player_then = player_then + 1
  } otherwise {
    set player_otherwise = player_otherwise + 1
  }
}

require victim_open on victim(p, q) when may_choose(p)
  reason "Closed."

rule ask_enum on by_enum {
  ask first_player to choose first_player.plan then {
    set enum_then = enum_then + 1
  } otherwise {
    set enum_otherwise = enum_otherwise + 1
  }
}

require plan_open on plan(p, v) when may_choose(p)
  reason "Closed."

rule ask_each_enum on each_by_enum {
  ask each p in players to choose p.plan then {
    set each_enum_then = each_enum_then + 1
  } otherwise {
    set each_enum_otherwise = each_enum_otherwise + 1
  }
}

rule ask_each_player on each_by_player {
  ask each p in players to choose q in players where q != p and may_choose(p) then {
    move 1 coin from bank to q.purse
    set each_player_then = each_player_then + 1
  } otherwise {
    set each_player_otherwise = each_player_otherwise + 1
  }
}
`;

const compiled = compileSource(SOURCE, { file: 'ask-otherwise.rules' });

/** Plays a game, every asked seat answering with its first option; the seats asked at each decision, in order. */
function play(game: Game): number[][] {
  const asked: number[][] = [];
  while (!game.isOver) {
    const seats = game.waitingSeats();
    if (seats.length === 0) break;
    asked.push(seats);
    for (const seat of seats) game.applyOption(seat, 0);
  }
  return asked;
}

describe('an ask with no legal option', () => {
  it('compiles', () => {
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  for (const codegen of [true, false]) {
    const loaded = loadGraph(compiled.value!, { codegen }).value!;
    const start = (open: string): Game => createGame(loaded, { seed: 3, players: 3, options: { open }, checkInvariants: true }).value!;

    it(`asks nothing and runs every otherwise, each once and in place of its ask, when nobody may choose (codegen ${codegen})`, () => {
      const game = start('nobody');
      expect(play(game)).toEqual([]);
      const vars = game.view(0).vars;
      expect(vars).toMatchObject({
        site_then: 0, site_otherwise: 1, site_after: 1,
        player_then: 0, player_otherwise: 1,
        enum_then: 0, enum_otherwise: 1,
        each_enum_then: 0, each_enum_otherwise: 1,
        each_player_then: 0, each_player_otherwise: 1,
      });
      expect(game.view(0).board!.pieces).toEqual([]);
      expect(game.view(0).pools.purse).toEqual([{ coin: 0 }, { coin: 0 }, { coin: 0 }]);
      expect(game.error).toBeNull();
      expect(game.diagnostics).toEqual([]);
    });

    it(`asks and runs then, never otherwise, when everybody may choose (codegen ${codegen})`, () => {
      const game = start('everybody');
      expect(play(game)).toEqual([[0], [0], [0], [0, 1, 2], [0, 1, 2]]);
      expect(game.view(0).vars).toMatchObject({
        site_then: 1, site_otherwise: 0, site_after: 0,
        player_then: 1, player_otherwise: 0,
        enum_then: 1, enum_otherwise: 0,
        // a var choice's then runs once for everybody; a collection choice's once per chooser
        each_enum_then: 1, each_enum_otherwise: 0,
        each_player_then: 3, each_player_otherwise: 0,
      });
      expect(game.view(0).board!.pieces.map((p) => p.piece)).toEqual(['marker']);
    });

    it(`asks only the choosers with an option, and runs no otherwise, when some may choose (codegen ${codegen})`, () => {
      const game = start('first_only');
      expect(play(game)).toEqual([[0], [0], [0], [0], [0]]);
      expect(game.view(0).vars).toMatchObject({
        site_then: 1, site_otherwise: 0,
        player_then: 1, player_otherwise: 0,
        enum_then: 1, enum_otherwise: 0,
        each_enum_then: 1, each_enum_otherwise: 0,
        each_player_then: 1, each_player_otherwise: 0,
      });
      expect(game.error).toBeNull();
    });
  }
});
