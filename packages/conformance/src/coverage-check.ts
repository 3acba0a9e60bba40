import type { SuiteResult } from './results.ts';

/** Scenarios whose rule coverage is under the threshold of their conformance.json, as messages. */
export function coverageShortfalls(r: SuiteResult): string[] {
  const out: string[] = [];
  for (const c of r.coverage) {
    if (c.threshold !== null && c.percent < c.threshold) out.push(`rule coverage of ${c.title} is ${c.percent}%, under its threshold of ${c.threshold}%`);
    if (c.ownThreshold !== null && c.ownPercent < c.ownThreshold) {
      out.push(`coverage of the rules ${c.module} adds or overrides (${c.title}) is ${c.ownPercent}%, under its threshold of ${c.ownThreshold}%`);
    }
    const threshold = c.sentenceThreshold ?? null;
    if (threshold !== null) {
      const s = c.sentences;
      if (s === null) out.push(`the rulebook of ${c.title} could not be read, so none of its sentences is checked (threshold ${threshold}%)`);
      else {
        if ((s.percent ?? 100) < threshold) {
          const missing = [...new Set([...s.unimplemented, ...s.untested])];
          out.push(`${s.percent}% of the rulebook sentences of ${c.title} are implemented and tested, under its threshold of ${threshold}%: ${missing.map((m) => `“${m}”`).join(', ')}`);
        }
        if (s.unknownCites.length > 0) out.push(`cites of ${c.title} quote text its rulebook does not hold: ${s.unknownCites.map((m) => `“${m}”`).join(', ')}`);
      }
    }
  }
  return out;
}
