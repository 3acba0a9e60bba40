// Who knows what in play: a seat's view and redacted log never hold another seat's secret answer before it is
// revealed, and the undo rule (learntSince) refuses to go back past anything that came to light since.
import { compile, createMemoryHost } from '@houserules/compiler';
import { createGame, loadGraph, type Game } from '@houserules/engine';
import { describe, expect, it } from 'vitest';
import { learntSince, LogWords, playMark } from '../src/index.ts';

/** Two players bid in secret each round; then a card of a hidden stack is turned face up (`FLIP`). */
const SOURCE = `module sealed_bids

scenario "Sealed bids" {
  players 2..3
}

card chit { value: number }
zone stack: hidden { chit(1..6) }
zone table: public

per player {
  zone hand: owner
  var bid: low | high = low
  var wins: number = 0
}

flow {
  step deal
  rounds 2 {
    step bidding
    step flip
  }
}

rule shuffle_stack on game_start {
  shuffle stack
}

rule deal on deal {
  for p in players {
    draw top of stack to p.hand as _c
  }
}

rule bidding on bidding {
  ask each p in players to choose p.bid secretly then {
    let _done = 0
  }
}

rule flip on flip {
  FLIP
}
`;

function start(flip: string): Game {
  const host = createMemoryHost({ 'bids.rules': SOURCE.replace('FLIP', flip) });
  const graph = compile(host, 'bids.rules');
  expect(graph.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const lg = loadGraph(graph.value!, { codegen: false }).value!;
  return createGame(lg, { seed: 5, players: 2, recordLog: true }).value!;
}

/** Seat `seat` answers its open bid with `bid`. */
function answer(g: Game, seat: number, bid: 'low' | 'high'): void {
  const index = g.legalActions(seat).findIndex((m) => m.kind === 'choice' && m.value === bid);
  expect(g.applyOption(seat, index)).toBe(true);
}

describe('what a seat sees of another seat’s secret answer', () => {
  it('is nothing until the answers are revealed: not in its view, not in its redacted log', () => {
    const g = start('reveal top of stack to table as _c');
    expect(g.waitingSeats()).toEqual([0, 1]);
    answer(g, 1, 'high');
    // p2 has committed "high"; p1 has not answered yet
    expect(g.view(0).vars['bid']).toEqual(['low', 'low']);
    expect(g.view(0).committed).toEqual([1]);
    const seen = JSON.stringify(g.redactedLog(0).filter((e) => e.event === '$answer'));
    expect(seen).not.toContain('high');
    expect(JSON.stringify(g.redactedLog(-1))).not.toContain('high');
    // p2 sees its own answer
    expect(JSON.stringify(g.redactedLog(1))).toContain('high');
    answer(g, 0, 'low');
    // revealed together: now everybody sees both
    expect(g.view(0).vars['bid']).toEqual(['low', 'high']);
  });
});

describe('the undo rule (learntSince)', () => {
  it('lets a seat take back an answer while nothing hidden from it came to light', () => {
    const g = start('reveal top of stack to table as _c');
    const mark = playMark(g);
    answer(g, 1, 'high');
    // p2's answer waits for p1's: nothing is revealed yet, for either seat
    expect(learntSince(g, 1, mark)).toBeNull();
    expect(learntSince(g, 0, mark)).toBeNull();
  });

  it('stops at a card turned face up, and at the others’ secret answers revealed', () => {
    const flipped = start('reveal top of stack to table as _c');
    answer(flipped, 1, 'high');
    const beforeP1 = playMark(flipped);
    answer(flipped, 0, 'low');
    expect(learntSince(flipped, 0, beforeP1)).toMatchObject({ round: 1 });

    // With nothing turned over, the answers revealed are what p1 learnt: p2's, not its own.
    const quiet = start('let _nothing = 0');
    answer(quiet, 1, 'high');
    const mark = playMark(quiet);
    answer(quiet, 0, 'low');
    expect(learntSince(quiet, 0, mark)?.what).toContain('p2');
    expect(learntSince(quiet, 1, mark)).toBeNull();
  });

  it('stops at a card drawn where the seat sees it, not where it does not', () => {
    const g = start('draw top of stack to first(p in players).hand as _c');
    answer(g, 1, 'high');
    const mark = playMark(g);
    answer(g, 0, 'low');
    // the card came to p1's hand: p1 learnt it (and p2's bid); p2 learnt p1's bid only
    expect(learntSince(g, 0, mark)).not.toBeNull();
    const p2 = learntSince(g, 1, mark);
    expect(p2?.what ?? '').not.toMatch(/card/);
  });
});

describe('the players’ table’s scratch vars (LogWords.scratchVar)', () => {
  it('leaves out an answer’s var always, and a counter while every player has its declared value', () => {
    const g = start('let _nothing = 0');
    const words = new LogWords(g.lg, g);
    expect(words.scratchVar('bid', ['high', 'low'])).toBe(true);
    expect(words.scratchVar('wins', [0, 0])).toBe(true);
    expect(words.scratchVar('wins', [0, 2])).toBe(false);
    expect(words.scratchVar('wins', [0, null])).toBe(false);
  });
});
