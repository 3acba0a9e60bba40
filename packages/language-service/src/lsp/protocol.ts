/**
 * What the Houserules server adds to LSP: notifications and commands the
 * playground and the editor clients use (documented in the package README).
 */

/** Client → server: files the open documents may load (the page's scenario gallery), by URI. */
export const HOUSERULES_SET_FILES = 'houserules/setFiles';

export interface SetFilesParams {
  files: Record<string, string>;
  /** default true: rename refuses to edit them */
  readOnly?: boolean;
}

/** Client → server: a coverage run made elsewhere (the playground's own runner): what the rules' code lenses show. */
export const HOUSERULES_SET_COVERAGE = 'houserules/setCoverage';

export interface SetCoverageParams {
  /** per scenario module (by URI): rule name → number of tests that fired it, and how many tests ran */
  runs: { scenario: string; rules: Record<string, number>; tests: number }[];
}

/** Server → client, after `houserules.runTest`/`houserules.runTests`: every test's outcome. */
export const HOUSERULES_TEST_RESULTS = 'houserules/testResults';

export interface TestResultsParams {
  uri: string;
  passed: number;
  failed: number;
  broken: number;
  tests: { file: string; name: string; status: 'passed' | 'failed'; failure?: { code: string; message: string } }[];
}
