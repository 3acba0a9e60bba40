import { describe, expect, it } from 'vitest';
import { gameSeed, shardSlice, type GameOutcome } from '@houserules/simulation';
import { balancePartialFile, decodeGames, encodeGames, mergeBalancePartials, pairedBalance, readBalancePartial, type BalancePartialFile, type BalanceRun } from '../src/index.ts';

const RUN: BalanceRun = { args: ['a.rules', 'b.rules', '--players=3', '--seed=4', '--games=10'], graphs: { a: 'sha256:a', b: 'sha256:b' }, players: 3, seed: 4, games: 10 };

/** game i of one side: made up, but each field varies with i (a run error in game 7 of the second side) */
function outcome(i: number, side: number): GameOutcome {
  const o: GameOutcome = { index: i, seed: gameSeed(RUN.seed, i), scores: [i % 4, (i * side) % 5, 2.5 * side], winners: [i % 3], rounds: 5, turns: i, decisions: 30 + i + side, reason: i % 3 === 0 ? 'end:fourteen' : 'flow-ended' };
  if (side === 1 && i === 7) o.failure = { game: i, seed: o.seed, code: 'run/step-budget', message: 'too many steps', place: 'in rule `ping`', file: '/x/b.rules', range: { start: { offset: 1, line: 2, column: 3 }, end: { offset: 4, line: 2, column: 6 } } };
  return o;
}
const side = (s: number): GameOutcome[] => Array.from({ length: RUN.games }, (_, i) => outcome(i, s));

function shard(index: number, count: number, run = RUN): BalancePartialFile {
  const slice = shardSlice(run.games, index, count);
  const part = (s: number): GameOutcome[] => side(s).slice(slice.from, slice.to);
  // through JSON, as a file on disk is read back
  return JSON.parse(JSON.stringify(balancePartialFile(run, slice, [{ key: 'a', games: encodeGames(part(0)) }, { key: 'b', games: encodeGames(part(1)) }, { key: 'alone 1: rule x', problem: 'it cannot be taken alone' }]))) as BalancePartialFile;
}

describe('balance partials', () => {
  it('encode a slice of games so that they decode to the same outcomes, in game order', () => {
    const games = side(1).slice(3, 9);
    expect(decodeGames(JSON.parse(JSON.stringify(encodeGames(games))) as ReturnType<typeof encodeGames>, 3, RUN.seed)).toEqual(games);
  });

  it('merge shards in any order into the games of the whole run, and so into the same paired balance', () => {
    const files = [shard(3, 3), shard(1, 3), shard(2, 3)];
    for (const f of files) expect(readBalancePartial(f)).toMatchObject({ ok: true });
    const merged = mergeBalancePartials(files);
    if (!merged.ok) throw new Error(merged.message);
    expect(merged.shards).toBe(3);
    expect(merged.plays.get('a')).toEqual(side(0));
    expect(merged.plays.get('b')).toEqual(side(1));
    expect(merged.plays.get('alone 1: rule x')).toBe('it cannot be taken alone');
    expect(pairedBalance(merged.plays.get('a') as GameOutcome[], merged.plays.get('b') as GameOutcome[])).toEqual(pairedBalance(side(0), side(1)));
  });

  it('refuse a set that is not the shards of one run', () => {
    expect(mergeBalancePartials([shard(1, 3), shard(3, 3)])).toMatchObject({ ok: false, message: expect.stringMatching(/shard 2 of 3 missing/) });
    expect(mergeBalancePartials([shard(1, 2), shard(1, 2), shard(2, 2)])).toMatchObject({ ok: false, message: expect.stringMatching(/both shard 1\/2/) });
    expect(mergeBalancePartials([shard(1, 2), shard(2, 3)])).toMatchObject({ ok: false });
    expect(mergeBalancePartials([shard(1, 2), shard(2, 2, { ...RUN, graphs: { a: 'sha256:a', b: 'sha256:c' } })])).toMatchObject({ ok: false, message: expect.stringMatching(/second scenario's compiled graph differs/) });
    const other = shard(2, 2);
    other.plays = other.plays.slice(0, 2);
    expect(mergeBalancePartials([shard(1, 2), other])).toMatchObject({ ok: false, message: expect.stringMatching(/other sides/) });
  });

  it('read untrusted files without throwing: anything that is not a shard of games is refused', () => {
    const good = shard(2, 3);
    const bad: unknown[] = [
      null,
      [],
      'x',
      { ...good, version: 2 },
      { ...good, extra: 1 },
      { ...good, run: { ...good.run, args: ['a.rules', '--workers=2'] } },
      { ...good, run: { ...good.run, args: ['--games=10', 'a.rules'] } },
      { ...good, run: { ...good.run, games: 0 } },
      { ...good, shard: { ...good.shard, to: good.shard.to + 1 } },
      { ...good, plays: [good.plays[0], good.plays[0], good.plays[2]] },
      { ...good, plays: good.plays.map((p) => ('games' in p ? { ...p, games: { ...p.games, rows: p.games.rows.map((r) => [9, ...r.slice(1)]) } } : p)) },
      { ...good, plays: good.plays.map((p) => ('games' in p ? { ...p, games: { ...p.games, rows: p.games.rows.map((r) => [...r.slice(0, 5), [1, 2, Number.NaN]]) } } : p)) },
      { ...good, plays: good.plays.map((p) => ('games' in p ? { ...p, games: { ...p.games, failures: [{ game: 5, seed: 1, code: 'not a code', message: '' }] } } : p)) },
    ];
    for (const value of bad) expect(readBalancePartial(value)).toMatchObject({ ok: false, message: expect.any(String) });
    const getter = { ...good };
    Object.defineProperty(getter, 'run', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(readBalancePartial(getter)).toMatchObject({ ok: false });
  });
});
