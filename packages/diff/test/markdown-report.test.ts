import { describe, expect, it } from 'vitest';
import { marked, type Token, type Tokens } from 'marked';
import type { GameOutcome } from '@houserules/simulation';
import { formatDiffReport, pairedBalance, searchWitness, structuralDiff, type DiffReport } from '../src/index.ts';
import { BASE, graphOf, read } from './fixtures.ts';

// the second side: a renamed rule, a rule moved before another on its event, a changed deal, a bonus that pays twice
const SECOND = BASE.replace('rule deal on deal {', 'rule deal_coins on deal {')
  .replace('rule bonus on paid(amount) when bonus_rule == doubled {', 'rule bonus on paid(amount) when bonus_rule == doubled before pay_leavers {')
  .replace('option bonus_rule: plain | doubled = plain', 'option bonus_rule: plain | doubled = doubled');

const fa = { '/s/a.rules': BASE };
const fb = { '/s/b.rules': SECOND };
const a = graphOf(fa, '/s/a.rules').graph;
const b = graphOf(fb, '/s/b.rules').graph;
const structural = structuralDiff(a, b, { readA: read(fa), readB: read(fb) });

/** ten two-seat games; the second side's p2 wins one game more, and its game 3 stopped on a run error */
function outcomes(side: number): GameOutcome[] {
  return Array.from({ length: 10 }, (_, index) => {
    const winner = side === 1 && index === 0 ? 1 : index % 2;
    const o: GameOutcome = { index, seed: 100 + index, scores: [index, 10 - index], winners: [winner], rounds: 3, turns: 6, decisions: 9, reason: 'end:bank_empty' };
    return side === 1 && index === 3 ? { ...o, failure: { game: 3, seed: 103, code: 'run/step-budget', message: 'the *loop* ran too long', place: 'in rule `pay`' } } : o;
  });
}

function report(): DiffReport {
  const search = searchWitness({ graph: a, options: {} }, { graph: b, options: {} }, { steerBy: structural, players: 2, budgetSeconds: 600 });
  const d = search.differences.find((x) => x.witness && !x.sameAs)!;
  // shown as an isolated difference: its declaration is printed as code inside its list item
  d.isolation = 'isolated';
  d.isolatedDeclarations = 'override rule deal on deal {\n  set pot = pot + 4\n}';
  return {
    a: { label: 'Luck_first *one*', file: '/s/a.rules' },
    b: { label: 'Luck', file: '/s/b.rules' },
    structural,
    behaviour: { ...search, witnessTest: 'module w extends "./a.rules"\n\ntest "t" {\n  advance\n}\n', check: { passesOnA: true, failsOnB: true, failureOnB: 'test/expectation-failed', problem: null } },
    balance: { ...pairedBalance(outcomes(0), outcomes(1)), agents: ['random'] },
  };
}

const walk = (tokens: Token[], out: Token[] = []): Token[] => {
  for (const t of tokens) {
    out.push(t);
    const kids = (t as { tokens?: Token[] }).tokens;
    if (kids) walk(kids, out);
    if (t.type === 'list') for (const item of (t as Tokens.List).items) walk(item.tokens, out);
  }
  return out;
};

