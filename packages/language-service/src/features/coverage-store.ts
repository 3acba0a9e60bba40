/**
 * The last coverage run the editor knows of: for each rule (by name, per
 * scenario module file), how many tests fired it. The code lens on a rule reads
 * it; running tests (the server's `houserules.runTests` command, or the
 * playground's own runner) writes it.
 */
export interface RuleFirings {
  /** the scenario module's file whose tests ran */
  scenario: string;
  /** rule name → number of tests that fired it */
  rules: Record<string, number>;
  /** how many tests ran */
  tests: number;
}

export class CoverageStore {
  private readonly byScenario = new Map<string, RuleFirings>();

  set(runs: readonly RuleFirings[]): void {
    for (const r of runs) this.byScenario.set(r.scenario, r);
  }

  clear(): void {
    this.byScenario.clear();
  }

  /** The runs that cover a module loaded from `files` (the scenarios whose tests fired rules declared there). */
  forFiles(files: Iterable<string>): RuleFirings[] {
    const wanted = new Set(files);
    return [...this.byScenario.values()].filter((r) => wanted.has(r.scenario));
  }

  all(): RuleFirings[] {
    return [...this.byScenario.values()];
  }
}
