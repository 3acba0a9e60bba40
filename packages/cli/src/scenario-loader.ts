import { resolve } from 'node:path';
import { check, compile } from '@houserules/compiler';
import type { Diagnostic, DiagnosticCode, RuleGraph } from '@houserules/schema';
import { hasErrors } from './diagnostic-output.ts';
import { createNodeHost, findProjectRoot, type NodeModuleHost } from './node-module-host.ts';
import { resolveScenarioPath } from './rules-files.ts';

export type LoadedScenario =
  | { ok: true; file: string; graph: RuleGraph | null; diagnostics: Diagnostic[]; host: NodeModuleHost }
  | { ok: false; message: string; code: DiagnosticCode };

export interface ScenarioLocation {
  /** The project root reads are confined to; by default the scenario's own project. */
  root?: string;
}

/**
 * Finds and compiles a scenario. A wrong path or an unknown variant is a
 * command-line mistake (ok: false → exit 2); errors in the rules are
 * diagnostics (graph null → exit 1). A path outside `root` is refused before
 * anything is opened (a replayed log names its scenario: untrusted).
 */
export function loadScenario(cwd: string, given: string, variant: string | undefined, where: ScenarioLocation = {}): LoadedScenario {
  const root = where.root ?? findProjectRoot(resolve(cwd, given), cwd);
  const host = createNodeHost({ root });
  const refusal = host.refuse(resolve(cwd, given));
  if (refusal?.code === 'resolve/outside-project') return { ok: false, message: refusal.message, code: refusal.code };
  const path = resolveScenarioPath(cwd, given);
  if (!path.ok) return { ...path, code: 'cli/cannot-read' };
  const fileRefusal = host.refuse(path.file);
  if (fileRefusal !== undefined) return { ok: false, message: fileRefusal.message, code: fileRefusal.code };
  if (!path.file.endsWith('.rules')) return { ok: false, message: `${given} is not a .rules file`, code: 'module/not-a-rules-file' };
  if (host.readFile(path.file) === undefined) return { ok: false, message: `cannot read ${given}`, code: 'cli/cannot-read' };
  if (variant !== undefined) {
    const checked = check(host, path.file);
    if (hasErrors(checked.diagnostics)) {
      return { ok: true, file: path.file, graph: null, diagnostics: checked.diagnostics, host };
    }
    const variants = checked.value?.variants ?? [];
    if (!variants.includes(variant)) {
      const known = variants.length > 0 ? variants.join(', ') : '(none)';
      return { ok: false, message: `unknown variant "${variant}"; ${given} declares: ${known}`, code: 'resolve/unknown-variant' };
    }
  }
  const compiled = compile(host, path.file, variant !== undefined ? { variant } : {});
  return { ok: true, file: path.file, graph: compiled.value, diagnostics: compiled.diagnostics, host };
}
