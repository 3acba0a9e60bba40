import { compileSource, createMemoryHost } from '@houserules/compiler';
import { createGame, loadGraph, type ZoneView } from '@houserules/engine';
import { format } from '@houserules/syntax';
import { describe, expect, it } from 'vitest';
import { findTestFiles, runSuite } from '../src/index.ts';

// Notes on cards: a clue tells a player which of the cards in their hand (which they cannot see)
// are red. The notes are per-card vars; `none` is "not told yet".
const CLUES = `module clue_game

scenario "Clues" {
  players 2..2
}

tokens colour = red, blue
card tile { shade: colour, value: number, var told: colour = none, secret var marked: bool = false }
card blank
zone deck: hidden { tile(red, 1), tile(blue, 2), tile(red, 3), tile(blue, 4), blank }
per player {
  zone hand: others
}

flow {
  step deal
  turns {
    step clue
  }
}

rule deal on deal {
  for p in players {
    for _i in 1..2 {
      draw top of deck to p.hand as _c
    }
  }
}

rule clue on clue {
  ask current to choose q in players where q != current as clued then {
    for c in q.hand where c is tile and c.shade == red {
      set c.told = red
      set c.marked = true
    }
  }
}

ranking p by 0 desc ties shared
`;

const TESTS = `module clue_tests extends "../clues.rules"

test "a clue leaves a note on each red card of the hand" {
  players 2
  arrange {
    stack deck: tile(red, 1), tile(blue, 2), tile(red, 3), tile(blue, 4)
  }
  advance
  expect all(c in p2.hand: c.told == none)
  p1 chooses p2
  expect count(c in p2.hand where c.told == red) == 1
  expect count(c in p2.hand where c.told == none) == 1
  expect all(c in p1.hand: c.told == none)
}

test "a card var of a card of another kind stops the game" {
  players 2
  arrange {
    set first(c in deck where c is blank).told = red
  }
}
`;

describe.each([true, false])('per-card vars (generated code: %s)', (codegen) => {
  it('are set and read per card; none is "not told yet"; another kind is run/no-such-owner', () => {
    const host = createMemoryHost({ 'clues/clues.rules': CLUES, 'clues/tests/clues.rules': TESTS });
    const r = runSuite({ host, files: findTestFiles(host, ['clues/tests/clues.rules']) }, { codegen });
    expect(r.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error'))).toEqual([]);
    const [clue, other] = r.files.flatMap((f) => f.tests);
    expect([clue!.status, clue!.failure?.message, clue!.failure?.actual]).toEqual(['passed', undefined, undefined]);
    expect(other!.failure?.message).toMatch(/run\/no-such-owner/);
  });
});

describe('per-card vars in views', () => {
  it('the holder reads the public notes on the cards it cannot see, by place, and not the secret ones; the others read all of them on the cards they know', () => {
    const graph = compileSource(CLUES).value!;
    const game = createGame(loadGraph(graph).value!, { seed: 2, players: 2 }).value!;
    const d = game.decisions[0]!;
    expect(game.applyOption(d.seat, 0)).toBe(true);
    const mine = (game.view(1).zones['hand'] as ZoneView[])[1]!;
    expect(mine.cards).toBeUndefined();
    expect(mine.notes?.map((n) => n.position)).toEqual([1, 2]);
    expect(mine.notes?.every((n) => !('marked' in n.vars))).toBe(true);
    const seen = (game.view(0).zones['hand'] as ZoneView[])[1]!;
    const told = seen.cards!.map((c) => [c.fields['shade'], c.vars?.['told'], c.vars?.['marked']]);
    for (const [shade, note, marked] of told) expect([note, marked]).toEqual(shade === 'token:red' ? ['token:red', true] : ['none', false]);
    expect(told.some(([shade]) => shade === 'token:red')).toBe(true);
    expect(mine.notes!.map((n) => n.vars['told'])).toEqual(seen.cards!.map((c) => c.vars?.['told']));
    // the deck is hidden: no notes by place there
    expect((game.view(0).zones['deck'] as ZoneView).notes).toBeUndefined();
  });

  it('a card var starts with a constant; the formatter keeps it', () => {
    const bad = compileSource(CLUES.replace('var told: colour = none', 'var told: colour = first(t in colour)'));
    expect(bad.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['type/mismatch']);
    const formatted = format(CLUES).value ?? '';
    expect(formatted).toContain('card tile { shade: colour, value: number, var told: colour = none, secret var marked: bool = false }');
  });
});
