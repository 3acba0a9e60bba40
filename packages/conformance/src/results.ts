import type { Diagnostic, Range } from '@houserules/schema';

/** Why a test did not pass, located at the failing step. */
export interface TestFailure {
  /** `test/expectation-failed`, `test/event-missing`, `test/event-unexpected`, `test/move-refused`, `test/move-legal`,
   * `test/wrong-reason`, `test/not-over`, `test/wrong-winners`, `test/wrong-ending`, `test/event-order`, `test/step-budget`, `test/run-error`, `test/setup` */
  code: string;
  message: string;
  file: string;
  range: Range;
  /** the failing step's source text */
  text: string;
  expected?: string;
  actual?: string;
  /** the last log entries before the failure, readable, oldest first */
  events: string[];
}

export interface TestResult {
  id: string;
  name: string;
  file: string;
  /** the line of the `test` keyword */
  line: number;
  /** the root module of the scenario the test runs (graph.scenario.name) */
  scenario: string;
  variant: string | null;
  cite?: string;
  status: 'passed' | 'failed';
  failure?: TestFailure;
  /** firings per rule id in this test's game */
  firings: Record<string, number>;
  /** how often each action (by id) was taken in this test's game */
  actions?: Record<string, number>;
  /** the constraints (by id) seen refusing a move in this test (`expect illegal … because C`, or any refused move) */
  refusals?: Record<string, number>;
  /** steps run (all of them when the test passed) */
  steps: number;
}

/** One test file (a module holding `test` blocks): its compile diagnostics and its tests. */
export interface FileResult {
  file: string;
  /** compile errors make the whole file fail; warnings are kept for display */
  diagnostics: Diagnostic[];
  tests: TestResult[];
}

export interface RuleCoverage {
  id: string;
  name: string;
  cite?: string;
  /** tests in which it fired at least once */
  tests: number;
  /** declared (or overridden) by the scenario module itself, not inherited from a module it extends or imports */
  own: boolean;
}

/** An action taken, or a `forbid`/`require` constraint seen refusing a move, by how many tests. */
export interface NodeCoverage {
  id: string;
  name: string;
  cite?: string;
  tests: number;
  own: boolean;
}

export interface ScenarioCoverage {
  /** the scenario module's file (the module whose `scenario` block the tests run) */
  scenario: string;
  /** the scenario module's name */
  module: string;
  title: string;
  /** active rules over the base scenario and every variant the tests ran, inherited ones included */
  rules: RuleCoverage[];
  /** percentage of rules fired by at least one of this scenario's tests (100 when there are none) */
  percent: number;
  /** the actions, each with the tests that took it */
  actions?: NodeCoverage[];
  /** percentage of actions some test took */
  actionPercent?: number;
  /** the `forbid`/`require` constraints, each with the tests that saw it refuse a move */
  constraints?: NodeCoverage[];
  /** percentage of constraints some test saw refuse a move */
  constraintPercent?: number;
  /** the conformance.json thresholds for those two (`{ "coverage": { "m": { "actions": 100, "constraints": 80 } } }`), if any */
  actionThreshold?: number | null;
  constraintThreshold?: number | null;
  /** the threshold from the scenario's conformance.json, if any */
  threshold: number | null;
  /** the same percentage over the rules the scenario module adds or overrides (`own`) */
  ownPercent: number;
  /** the conformance.json threshold for ownPercent, if any */
  ownThreshold: number | null;
  /** the rulebook's sentences (from the scenario's `source`), null when the source could not be read */
  sentences: SentenceCoverage | null;
  /**
   * the conformance.json threshold for the rulebook: the percentage of its non-flavour sentences
   * that must be implemented and tested (and no cite may quote text the rulebook lacks), if any
   */
  sentenceThreshold?: number | null;
}

export interface SentenceCoverage {
  total: number;
  /** percentage of the non-flavour sentences both implemented (cited or mapped by the README) and tested (100 when there are none) */
  percent?: number;
  /** marked as flavour in the scenario's README table (nothing to implement) */
  flavour: number;
  /** sentences that no graph node cites and the README does not map */
  unimplemented: string[];
  /** non-flavour sentences that no test cites */
  untested: string[];
  /** parts of cite strings (of nodes and tests) that are not in the rulebook: typos or paraphrases */
  unknownCites: string[];
  /** names the README's sentence table says implement a sentence that no rule, action, constraint or other declaration of the scenario has */
  unknownNames?: string[];
}

export interface SuiteResult {
  files: FileResult[];
  coverage: ScenarioCoverage[];
  passed: number;
  failed: number;
  /** files that did not compile */
  brokenFiles: number;
}

export function suiteOk(r: SuiteResult): boolean {
  return r.failed === 0 && r.brokenFiles === 0;
}
