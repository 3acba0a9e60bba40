import { describe, expect, it } from 'vitest';
import { endReasonWords } from '../src/index.ts';

describe('endReasonWords', () => {
  it("names an outcome's reason as an author writes it", () => {
    expect(endReasonWords('end:ten_points')).toBe('ten_points');
    expect(endReasonWords('end:fourteen@mines')).toBe('fourteen');
    expect(endReasonWords('flow-ended')).toBe('flow');
    expect(endReasonWords('end-game')).toBe('end game');
  });
});
