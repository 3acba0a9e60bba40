import type { ModuleHost } from '@houserules/compiler';
import type { ExpectCandidate } from './lockstep.ts';
import type { Witness } from './witness-search.ts';
import { runModule, testBlock, type ModuleRun, type WitnessTarget } from './witness-test.ts';
import { isolationBlock, ISOLATED_VARIANT } from './isolate-difference.ts';

/** the most candidate lines run for one witness (each is one test of a module compiled once per side) */
export const VERIFY_CANDIDATES = 12;

/**
 * Where a witness is run before it is reported (docs/diff.md, "The witness is
 * a test"): a module at `path` (beside the first scenario, so its `extends`
 * resolves) extending each side as `a` and `b` say, through `host`.
 */
export interface WitnessVerifier {
  host: ModuleHost;
  path: string;
  a: WitnessTarget;
  b: WitnessTarget;
  /** false: the tests run on the engine's closures only, never generated code (a page under a strict CSP); default true */
  codegen?: boolean;
}

/** An isolated witness's sides: `plus` the first against the first with these declarations; `minus` the first with them against the second. */
export interface IsolatedSides {
  direction: 'plus' | 'minus';
  declarations: string;
}

export type Verification = { expect: string; detail: string; failureOnB: string | null } | { problem: string };

/**
 * Runs the witness with the conformance runner on both sides, once per
 * candidate line (the ways the two games differ after its moves, what a player
 * sees first), and keeps the first line that holds on the first side and
 * fails on the second. `isolated`: the declarations that take the difference
 * from the second scenario into a module extending the first — the second side
 * is then that module. None holds: a problem, and the witness is not reported.
 */
export function verifyWitness(w: Pick<Witness, 'players' | 'seed' | 'moves' | 'arrange' | 'options'>, candidates: readonly ExpectCandidate[], v: WitnessVerifier, isolated: IsolatedSides | null = null): Verification {
  const tried = dedupe(candidates).slice(0, VERIFY_CANDIDATES);
  if (tried.length === 0) return { problem: 'no test line tells the two games apart' };
  // plus: the first, against the first with the difference taken; minus: the first with every other taken (the second without it), against the second
  // the isolated side is a variant of a module extending the first (its declarations apply to the first alone, not after a variant the first's file declares)
  const sideOf = (isolatedHere: boolean, t: WitnessTarget, options: WitnessTarget['options']): { extendsRef: string; target: WitnessTarget; before: string } =>
    isolatedHere ? { extendsRef: v.a.extends, target: { ...v.a, variant: ISOLATED_VARIANT, options }, before: `${isolationBlock(isolated!.declarations)}\n` } : { extendsRef: t.extends, target: t, before: '' };
  const sides = [sideOf(isolated?.direction === 'minus', v.a, v.b.options), sideOf(isolated?.direction === 'plus', v.b, v.a.options)] as const;
  /** a side's module with one test per line given */
  const module = (side: (typeof sides)[number], lines: readonly ExpectCandidate[]): string =>
    [`module houserules_diff_verify extends "${side.extendsRef.replace(/[\\"]/g, (c) => `\\${c}`)}"`, '', side.before, ...lines.flatMap((c, i) => testBlock(`candidate ${i + 1}`, w, side.target, [c.line]))].join('\n');
  const onA = runModule(v.host, v.path, module(sides[0], tried), undefined, v.codegen);
  const onB = 'broken' in onA ? onA : runModule(v.host, v.path, module(sides[1], tried), undefined, v.codegen);
  if ('broken' in onA || 'broken' in onB) {
    // a line that names what one side lacks (`expect game over by E`, E only in the first) does not compile there:
    // each line alone, so the others are still tried
    const one = (side: (typeof sides)[number], c: ExpectCandidate): ModuleRun | null => {
      const r = runModule(v.host, v.path, module(side, [c]), undefined, v.codegen);
      return 'broken' in r ? null : (r[0] ?? null);
    };
    for (const c of tried) {
      if (one(sides[0], c)?.status !== 'passed') continue;
      const b = one(sides[1], c);
      if (b?.status === 'failed') return { expect: c.line, detail: c.detail, failureOnB: b.code };
    }
    const broken = 'broken' in onA ? onA.broken : (onB as { broken: string }).broken;
    return { problem: `the witness does not compile on the ${'broken' in onA ? 'first' : 'second'} side: ${broken}` };
  }
  const byName = (runs: typeof onA, i: number) => runs.find((r) => r.name === `candidate ${i + 1}`);
  for (let i = 0; i < tried.length; i++) {
    const a = byName(onA, i);
    const b = byName(onB, i);
    if (a?.status === 'passed' && b?.status === 'failed') return { expect: tried[i]!.line, detail: tried[i]!.detail, failureOnB: b.code };
  }
  const a0 = byName(onA, 0);
  const why = a0?.status !== 'passed' ? `on the first side: ${a0?.message ?? 'not run'}` : 'each passes on the second side too';
  return { problem: `none of ${tried.length} test line${tried.length === 1 ? '' : 's'} holds on the first side and fails on the second (${why})` };
}

function dedupe(cs: readonly ExpectCandidate[]): ExpectCandidate[] {
  const seen = new Set<string>();
  return cs.filter((c) => !seen.has(c.line) && (seen.add(c.line), true));
}
