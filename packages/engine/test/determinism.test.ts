import { describe, expect, it } from 'vitest';
import { createGame, playGame, randomAgent, replayLog, type Game, type LogEntry } from '../src/index.ts';
import { deckGame } from './deck-game.ts';
import { load } from './graph-builder.ts';

const loaded = load(deckGame());
const config = { seed: 42, players: 2 };

/** answers every decision with option (step × 7 + seat) mod count, a fixed but varied script */
function drive(game: Game, fromStep = 0, steps = Infinity): number {
  let step = fromStep;
  while (!game.isOver && step < fromStep + steps) {
    const seat = game.nextSeat();
    game.applyOption(seat, (step * 7 + seat) % game.optionCount(seat));
    step++;
  }
  return step;
}

const drawnCards = (log: readonly LogEntry[]) => log.filter((e) => e.event === '$reveal').map((e) => e.data.card);

describe('determinism', () => {
  it('gives the same log and state hash for the same seed and moves', () => {
    const a = createGame(loaded, config).value!;
    const b = createGame(loaded, config).value!;
    drive(a);
    drive(b);
    expect(a.isOver).toBe(true);
    expect(a.log).toEqual(b.log);
    expect(a.stateHash()).toBe(b.stateHash());
    expect(a.outcome).toEqual(b.outcome);
  });

  it('plays the same game whether or not it records a log or checks invariants', () => {
    // without a log or checks, round and turn events no rule hears are not queued at all
    for (let seed = 1; seed <= 5; seed++) {
      const play = (recordLog: boolean, checkInvariants: boolean) => {
        const r = playGame(loaded, { seed, players: 2, recordLog, checkInvariants }, [randomAgent(seed)]);
        return { steps: r.steps, hash: r.game!.stateHash(), outcome: r.outcome, firings: r.game!.ruleFirings };
      };
      const quiet = play(false, false);
      expect(quiet.outcome).not.toBeNull();
      expect(play(true, false)).toEqual(quiet);
      expect(play(false, true)).toEqual(quiet);
    }
  });

  it('shuffles differently with a different seed', () => {
    const a = createGame(loaded, config).value!;
    const b = createGame(loaded, { ...config, seed: 43 }).value!;
    drive(a);
    drive(b);
    expect(drawnCards(a.log)).toHaveLength(6);
    expect(drawnCards(a.log)).not.toEqual(drawnCards(b.log));
    expect(a.stateHash()).not.toBe(b.stateHash());
  });

  it('plays on identically after restoring a snapshot', () => {
    const game = createGame(loaded, config).value!;
    const mid = drive(game, 0, 3);
    const snap = game.snapshot();
    const hashAtSnapshot = game.stateHash();
    drive(game, mid);
    const firstLog = game.log.slice();
    const firstHash = game.stateHash();
    const firstOutcome = game.outcome;

    game.restore(snap);
    expect(game.stateHash()).toBe(hashAtSnapshot);
    expect(game.isOver).toBe(false);
    drive(game, mid);
    expect(game.log).toEqual(firstLog);
    expect(game.stateHash()).toBe(firstHash);
    expect(game.outcome).toEqual(firstOutcome);
  });

  it('hides a hidden zone and the other seat’s owner zone in views', () => {
    const game = createGame(loaded, config).value!;
    const view = game.view(1);
    expect(view.zones.deck).toEqual({ count: 7 });
    const hands = view.zones.hand as { count: number; cards?: unknown[] }[];
    expect(hands[0]).toEqual({ count: 1 });
    expect(game.view(0).zones.hand).toEqual([{ count: 1, cards: [expect.objectContaining({ kind: 'a' })] }, { count: 0 }]);
  });
});

describe('replay', () => {
  const played = playGame(loaded, config, [randomAgent(1), randomAgent(2)]);
  const log = played.game!.log;

  it('reproduces a recorded game, hash for hash', () => {
    expect(played.outcome).not.toBeNull();
    expect(log.filter((e) => e.event === '$answer').every((e) => typeof e.hash === 'string')).toBe(true);
    const replayed = replayLog(loaded, config, log);
    expect(replayed.diagnostics).toEqual([]);
    expect(replayed.value!.outcome).toEqual(played.outcome);
    expect(replayed.value!.stateHash()).toBe(played.game!.stateHash());
  });

  it('detects a tampered chance entry', () => {
    const tampered = log.map((e) => (e.event === '$reveal' && e.seq === log.find((x) => x.event === '$reveal')!.seq ? { ...e, data: { ...e.data, card: 99 } } : e));
    const replayed = replayLog(loaded, config, tampered);
    expect(replayed.diagnostics.map((d) => d.code)).toEqual(['run/replay-diverged']);
  });

  it('detects a tampered answer by the state hash that follows it', () => {
    const i = log.findIndex((e) => e.event === '$answer');
    const entry = log[i]!;
    const move = entry.data.move as { kind: 'choice'; ask: string; value: number };
    const tampered = log.slice();
    tampered[i] = { ...entry, data: { ...entry.data, move: { ...move, value: (move.value + 1) % 3 } } };
    const replayed = replayLog(loaded, config, tampered);
    expect(replayed.diagnostics.map((d) => d.code)).toEqual(['run/replay-diverged']);
    expect(replayed.diagnostics[0]!.message).toContain(`seq ${entry.seq}`);
  });
});
