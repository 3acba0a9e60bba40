import { suiteOk, type SuiteResult } from '../results.ts';

/** The whole result as JSON: { ok, passed, failed, brokenFiles, files, coverage }. */
export function reportJson(r: SuiteResult): string {
  return JSON.stringify({ ok: suiteOk(r), ...r }, null, 2) + '\n';
}