describe('the report as Markdown', () => {
  const text = formatDiffReport(report(), { markdown: true });
  const tokens = marked.lexer(text);
  const all = walk(tokens);

  it('renders each part as the block it is meant to be', () => {
    expect(structural.renamed.length).toBeGreaterThan(0);
    expect(structural.changes.some((c) => c.timing)).toBe(true);
    const headings = tokens.filter((t): t is Tokens.Heading => t.type === 'heading').map((t) => `${t.depth} ${t.text}`);
    expect(headings[0]).toMatch(/^2 Luck/);
    expect(headings).toContain('3 Renamed?');
    expect(headings).toContain('3 Behaviour');
    expect(headings).toContain('3 Balance');
    // a renamed pair is its own list item, not run together with the next line
    const after = (heading: string): Token | undefined => tokens.slice(tokens.findIndex((t) => t.type === 'heading' && t.text === heading) + 1).find((t) => t.type !== 'space');
    const renamed = after('Renamed?') as Tokens.List;
    expect(renamed.type).toBe('list');
    expect(renamed.items).toHaveLength(structural.renamed.length);
    // the source diffs and the witness are fenced code, not bullets
    const codes = all.filter((t): t is Tokens.Code => t.type === 'code');
    expect(codes.filter((c) => c.lang === 'diff').length).toBeGreaterThan(0);
    expect(codes.find((c) => c.lang === 'rules' && c.text.startsWith('module w extends'))).toBeDefined();
    // the isolated declaration is a code block inside its difference's list item
    const behaviourAt = tokens.findIndex((t) => t.type === 'heading' && t.text === 'Behaviour');
    const behaviour = tokens.slice(behaviourAt).find((t) => t.type === 'list') as Tokens.List;
    expect(behaviour.type).toBe('list');
    const nested = walk(behaviour.items.flatMap((i) => i.tokens));
    expect(nested.find((t) => t.type === 'code' && (t as Tokens.Code).text === 'override rule deal on deal {\n  set pot = pot + 4\n}')).toBeDefined();
    // nested lists stay nested: the difference's details, and the rules fired under the step
    const inner = nested.filter((t): t is Tokens.List => t.type === 'list');
    expect(inner.length).toBeGreaterThanOrEqual(2);
    // the balance: a table per part (seats, length, ends) with a row per measure, and the run error as a list item
    const balanceStart = tokens.findIndex((t) => t.type === 'heading' && t.text === 'Balance');
    const tables = tokens.slice(balanceStart).filter((t): t is Tokens.Table => t.type === 'table');
    expect(tables).toHaveLength(3);
    expect(tables[0]!.header).toHaveLength(5);
    expect(marked.parse(text) as string).toMatch(/<th>Luck_first \*one\*<\/th>/);
    expect(tables.map((t) => t.rows.length)).toEqual([4, 3, 1]);
    const balanceAt = tokens.findIndex((t) => t.type === 'heading' && t.text === 'Balance');
    const errors = tokens.slice(balanceAt).find((t) => t.type === 'list') as Tokens.List;
    expect(errors.items).toHaveLength(1);
    expect(walk(errors.items[0]!.tokens).filter((t) => t.type === 'codespan').map((t) => (t as Tokens.Codespan).text)).toContain('run/step-budget');
    expect(walk(errors.items[0]!.tokens).some((t) => t.type === 'em')).toBe(false);
  });

  it('groups the changes by the sentences they cite, each a table of the two sides\' texts above its declarations', () => {
    const structure = tokens.slice(0, tokens.findIndex((t) => t.type === 'heading' && t.text === 'Renamed?'));
    const sentenceTables = structure.filter((t): t is Tokens.Table => t.type === 'table');
    expect(sentenceTables.length).toBeGreaterThan(0);
    for (const t of sentenceTables) {
      expect(t.header.map((h) => h.text)).toEqual(['Luck_first \\*one\\*', 'Luck']);
      expect(t.rows.length).toBeGreaterThan(0);
    }
    // each changed declaration is a heading under its group's table
    const changedHeadings = structure.filter((t): t is Tokens.Heading => t.type === 'heading' && t.depth === 4);
    expect(changedHeadings.length).toBe(structural.changes.filter((c) => c.status === 'changed').length);
  });

  it('shows the scenario\'s words as written: no emphasis from a name, timing in words', () => {
    expect(all.some((t) => t.type === 'em' || t.type === 'strong')).toBe(false);
    const html = marked.parse(text) as string;
    expect(html).toContain('Luck_first *one*');
    expect(html).toMatch(/rule bonus fires after rule pay_leavers on paid in the first, before it in the second/);
    expect(html).not.toMatch(/none \/ none|timing: none/);
  });
});
