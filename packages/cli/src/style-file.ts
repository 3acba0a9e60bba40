import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { printable } from '@houserules/schema';
import { mergeStyles, styleProblems, type BoardStyle } from '@houserules/render';
import type { RuleGraph } from '@houserules/schema';
import { MAX_STYLE_EXTENDS, MAX_STYLE_FILE } from './cli-budgets.ts';
import type { NodeModuleHost } from './node-module-host.ts';
import { projectRelative } from './project-paths.ts';

export type StyleRead = { ok: true; style: BoardStyle; file: string | null } | { ok: false; message: string };

/**
 * A board style (`style.json`, see @houserules/render) read as untrusted
 * input: only inside the project (the host's boundary, symlinks resolved),
 * at most `MAX_STYLE_FILE` bytes, JSON whose every entry has the shape a style
 * has (`styleProblems`), and each `extends` (a path relative to the file)
 * read the same way, at most `MAX_STYLE_EXTENDS` deep and never in a loop.
 * What is wrong is one message naming the file (`cli/malformed-style`).
 */
export function readStyleFile(host: NodeModuleHost, path: string, seen: string[] = []): StyleRead {
  const shown = printable(projectRelative(host.projectRoot, path));
  const refusal = host.refuse(path);
  if (refusal !== undefined) return { ok: false, message: `${shown}: ${refusal.message}` };
  if (seen.includes(resolve(path))) return { ok: false, message: `${shown} extends itself (through ${seen.map((f) => printable(projectRelative(host.projectRoot, f))).join(' → ')})` };
  let text: string;
  try {
    const size = statSync(path).size;
    if (size > MAX_STYLE_FILE) return { ok: false, message: `${shown} holds ${size} bytes, more than the ${MAX_STYLE_FILE} a style may hold` };
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { ok: false, message: `cannot read ${shown}: ${(error as NodeJS.ErrnoException).code ?? 'error'}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: `${shown} is not JSON` };
  }
  const problems = styleProblems(value);
  if (problems.length > 0) return { ok: false, message: `${shown}: ${problems.slice(0, 5).map(printable).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}` };
  const own = value as BoardStyle;
  if (own.extends === undefined) return { ok: true, style: own, file: path };
  if (seen.length >= MAX_STYLE_EXTENDS) return { ok: false, message: `${shown}: styles extend each other more than ${MAX_STYLE_EXTENDS} deep` };
  const base = readStyleFile(host, resolve(dirname(path), own.extends), [...seen, resolve(path)]);
  if (!base.ok) return base;
  return { ok: true, style: mergeStyles(base.style, own), file: path };
}

/**
 * The scenario's own style, as the playground finds it: the `style.json` of
 * the folder of the most derived module that has one; no style when none has.
 */
export function scenarioStyle(host: NodeModuleHost, graph: RuleGraph): StyleRead {
  for (const m of [...graph.scenario.modules].reverse()) {
    const path = join(dirname(resolve(host.projectRoot, m.file)), 'style.json');
    let exists = false;
    try {
      exists = statSync(path).isFile();
    } catch {
      exists = false;
    }
    if (exists) return readStyleFile(host, path);
  }
  return { ok: true, style: {}, file: null };
}
