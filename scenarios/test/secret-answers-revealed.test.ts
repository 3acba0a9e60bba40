// "Each player secretly chooses …; all reveal simultaneously": another seat's secret answer is hidden in a seat's
// redacted log until every asked seat has answered (its group resolves), then read as what it was — unless it
// writes a `secret var`, which no other seat ever reads (docs/language.md, "Who knows what").
import { describe, expect, it } from 'vitest';
import { compileSource } from '@houserules/compiler';
import { createGame, loadGraph, type Game } from '@houserules/engine';

const SOURCE = `module all_reveal

scenario "All reveal together" {
  players 3..3
}

per player {
  var plan: stay | go = stay
  secret var vote: yes | no = no
}

flow {
  step plan_step
  step vote_step
}

rule choose_plans on plan_step {
  ask each p in players to choose p.plan secretly then {
  }
}

rule cast_votes on vote_step {
  ask each p in players to choose p.vote secretly then {
  }
}
`;

function start(codegen: boolean): Game {
  const compiled = compileSource(SOURCE, { file: 'all_reveal.rules' });
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadGraph(compiled.value, { codegen });
  expect(loaded.diagnostics).toEqual([]);
  return createGame(loaded.value!, { seed: 1, players: 3 }).value!;
}

/** what `seat` reads of each answer in its redacted log: `p2:go`, or `p2:?` for one it may not read */
function answers(g: Game, seat: number): string[] {
  return g.redactedLog(seat).flatMap((e) => {
    if (e.event !== '$answer') return [];
    const move = e.data['move'] as { value?: unknown } | undefined;
    return [`p${Number(e.data['seat']) + 1}:${move === undefined ? '?' : String(move.value)}`];
  });
}

describe.each([true, false])('secret answers, revealed when all have answered (codegen %s)', (codegen) => {
  it('hides the others\' answers until the last one, then shows them all; an answer to a secret var stays hidden', () => {
    const g = start(codegen);
    // p2 goes, p3 stays: p1 reads neither yet, each reads its own
    expect(g.applyOption(1, 1)).toBe(true);
    expect(g.applyOption(2, 0)).toBe(true);
    const go = answers(g, 1).find((a) => a.startsWith('p2:'))!;
    expect(go).not.toBe('p2:?');
    expect(answers(g, 0)).toEqual(['p2:?', 'p3:?']);
    expect(answers(g, -1)).toEqual(['p2:?', 'p3:?']);
    expect(g.mayRead(g.log.find((e) => e.event === '$answer')!, 0)).toBe(false);
    // p1 answers last: the group resolves, and every seat (a spectator too) reads all three
    expect(g.applyOption(0, 0)).toBe(true);
    const all = answers(g, 0);
    expect(all).toHaveLength(3);
    expect(all).not.toContain('p2:?');
    expect(all).toContain(go);
    expect(answers(g, -1)).toEqual(all);
    // the votes write a secret var: hidden from the other seats for good, after their group resolved too
    for (const seat of [0, 1, 2]) expect(g.applyOption(seat, 0)).toBe(true);
    expect(g.isOver).toBe(true);
    const votes = (seat: number): string[] => answers(g, seat).slice(3);
    expect(votes(0)).toEqual([expect.not.stringMatching(/\?$/), 'p2:?', 'p3:?']);
    expect(votes(-1)).toEqual(['p1:?', 'p2:?', 'p3:?']);
  });

  it('reads a restored game as it was then: an answer revealed later is hidden again before its group resolved', () => {
    const g = start(codegen);
    g.applyOption(1, 1);
    const before = g.snapshot();
    g.applyOption(2, 0);
    g.applyOption(0, 0);
    expect(answers(g, 0)).not.toContain('p2:?');
    g.restore(before);
    expect(answers(g, 0)).toEqual(['p2:?']);
  });
});
