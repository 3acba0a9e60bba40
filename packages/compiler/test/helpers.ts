import type { Diagnostic, RuleGraph } from '@houserules/schema';
import { expect } from 'vitest';
import { compileSource } from '../src/index.ts';

/** A small scenario that compiles cleanly; tests append the construct they probe. */
export const PRELUDE = `module t
token gem, coin
pool bank { gem: unlimited, coin: 5 }
per player {
  pool purse { gem }
  var ready: bool = false
  var plan: stay | go = stay
  zone hand: owner
}
card chip { worth: number, pool stash { gem } }
zone deck: hidden { 2 of chip(1), chip(worth: 3) }
event found(n: number)
flow {
  rounds 2 {
    step tick
  }
}
rule start on tick {
  emit found(1)
}
rule take on found(n) {
  for p in players {
    move n gem from bank to p.purse
  }
}
end done when all(p in players: p.ready or p.plan == go or size(p.hand) > 0)
invariant banked: bank.coin >= 0 and sum(c in deck: c.stash.gem) >= 0
`;

export function compileText(source: string, variant?: string): { graph: RuleGraph | null; diagnostics: Diagnostic[] } {
  const result = compileSource(source, variant === undefined ? { file: 'test.rules' } : { file: 'test.rules', variant });
  return { graph: result.value, diagnostics: result.diagnostics };
}

export function errorsOf(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === 'error');
}

/**
 * Compiles PRELUDE + `snippet` and expects a diagnostic `code` whose range
 * covers exactly `text` (the offending words as the author wrote them).
 */
export function expectDiagnostic(snippet: string, code: string, at: { text: string }, options: { prelude?: string; variant?: string } = {}): Diagnostic {
  const source = (options.prelude ?? PRELUDE) + snippet;
  const { diagnostics } = compileText(source, options.variant);
  const found = diagnostics.filter((d) => d.code === code);
  expect(found.map((d) => d.code), `expected ${code}; got ${JSON.stringify(diagnostics.map((d) => [d.code, d.message]))}`).toContain(code);
  const covered = found.map((d) => (d.range ? source.slice(d.range.start.offset, d.range.end.offset) : null));
  expect(covered).toContain(at.text);
  return found[covered.indexOf(at.text)]!;
}
