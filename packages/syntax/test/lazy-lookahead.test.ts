import type { CstNode, IToken } from 'chevrotain';
import { describe, expect, it } from 'vitest';
import { lex } from '../src/lexer.ts';
import { splitChunks } from '../src/parse.ts';
import { createRulesParser, rulesParser, type RulesParser } from '../src/parser.ts';

import ALL from './fixtures/all-constructs.rules?raw';

const scenarios = import.meta.glob('../../../scenarios/**/*.rules', { query: '?raw', import: 'default', eager: true });

/** a CST as text: each node's name and labelled children, each token by its offset and image */
function shape(node: unknown): string {
  if (Array.isArray(node)) return `[${node.map(shape).join(' ')}]`;
  if (typeof node !== 'object' || node === null) return String(node);
  if ('image' in node) return `${(node as IToken).startOffset}:${(node as IToken).image}`;
  const { name, children } = node as CstNode;
  const parts = Object.keys(children ?? {}).sort().map((k) => `${k}${shape(children[k])}`);
  return `${String(name)}(${parts.join(' ')})`;
}

/** each chunk's CST and recognition errors, as `parser` reads them */
function readAll(parser: RulesParser, text: string): string[] {
  const tokens = lex(text).tokens;
  return splitChunks(tokens).map((chunk) => {
    parser.input = tokens.slice(chunk.start, chunk.end);
    const cst = shape(parser.chunk());
    return `${cst} ${parser.errors.map((e) => `${e.name}@${e.token.startOffset}: ${e.message}`).join('; ')}`;
  });
}

describe('the grammar and its lazily built lookahead', () => {
  it('passes chevrotain’s grammar checks (ambiguity, left recursion, empty alternatives)', () => {
    // the parser every command uses skips these checks at start-up; a defect in the grammar throws here
    expect(() => createRulesParser({ validate: true, lazy: true })).not.toThrow();
    expect(() => createRulesParser({ validate: true, lazy: false })).not.toThrow();
  });

  it('reads every shipped scenario, the constructs fixture and broken text as an eagerly built parser does', () => {
    const eager = createRulesParser({ validate: false, lazy: false });
    const texts = [...Object.values(scenarios), ALL];
    expect(texts.length).toBeGreaterThan(10);
    // the comparison sees the trees: every token of the fixture is in them
    expect(readAll(rulesParser(), ALL).join(' ').length).toBeGreaterThan(ALL.length / 2);
    // recovery paths too: the fixture cut short, and with a stray token in its middle
    const broken = [ALL.slice(0, Math.floor(ALL.length / 2)), `${ALL.slice(0, Math.floor(ALL.length / 3))} ) ${ALL.slice(Math.floor(ALL.length / 3))}`];
    for (const text of [...texts, ...broken]) expect(readAll(rulesParser(), text)).toEqual(readAll(eager, text));
  });
});
