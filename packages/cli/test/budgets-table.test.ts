// docs/safety.md documents every budget in one table; the table names each
// constant and its value, and must say what the code does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as graphBudgets from '@houserules/schema';
import { DIAGNOSTIC_CODES } from '@houserules/schema';
import { MAX_NESTING, MAX_SOURCE_BYTES } from '@houserules/syntax';
import { MAX_RUN_GAMES, MAX_SHARDS } from '@houserules/simulation';
import { MAX_BALANCE_PLAYS } from '@houserules/diff';
import * as compilerBudgets from '../../compiler/src/budgets.ts';
import * as runBudgets from '../../engine/src/run/run-budgets.ts';
import * as searchBudgets from '../../engine/src/search/search-budgets.ts';
import * as cliBudgets from '../src/cli-budgets.ts';
import * as lspBudgets from '../../language-service/src/lsp/budgets.ts';
import { repoRoot } from './run-cli.ts';

const graph = Object.fromEntries(Object.entries(graphBudgets).filter(([name, v]) => /^(MAX|MIN)_/.test(name) && typeof v === 'number'));
const CONSTANTS: Record<string, number> = { MAX_SOURCE_BYTES, MAX_NESTING, ...compilerBudgets, ...graph, ...runBudgets, ...searchBudgets, ...cliBudgets, ...lspBudgets, MAX_SHARDS, MAX_RUN_GAMES, MAX_BALANCE_PLAYS } as Record<string, number>;

/** The rows of the table under "## Budgets": cells split on unescaped `|`. */
function rows(): string[][] {
  const text = readFileSync(join(repoRoot, 'docs/safety.md'), 'utf8');
  const section = text.slice(text.indexOf('## Budgets'), text.indexOf('\n## ', text.indexOf('## Budgets') + 1));
  return section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| budget'))
    .map((l) => l.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim()));
}

describe('the budgets table in docs/safety.md', () => {
  it('lists every budget constant once, with its value', () => {
    const documented = new Map(rows().map((cells) => [cells[4]!.replace(/`/g, ''), cells[1]!]));
    expect([...documented.keys()].sort()).toEqual(Object.keys(CONSTANTS).sort());
    for (const [name, value] of Object.entries(CONSTANTS)) expect(Number(documented.get(name)!.replace(/,/g, '')), name).toBe(value);
  });

  it('names only registered diagnostic codes', () => {
    for (const cells of rows()) for (const [, code] of cells[2]!.matchAll(/`([a-z]+\/[a-z-]+)`/g)) expect(Object.keys(DIAGNOSTIC_CODES), code).toContain(code);
  });
});
