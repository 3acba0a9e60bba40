import { stringifyJson } from '@houserules/schema';
import { suiteOk, type SuiteResult } from '../results.ts';

/** The whole result as JSON: { ok, passed, failed, brokenFiles, files, coverage }. */
export function reportJson(r: SuiteResult): string {
  return stringifyJson({ ok: suiteOk(r), ...r }, 2) + '\n';
}
