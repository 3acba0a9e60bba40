import type { SuiteResult } from './results.ts';

/** Scenarios whose rule coverage is under the threshold of their conformance.json, as messages. */
export function coverageShortfalls(r: SuiteResult): string[] {
  const out: string[] = [];
  for (const c of r.coverage) {
    if (c.threshold !== null && c.percent < c.threshold) out.push(`rule coverage of ${c.title} is ${c.percent}%, under its threshold of ${c.threshold}%`);
    if (c.ownThreshold !== null && c.ownPercent < c.ownThreshold) {
      out.push(`coverage of the rules ${c.module} adds or overrides (${c.title}) is ${c.ownPercent}%, under its threshold of ${c.ownThreshold}%`);
    }
  }
  return out;
}
