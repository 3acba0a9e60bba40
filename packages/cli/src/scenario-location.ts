import { resolve } from 'node:path';
import type { DiagnosticCode } from '@houserules/schema';
import { createNodeHost, findProjectRoot, type NodeModuleHost } from './node-module-host.ts';
import { resolveScenarioPath } from './rules-files.ts';

/** A scenario's entry file found and readable, with the host confined to its project; or why not. */
export type LocatedScenario = { ok: true; file: string; host: NodeModuleHost } | { ok: false; message: string; code: DiagnosticCode };

export interface ScenarioLocation {
  /** The project root reads are confined to; by default the scenario's own project. */
  root?: string;
}

/**
 * Finds a scenario's entry file (a .rules file, or a directory x/ holding
 * x/x.rules) and reads it through a host confined to the project. A path
 * outside `root` is refused before anything is opened (a replayed log names
 * its scenario: untrusted). Compiles nothing, and imports no compiler.
 */
export function locateScenario(cwd: string, given: string, where: ScenarioLocation = {}): LocatedScenario {
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
  return { ok: true, file: path.file, host };
}
