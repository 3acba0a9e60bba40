// A snapshot carries the whole state: a fresh game restored from it plays on
// exactly as the original does, state hash for state hash. The engine reuses its
// option lists between decisions, so this also holds the hash to what a decision
// offers, not to what its reused lists happen to hold beyond that.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { createGame, loadGraph, randomAgent, type Agent, type Game } from '@houserules/engine';

const file = fileURLToPath(new URL('../catan/base.rules', import.meta.url));
const compiled = compile(createMemoryHost({ [file]: readFileSync(file, 'utf8') }), file);
const loaded = loadGraph(compiled.value!).value!;
const config = { seed: 5, players: 4, options: { round_limit: 60 } };

function step(game: Game, agent: Agent): void {
  const seat = game.nextSeat();
  expect(game.applyOption(seat, agent.choose(game, seat) as number)).toBe(true);
}

describe('snapshots', () => {
  it('Catan base: a fresh game restored from a snapshot plays on with the same state hash after every decision', () => {
    const original = createGame(loaded, config).value!;
    const before = randomAgent(11);
    for (let i = 0; i < 400 && !original.isOver; i++) step(original, before);
    expect(original.isOver).toBe(false);

    const restored = createGame(loaded, config).value!;
    restored.restore(original.snapshot());
    expect(restored.stateHash()).toBe(original.stateHash());
    // two agents with one seed: both games get the same picks
    const after = randomAgent(12);
    const afterCopy = randomAgent(12);
    for (let i = 0; i < 300 && !original.isOver; i++) {
      step(original, after);
      step(restored, afterCopy);
      expect(restored.stateHash()).toBe(original.stateHash());
    }
  });
});
