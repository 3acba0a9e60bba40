// The sites a comparison's witness marks on both boards: those where the two games differ at the same step.
import { describe, expect, it } from 'vitest';
import type { BoardView } from '@houserules/engine';
import { differingSites } from '../../src/page/views/board-differences.ts';

const board = (over: Partial<BoardView> = {}): BoardView => ({ hexKinds: ['hills', 'forest', 'none'], hexValues: [8, 10, -1], pieces: [], supply: {}, vars: {}, ...over });

describe('the sites two boards differ on', () => {
  it('is none for the same board, and none without a board on either side', () => {
    expect(differingSites(board(), board())).toEqual([]);
    expect(differingSites(board(), undefined)).toEqual([]);
  });

  it('marks a hex whose kind or number differs', () => {
    expect(differingSites(board(), board({ hexValues: [8, 4, -1] }))).toEqual([1]);
    expect(differingSites(board(), board({ hexKinds: ['desert', 'forest', 'none'] }))).toEqual([0]);
  });

  it('marks a site with other pieces or another owner, not one with the same pieces listed in another order', () => {
    const a = board({ pieces: [{ site: 20, piece: 'settlement', owner: 0 }, { site: 30, piece: 'road', owner: 1 }, { site: 40, piece: 'robber', owner: -1 }, { site: 40, piece: 'knight', owner: 2 }] });
    const b = board({ pieces: [{ site: 40, piece: 'knight', owner: 2 }, { site: 40, piece: 'robber', owner: -1 }, { site: 20, piece: 'settlement', owner: 1 }, { site: 31, piece: 'road', owner: 1 }] });
    expect(differingSites(a, b)).toEqual([20, 30, 31]);
  });

  it('marks a site whose per-site value or pool differs', () => {
    expect(differingSites(board({ vars: { harbour: { 12: 'wool' } } }), board({ vars: { harbour: { 12: 'ore' } } }))).toEqual([12]);
    expect(differingSites(board({ pools: { mine: { 2: { diamond: 3 } } } }), board({ pools: { mine: { 2: { diamond: 2 } } } }))).toEqual([2]);
  });
});
