import type { TypeDesc } from '@houserules/schema';

/** The checker's types: the graph's, plus `unknown` (after an error: matches anything) and `string`. */
export type Ty = TypeDesc | { t: 'unknown' } | { t: 'string' };

export const NUMBER: Ty = { t: 'number' };
export const BOOL: Ty = { t: 'bool' };
export const PLAYER: Ty = { t: 'player' };
export const UNKNOWN: Ty = { t: 'unknown' };
export const STRING: Ty = { t: 'string' };
export const CARD: Ty = { t: 'card' };
export const TOKEN: Ty = { t: 'token' };

export type SiteKind = 'hex' | 'corner' | 'edge';
export const SITE_KINDS: readonly SiteKind[] = ['hex', 'corner', 'edge'];

export function siteOf(site: SiteKind): Ty {
  return { t: 'site', site };
}

export function listOf(of: Ty): Ty {
  return { t: 'list', of: toTypeDesc(of) };
}

/** The element type of a collection, or undefined when `ty` is not one. */
export function elementType(ty: Ty): Ty | undefined {
  if (ty.t === 'unknown') return UNKNOWN;
  if (ty.t === 'list') return ty.of;
  return undefined;
}

/** For the graph: `unknown` and `string` only appear after errors; they become numbers there. */
export function toTypeDesc(ty: Ty): TypeDesc {
  if (ty.t === 'unknown' || ty.t === 'string') return { t: 'number' };
  if (ty.t === 'list') return { t: 'list', of: toTypeDesc(ty.of) };
  return ty;
}

/** Whether a value of type `actual` may stand where `expected` is wanted. */
export function assignable(actual: Ty, expected: Ty): boolean {
  if (actual.t === 'unknown' || expected.t === 'unknown') return true;
  switch (expected.t) {
    case 'enum':
      return actual.t === 'enum' && actual.values.every((v) => expected.values.includes(v));
    case 'card':
      return actual.t === 'card' && (expected.kind === undefined || actual.kind === undefined || actual.kind === expected.kind);
    case 'site':
      return actual.t === 'site' && actual.site === expected.site;
    case 'list':
      return actual.t === 'list' && assignable(actual.of, expected.of);
    case 'token':
      // a token of no known group (a literal checked where it was written, a plain `token`) fits any group
      return actual.t === 'token' && (expected.group === undefined || actual.group === undefined || actual.group === expected.group);
    default:
      return actual.t === expected.t;
  }
}

/** Whether two values can be compared with `==`. */
export function comparable(a: Ty, b: Ty): boolean {
  if (a.t === 'enum' && b.t === 'enum') return a.values.some((v) => b.values.includes(v));
  return assignable(a, b) || assignable(b, a);
}

/**
 * An enum member as the author writes it: a site's piece enum lists piece ids
 * (`piece:robber`), shown by their name (`robber`).
 */
export function memberWord(member: string): string {
  return member.slice(member.indexOf(':') + 1);
}

export function describeType(ty: Ty): string {
  switch (ty.t) {
    case 'enum': return ty.values.map(memberWord).join(' | ');
    case 'card': return ty.kind ? ty.kind.replace(/^card:/, '') : 'card';
    case 'site': return ty.site;
    case 'list': return `list of ${describeType(ty.of)}`;
    case 'token': return ty.group ? ty.group.replace(/^group:/, '') : 'token';
    default: return ty.t;
  }
}
