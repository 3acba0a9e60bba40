import { walkNodes } from '@houserules/schema';
import type { DiagnosticSink } from './diagnostic-sink.ts';
import type { LoadedModule } from './module-loader.ts';

/**
 * Names JavaScript objects give a meaning of their own. Declared names become
 * keys of objects all the way to the engine and the views (`view.vars[name]`),
 * where `__proto__` would be silently dropped or change an object's
 * prototype, so the language refuses them as names.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Reports every name in the modules that is reserved; whether there was one (the caller then stops). */
export function checkReservedNames(modules: readonly LoadedModule[], sink: DiagnosticSink): boolean {
  let found = false;
  for (const m of modules) {
    walkNodes(m.ast, (node) => {
      if (node['$type'] === 'Identifier' && typeof node['name'] === 'string' && RESERVED_NAMES.has(node['name'])) {
        found = true;
        sink.error('resolve/reserved-name', `\`${node['name']}\` cannot be a name: JavaScript objects reserve it`, m.file,
          node['range'] as Parameters<DiagnosticSink['error']>[3], 'choose another name (`__proto__`, `constructor` and `prototype` are reserved)');
      }
      return undefined;
    }, AST_SKIP_KEYS);
  }
  return found;
}

/** A node's source range is no part of its tree. */
const AST_SKIP_KEYS: ReadonlySet<string> = new Set(['range']);
