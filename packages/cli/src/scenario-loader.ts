import { check, compile, type ModuleHost } from '@houserules/compiler';
import type { Diagnostic, DiagnosticCode, RuleGraph } from '@houserules/schema';
import { hasErrors } from './diagnostic-output.ts';
import type { NodeModuleHost } from './node-module-host.ts';
import { locateScenario, type ScenarioLocation } from './scenario-location.ts';

export type { ScenarioLocation } from './scenario-location.ts';

export type LoadedScenario =
  | { ok: true; file: string; graph: RuleGraph | null; diagnostics: Diagnostic[]; host: NodeModuleHost }
  | { ok: false; message: string; code: DiagnosticCode };

/**
 * Finds and compiles a scenario. A wrong path or an unknown variant is a
 * command-line mistake (ok: false → exit 2); errors in the rules are
 * diagnostics (graph null → exit 1). A path outside `root` is refused before
 * anything is opened (a replayed log names its scenario: untrusted).
 */
export function loadScenario(cwd: string, given: string, variant: string | undefined, where: ScenarioLocation = {}): LoadedScenario {
  const located = locateScenario(cwd, given, where);
  if (!located.ok) return located;
  return compileScenario(located.host, located.file, given, variant);
}

/**
 * Compiles a located scenario: with a variant, every variant is checked first
 * (an unknown one is a command-line mistake). The compiler reads through
 * `reads` (by default `host` itself; the compile cache passes a host that
 * records what was asked), `host` is the one the result keeps for code frames.
 */
export function compileScenario(host: NodeModuleHost, file: string, given: string, variant: string | undefined, reads: ModuleHost = host): LoadedScenario {
  if (variant !== undefined) {
    const checked = check(reads, file);
    if (hasErrors(checked.diagnostics)) {
      return { ok: true, file, graph: null, diagnostics: checked.diagnostics, host };
    }
    const variants = checked.value?.variants ?? [];
    if (!variants.includes(variant)) {
      const known = variants.length > 0 ? variants.join(', ') : '(none)';
      return { ok: false, message: `unknown variant "${variant}"; ${given} declares: ${known}`, code: 'resolve/unknown-variant' };
    }
  }
  const compiled = compile(reads, file, variant !== undefined ? { variant } : {});
  return { ok: true, file, graph: compiled.value, diagnostics: compiled.diagnostics, host };
}
