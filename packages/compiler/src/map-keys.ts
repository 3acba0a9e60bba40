import type { MapKeys } from '@houserules/schema';
import type { MapType } from '@houserules/syntax';
import type { DeclOf } from './declaration-table.ts';
import type { LoweringContext } from './lowering-context.ts';
import { NUMBER, UNKNOWN, type Ty } from './type-system.ts';

/** The largest number of keys one map may have (a score track of a few hundred spaces fits). */
export const MAX_MAP_KEYS = 10_000;

/** What a map var's keys are: their type, the graph's description, how many. */
export interface MapKeyInfo {
  keyTy: Ty;
  keys: MapKeys;
  count: number;
  /** a number range's bounds (static key checks) */
  range?: { from: number; to: number };
}

/**
 * The keys of `var m: map KEYS of T` (docs/language.md, "Maps"): a number range `A..B`, an enum
 * `a | b | c`, or one token group name (one key per token). Undefined, after a diagnostic, when
 * they are none of these; null when the var is no map.
 */
export function mapKeysOf(cx: LoweringContext, decl: DeclOf<'var'>): MapKeyInfo | null | undefined {
  const type = decl.node.type;
  if (type?.$type !== 'MapType') return null;
  if (cx.mapKeys.has(decl)) return cx.mapKeys.get(decl);
  const info = resolveKeys(cx, decl, type);
  cx.mapKeys.set(decl, info);
  return info;
}

function resolveKeys(cx: LoweringContext, decl: DeclOf<'var'>, type: MapType): MapKeyInfo | undefined {
  const file = decl.origin.file;
  const keys = type.keys;
  if (!keys) return undefined;
  if (keys.$type === 'KeyRange') {
    const count = keys.to - keys.from + 1;
    if (count < 1) {
      cx.sink.error('type/empty-range', `the keys ${keys.from}..${keys.to} run backwards, so \`${decl.name}\` would have none`, file, keys.range,
        `write the smaller number first: \`${Math.min(keys.from, keys.to)}..${Math.max(keys.from, keys.to)}\``);
      return undefined;
    }
    if (count > MAX_MAP_KEYS) {
      cx.sink.error('limit/map-keys', `\`${decl.name}\` would have ${count} keys; a map has at most ${MAX_MAP_KEYS}`, file, keys.range);
      return undefined;
    }
    return { keyTy: NUMBER, keys: { from: keys.from, to: keys.to }, count, range: { from: keys.from, to: keys.to } };
  }
  const names = (keys.names ?? []).map((n) => n.name);
  if (names.length === 1) {
    const group = cx.table.byName.get(names[0]!);
    if (group?.kind === 'group') {
      cx.recorder?.reference(file, keys.names[0]!, { k: 'decl', decl: group }, 'read');
      const members = (group.node.names ?? []).map((n) => `token:${n.name}`);
      return { keyTy: { t: 'token', group: `group:${group.name}` }, keys: { values: members }, count: members.length };
    }
    cx.sink.error('type/map-key', `a map's keys are a number range, an enum or a token group; \`${names[0]}\` is none of these`, file, keys.range,
      'write `map 2..12 of number`, `map bronze | silver | gold of number` or `map resource of number`');
    return undefined;
  }
  const seen = new Set<string>();
  for (const [i, n] of names.entries()) {
    if (seen.has(n)) {
      cx.sink.error('type/map-key', `the key \`${n}\` is listed twice`, file, keys.names[i]!.range);
      return undefined;
    }
    seen.add(n);
  }
  const keyTy: Ty = { t: 'enum', values: names };
  cx.recorder?.enumType(keyTy as Ty & { t: 'enum' }, { $type: 'EnumType', members: keys.names, range: keys.range }, file);
  return { keyTy, keys: { values: names }, count: names.length };
}

/** A map's key type for the enum index (bare enum members), or undefined. */
export function mapKeyType(cx: LoweringContext, decl: DeclOf<'var'>): Ty {
  return mapKeysOf(cx, decl)?.keyTy ?? UNKNOWN;
}
