import { describe, expect, it } from 'vitest';
import { PRELUDE, compileText } from './helpers.ts';

describe('the test prelude', () => {
  it('compiles without any diagnostic, so each diagnostic test sees only its own mistake', () => {
    const { graph, diagnostics } = compileText(PRELUDE);
    expect(diagnostics).toEqual([]);
    expect(graph).not.toBeNull();
  });
});
