import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { printable } from '@houserules/schema';
import { mergeStyles, styleProblems, type BoardStyle } from '@houserules/render';
import type { RuleGraph } from '@houserules/schema';
import { MAX_STYLE_EXTENDS, MAX_STYLE_FILE } from './cli-budgets.ts';
import { readInputFile } from './input-file.ts';
import type { NodeModuleHost } from './node-module-host.ts';
import { projectRelative } from './project-paths.ts';

/** A style, or why not: `cli/not-a-regular-file` for a FIFO or a device (exit 2), else `cli/malformed-style` (exit 1). */
export type StyleRead = { ok: true; style: BoardStyle; file: string | null } | { ok: false; message: string; code: 'cli/malformed-style' | 'cli/not-a-regular-file' };

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
  if (refusal !== undefined) return { ok: false, message: `${shown}: ${refusal.message}`, code: refusal.code === 'cli/not-a-regular-file' ? refusal.code : 'cli/malformed-style' };
  const malformed = (message: string): StyleRead => ({ ok: false, message, code: 'cli/malformed-style' });
  if (seen.includes(resolve(path))) return malformed( `${shown} extends itself (through ${seen.map((f) => printable(projectRelative(host.projectRoot, f))).join(' → ')})`);
  // A FIFO or a device is refused by the host above, unopened; the read is bounded by the style budget.
  const read = readInputFile(path, shown, MAX_STYLE_FILE);
  if (!read.ok) return read.reason === 'not-a-regular-file' ? { ok: false, message: read.message, code: 'cli/not-a-regular-file' } : malformed(read.message);
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch {
    return malformed(`${shown} is not JSON`);
  }
  const problems = styleProblems(value);
  if (problems.length > 0) return malformed(`${shown}: ${problems.slice(0, 5).map(printable).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`);
  const own = value as BoardStyle;
  if (own.extends === undefined) return { ok: true, style: own, file: path };
  if (seen.length >= MAX_STYLE_EXTENDS) return malformed(`${shown}: styles extend each other more than ${MAX_STYLE_EXTENDS} deep`);
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
    // Anything there is read as a style (a FIFO named style.json is refused, not skipped; stat does not open it).
    let exists = false;
    try {
      statSync(path);
      exists = true;
    } catch {
      exists = false;
    }
    if (exists) return readStyleFile(host, path);
  }
  return { ok: true, style: {}, file: null };
}
