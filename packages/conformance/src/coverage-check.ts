import type { SuiteResult } from './results.ts';

/** Scenarios whose rule coverage is under the threshold of their conformance.json, as messages. */
export function coverageShortfalls(r: SuiteResult): string[] {
  const out: string[] = [];
  for (const c of r.coverage) {
    if (c.threshold !== null && c.percent < c.threshold) out.push(`rule coverage of ${c.title} is ${c.percent}%, under its threshold of ${c.threshold}%`);
    if (c.ownThreshold !== null && c.ownPercent < c.ownThreshold) {
      out.push(`coverage of the rules ${c.module} adds or overrides (${c.title}) is ${c.ownPercent}%, under its threshold of ${c.ownThreshold}%`);
    }
    if (c.actionThreshold != null && (c.actionPercent ?? 100) < c.actionThreshold) out.push(`${c.actionPercent}% of the actions of ${c.title} are taken by a test, under its threshold of ${c.actionThreshold}%`);
    if (c.constraintThreshold != null && (c.constraintPercent ?? 100) < c.constraintThreshold) out.push(`${c.constraintPercent}% of the constraints of ${c.title} were seen refusing a move in a test, under its threshold of ${c.constraintThreshold}%`);
    // a README that says a sentence is implemented by a name the scenario does not have is wrong, threshold or not
    const unknownNames = c.sentences?.unknownNames ?? [];
    if (unknownNames.length > 0) out.push(`the README of ${c.title} says sentences are implemented by names the scenario does not have: ${unknownNames.map((m) => `\`${m}\``).join(', ')}`);
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
