import { graphShapeProblem, validateRuleGraph } from '@houserules/schema';
import type { Result, RuleGraph } from '@houserules/schema';
import type { LoadedGraph } from './loaded-graph.ts';
import { internalLoadError, loadShapedGraph, type LoadOptions } from './load-graph.ts';

/**
 * Loads any value as a rule graph. A graph is untrusted input (a file someone
 * sent): its shape is bounded before the (recursive) schema validator sees it,
 * its declared sizes are held to the same budgets as the compiler's
 * (checkGraphBudgets), and whatever still goes wrong is a diagnostic: this
 * never throws.
 */
export function loadGraph(input: unknown, loadOptions: LoadOptions = {}): Result<LoadedGraph | null> {
  try {
    const shape = graphShapeProblem(input);
    if (shape !== undefined) return { value: null, diagnostics: [shape] };
    const checked = validateRuleGraph(input);
    if (!checked.value) return { value: null, diagnostics: checked.diagnostics };
  } catch (error) {
    return { value: null, diagnostics: [internalLoadError(error)] };
  }
  // the shape was bounded above: what is left is loadCompiledGraph's, without its shape check again
  return loadShapedGraph(input as RuleGraph, loadOptions);
}
