import type { Result } from '@houserules/schema';
import { parse as parseText, type RulesFile } from '@houserules/syntax';
import type { ParseFn } from './module-loader.ts';

/**
 * Parse results kept between compilations, for editors: after an edit,
 * recompiling re-parses only the files whose text changed. An entry is keyed by
 * file path and used only for the identical text. Results are shared between
 * compilations (the compiler never mutates an AST); treat them as read-only.
 */
export interface ParseCache {
  /** Pass as `compile(host, entry, { parse: cache.parse })`. */
  readonly parse: ParseFn;
  /** Files parsed (not served from the cache) since the cache was made. */
  readonly parsed: number;
  clear(): void;
}

export function createParseCache(parse: ParseFn = parseText): ParseCache {
  const entries = new Map<string, { text: string; result: Result<RulesFile> }>();
  let parsed = 0;
  return {
    parse: (text, file) => {
      const hit = entries.get(file);
      if (hit !== undefined && hit.text === text) return hit.result;
      parsed++;
      const result = parse(text, file);
      entries.set(file, { text, result });
      return result;
    },
    get parsed() {
      return parsed;
    },
    clear: () => entries.clear(),
  };
}
