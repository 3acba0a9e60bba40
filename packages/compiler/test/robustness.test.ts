import { describe, expect, it } from 'vitest';
import type { Result } from '@houserules/schema';
import type { RulesFile } from '@houserules/syntax';
import { compile, compileSource, createMemoryHost } from '../src/index.ts';
import SOURCE from '../../../scenarios/diamant/diamant.rules?raw';

function internalErrors(text: string): string[] {
  return compileSource(text, { file: 'cut.rules' }).diagnostics.filter((d) => d.code === 'compiler/internal-error').map((d) => d.message);
}

describe('the compiler never fails on partial input', () => {
  it('compiles every prefix of diamant.rules (cut every 37 characters) without an internal error', () => {
    for (let end = 0; end < SOURCE.length; end += 37) {
      expect(internalErrors(SOURCE.slice(0, end)), `cut at ${end}`).toEqual([]);
    }
  });

  it('survives lines deleted from the middle of diamant.rules', () => {
    const lines = SOURCE.split('\n');
    for (let i = 0; i < lines.length; i += 3) {
      const text = [...lines.slice(0, i), ...lines.slice(i + 2)].join('\n');
      expect(internalErrors(text), `without lines ${i + 1}-${i + 2}`).toEqual([]);
    }
  });

  it('survives words deleted, swapped or duplicated at random (seeded) in diamant.rules', () => {
    const words = SOURCE.split(/(\s+)/);
    let state = 12345;
    const next = (n: number): number => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    for (let round = 0; round < 150; round++) {
      const copy = [...words];
      for (let k = 0; k < 3; k++) {
        const i = next(copy.length);
        const j = next(copy.length);
        const op = next(3);
        if (op === 0) copy.splice(i, 1);
        else if (op === 1) [copy[i], copy[j]] = [copy[j]!, copy[i]!];
        else copy.splice(i, 0, copy[j]!);
      }
      expect(internalErrors(copy.join('')), `round ${round}`).toEqual([]);
    }
  });

  it('survives an AST with missing fields, as parser recovery may produce', () => {
    const range = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 1, line: 1, column: 2 } };
    const partial = {
      $type: 'RulesFile', range,
      items: [
        { $type: 'RuleDecl', range, name: { $type: 'Identifier', name: 'r', range }, body: [{ $type: 'MoveTokensStmt', range }, { $type: 'SetStmt', range }] },
        { $type: 'VarDecl', range, name: { $type: 'Identifier', name: 'v', range } },
        { $type: 'FlowDecl', range, items: [{ $type: 'RoundsFlow', range }, { $type: 'ActionsFlow', range }] },
        { $type: 'PerPlayerBlock', range },
        { $type: 'ZoneDecl', range, name: { $type: 'Identifier', name: 'z', range }, contents: [{ $type: 'CardSpec', range }] },
        { $type: 'OverrideDecl', range },
        { $type: 'AskStmt', range },
      ],
    } as unknown as RulesFile;
    const parse = (): Result<RulesFile> => ({ value: partial, diagnostics: [] });
    const result = compile(createMemoryHost({ 'm.rules': '' }), 'm.rules', { parse });
    expect(result.diagnostics.filter((d) => d.code === 'compiler/internal-error')).toEqual([]);
  });
});
