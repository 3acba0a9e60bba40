import { check, compile } from '@houserules/compiler';
import type { Diagnostic, RuleGraph } from '@houserules/schema';
import { hasErrors } from './diagnostic-output.ts';
import { createNodeHost } from './node-module-host.ts';
import { resolveScenarioPath } from './rules-files.ts';

export type LoadedScenario =
  | { ok: true; file: string; graph: RuleGraph | null; diagnostics: Diagnostic[]; host: ReturnType<typeof createNodeHost> }
  | { ok: false; message: string };

/**
 * Finds and compiles a scenario. A wrong path or an unknown variant is a
 * command-line mistake (ok: false → exit 2); errors in the rules are
 * diagnostics (graph null → exit 1).
 */
export function loadScenario(cwd: string, given: string, variant: string | undefined): LoadedScenario {
  const path = resolveScenarioPath(cwd, given);
  if (!path.ok) return path;
  const host = createNodeHost();
  if (host.readFile(path.file) === undefined) return { ok: false, message: `cannot read ${given}` };
  if (variant !== undefined) {
    const checked = check(host, path.file);
    if (hasErrors(checked.diagnostics)) {
      return { ok: true, file: path.file, graph: null, diagnostics: checked.diagnostics, host };
    }
    const variants = checked.value?.variants ?? [];
    if (!variants.includes(variant)) {
      const known = variants.length > 0 ? variants.join(', ') : '(none)';
      return { ok: false, message: `unknown variant "${variant}"; ${given} declares: ${known}` };
    }
  }
  const compiled = compile(host, path.file, variant !== undefined ? { variant } : {});
  return { ok: true, file: path.file, graph: compiled.value, diagnostics: compiled.diagnostics, host };
}
