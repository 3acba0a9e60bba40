import { compileSource, createMemoryHost } from '@houserules/compiler';
import { createGame, loadGraph } from '@houserules/engine';
import { describe, expect, it } from 'vitest';
import { findTestFiles, runSuite } from '../src/index.ts';

// A hand everyone but its owner sees (`zone hand: others`): the knowledge model, the views,
// the redacted log and the policy check all follow it.
const SHOWN = `module shown

scenario "Shown hands" {
  players 3..3
}

card tile { value: number }
zone deck: hidden { tile(1..9) }
per player {
  zone hand: others
}

flow {
  rounds 1 {
    step deal
    step guess
  }
}

rule deal on deal {
  for p in players {
    draw top of deck to p.hand as _c
  }
}

rule guess on guess {
  ask each _p in players to choose n in 1..9 as guessed then {
    let _n = n
  }
}

ranking p by 0 desc ties shared
`;

const TESTS = `module shown_tests extends "../shown.rules"

test "a hand is seen by everyone but its owner" {
  players 3
  advance
  expect count(c in p1.hand) == 1
  expect not p1 sees p1.hand
  expect p2 sees p1.hand
  expect p3 sees p1.hand
  expect p1 sees p2.hand
  expect not p1 sees first(c in p1.hand)
}
`;

describe('zone visibility `others`', () => {
  it('a hand is seen by every seat but its owner, in tests', () => {
    const host = createMemoryHost({ 'shown/shown.rules': SHOWN, 'shown/tests/shown.rules': TESTS });
    const r = runSuite({ host, files: findTestFiles(host, ['shown/tests/shown.rules']) });
    expect(r.files.flatMap((f) => f.diagnostics)).toEqual([]);
    expect(r.files.flatMap((f) => f.tests).map((t) => [t.name, t.status, t.failure?.message])).toEqual([['a hand is seen by everyone but its owner', 'passed', undefined]]);
  });

  it('views and the redacted log: the owner reads a count and "a card", the others the card', () => {
    const graph = compileSource(SHOWN).value!;
    const game = createGame(loadGraph(graph).value!, { seed: 3, players: 3 }).value!;
    const own = game.view(0).zones['hand'] as { count: number; cards?: unknown[] }[];
    expect(own[0]!.count).toBe(1);
    expect(own[0]!.cards).toBeUndefined();
    expect(own[1]!.cards).toHaveLength(1);
    const other = game.view(1).zones['hand'] as { cards?: unknown[] }[];
    expect(other[0]!.cards).toHaveLength(1);
    expect(other[1]!.cards).toBeUndefined();
    const draws = (seat: number) => game.redactedLog(seat).filter((e) => e.event === '$reveal');
    expect(draws(0).map((e) => 'card' in e.data)).toEqual([false, true, true]);
    expect(draws(1).map((e) => 'card' in e.data)).toEqual([true, false, true]);
  });

  it('a shared zone cannot be seen by everyone but its owner; a policy may not read its own such hand', () => {
    const shared = compileSource(SHOWN.replace('zone deck: hidden', 'zone pile: others\nzone deck: hidden'));
    expect(shared.diagnostics.map((d) => d.code)).toContain('type/zone-needs-owner');
    const peeking = `${SHOWN}
policy peeker "Guesses its own card." {
  prefer guessed(3) when any(c in self.hand where c.value > 3)
}
policy reader "Guesses from the others' cards." {
  prefer guessed(4) when any(p in players where p != self and any(c in p.hand where c.value > 3))
}
`;
    const line = peeking.split('\n').findIndex((l) => l.includes('self.hand')) + 1;
    const codes = compileSource(peeking).diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.range?.start.line]);
    expect(codes).toEqual([['type/policy-sees-hidden', line]]);
  });
});
