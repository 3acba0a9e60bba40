import { describe, expect, it } from 'vitest';
import { groupBySentence } from '../src/sentence-groups.ts';
import { sideBySide, wrapWords } from '../src/side-by-side.ts';
import type { NodeChange } from '../src/structural-diff.ts';

const at = (cite?: string): NodeChange['a'] => ({ file: 'a.rules', module: 'm', line: 1, column: 1, ...(cite !== undefined ? { cite } : {}) });
const change = (kind: NodeChange['kind'], name: string, status: NodeChange['status'], a?: string, b?: string, through: NodeChange['through'] = []): NodeChange => ({
  kind,
  name,
  status,
  parts: [],
  through,
  ...(status !== 'added' ? { a: at(a) } : {}),
  ...(status !== 'removed' ? { b: at(b) } : {}),
});

describe('changes grouped by rulebook sentence', () => {
  it('puts two declarations citing one sentence in one group, with each side\'s sentences', () => {
    const groups = groupBySentence([
      change('constraint', 'one_road', 'changed', 'One road and one settlement.', 'Never more than one road.'),
      change('constraint', 'one_settlement', 'changed', 'One road and one settlement.', 'Never more than one settlement.'),
      change('rule', 'produce', 'changed', 'Silver with production.', 'Silver after everyone.'),
    ]);
    expect(groups).toEqual([
      { a: ['One road and one settlement.'], b: ['Never more than one road.', 'Never more than one settlement.'], nodes: [{ kind: 'constraint', name: 'one_road' }, { kind: 'constraint', name: 'one_settlement' }] },
      { a: ['Silver with production.'], b: ['Silver after everyone.'], nodes: [{ kind: 'rule', name: 'produce' }] },
    ]);
  });

  it('joins a sentence met on the other side (an added option citing the sentence a changed rule now cites)', () => {
    const groups = groupBySentence([change('constraint', 'connected', 'changed', 'Three paths.', 'Roads do not block.'), change('option', 'do_not_block', 'added', undefined, 'Roads do not block.')]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.nodes.map((n) => n.name)).toEqual(['connected', 'do_not_block']);
    expect(groups[0]!.b).toEqual(['Roads do not block.']);
  });

  it('puts an option that cites nothing with the sentence of the rules that read it, and what cites nothing else last', () => {
    const groups = groupBySentence([
      change('option', 'sharing', 'changed'),
      change('var', 'scratch', 'changed'),
      change('rule', 'per_card', 'reads-changed', 'Share the leftovers.', 'Share the leftovers.', [{ kind: 'option', name: 'sharing' }]),
    ]);
    expect(groups).toEqual([
      { a: ['Share the leftovers.'], b: ['Share the leftovers.'], nodes: [{ kind: 'option', name: 'sharing' }, { kind: 'rule', name: 'per_card' }] },
      { a: [], b: [], nodes: [{ kind: 'var', name: 'scratch' }] },
    ]);
  });

  it('does not join two sentences through a read value that cites its own', () => {
    const groups = groupBySentence([change('derived', 'threshold', 'changed', 'At least 3.', 'More than 3.'), change('constraint', 'robber_waits', 'reads-changed', 'The robber waits.', 'The robber waits.', [{ kind: 'derived', name: 'threshold' }])]);
    expect(groups).toHaveLength(2);
  });
});

describe('two columns of text', () => {
  it('wraps at word boundaries and cuts a word longer than the column', () => {
    expect(wrapWords('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapWords('abcdefghijkl xy', 5)).toEqual(['abcde', 'fghij', 'kl xy']);
    expect(wrapWords('   ', 5)).toEqual([]);
  });

  it('sets the sides in columns of the width, a missing side said', () => {
    const lines = sideBySide(['left words here'], [], 23, '(none)');
    expect(lines).toEqual(['left words │ (none)', 'here       │']);
    for (const l of sideBySide(['a b c d e f g h i j k l m n o p'], ['q r s t u v w x y z'], 40)) expect(l.length).toBeLessThanOrEqual(40);
  });
});
