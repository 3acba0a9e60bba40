import type { SuiteResult } from './results.ts';

/** Scenarios whose rule coverage is under the threshold of their conformance.json, as messages. */
export function coverageShortfalls(r: SuiteResult): string[] {
  return r.coverage
    .filter((c) => c.threshold !== null && c.percent < c.threshold)
    .map((c) => `rule coverage of ${c.title} is ${c.percent}%, under its threshold of ${c.threshold}%`);
}
