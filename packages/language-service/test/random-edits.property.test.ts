/// <reference types="vite/client" />
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLanguageService, internalErrorCount } from '../src/index.ts';
import { uriOf } from '../src/testing/index.ts';

// Whatever scenarios exist (others add theirs as they land): every `.rules` file under scenarios/.
const scenarios = import.meta.glob('../../../scenarios/**/*.rules', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const files = Object.fromEntries(Object.entries(scenarios).map(([path, text]) => [path.replace(/^(\.\.\/)+/, '/'), text]));
const paths = Object.keys(files).sort();

/** What a person types or deletes: words of the language, brackets, dots, line breaks, a character of the file. */
const insertion = fc.oneof(
  fc.constantFrom('{', '}', '(', ')', '[', ']', '.', ',', ':', '=', '==', '|', '"', '/*', '//', '\n', ' ', 'rule ', 'on ', 'when ', 'move 1 ', 'let x = ', 'override ', 'end ', 'test "t" {', 'p.', '$missing', '0d'),
  fc.string({ minLength: 1, maxLength: 4 }),
);

const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  kind: fc.constantFrom('insert', 'delete'),
  text: insertion,
  length: fc.integer({ min: 1, max: 40 }),
});

describe('random edits of the scenarios', () => {
  it('never make a request fail, and no message names a parser placeholder', () => {
    const before = internalErrorCount();
    const service = createLanguageService();
    service.addFiles(Object.fromEntries(paths.map((p) => [uriOf(p), files[p]!])));
    let version = 1;
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.array(edit, { minLength: 1, maxLength: 4 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 3 }), (path, edits, cursors) => {
        const uri = uriOf(path);
        let text = files[path]!;
        for (const e of edits) {
          const at = Math.floor(e.at * text.length);
          text = e.kind === 'insert' ? text.slice(0, at) + e.text + text.slice(at) : text.slice(0, at) + text.slice(at + e.length);
        }
        service.open(uri, text, ++version);
        const diagnostics = service.diagnostics(uri);
        expect(diagnostics.map((d) => d.message).join('\n')).not.toContain('$missing');
        const lines = text.split('\n');
        for (const c of cursors) {
          const line = Math.floor(c * lines.length);
          const position = { line, character: Math.floor(c * ((lines[line]?.length ?? 0) + 1)) };
          const completion = service.completion(uri, position);
          for (const item of completion.items.slice(0, 3)) service.resolveCompletion(item);
          service.hover(uri, position);
          service.definition(uri, position);
          service.references(uri, position);
          service.prepareRename(uri, position);
          service.rename(uri, position, 'renamed_here');
          service.documentHighlights(uri, position);
          service.signatureHelp(uri, position);
          service.codeActions(uri, { start: position, end: position });
        }
        service.documentSymbols(uri);
        service.foldingRanges(uri);
        service.semanticTokens(uri);
        service.formatting(uri);
        service.codeLenses(uri);
        service.close(uri);
        expect(internalErrorCount()).toBe(before);
      }),
      // bounded: a fixed number of runs, and a time budget on a slow machine
      { numRuns: 60, seed: 20261201, interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false },
    );
  }, 120_000);
});
