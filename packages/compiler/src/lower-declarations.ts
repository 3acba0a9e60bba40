import type {
  BoardCondition,
  BoardInternals,
  BoardPathEnd,
  BoardNode, CardKindNode, DerivedNode, EventNode, Expr as GExpr, OptionNode, PieceNode, PoolNode, Range, TokenGroupNode, TokenNode, Value, VarNode, ZoneNode,
} from '@houserules/schema';
import { BUILTIN_EVENTS } from '@houserules/schema';
import type { BoardItem, CardSpec, HexEntry, Identifier, Param, PathEnd } from '@houserules/syntax';
import { allHexes, hexKey, hexKinds, siteVars } from './board-facts.ts';
import type { DeclOf, Origin } from './declaration-table.ts';
import { constant } from './constant-value.ts';
import type { ExprLowerer } from './lower-expr.ts';
import type { StmtLowerer } from './lower-stmt.ts';
import { declareLocal, idOf, type LoweringContext } from './lowering-context.ts';
import { mapKeysOf } from './map-keys.ts';
import { declaredSupply } from './piece-supply.ts';
import { didYouMean } from './suggest-name.ts';
import { BOOL, NUMBER, PLAYER, UNKNOWN, toTypeDesc, type Ty } from './type-system.ts';

/** The three lowerers of one compilation. */
export interface Lowerers {
  cx: LoweringContext;
  ex: ExprLowerer;
  st: StmtLowerer;
}


export function lowerOption(l: Lowerers, d: DeclOf<'option'>): OptionNode {
  const ty = l.cx.declType(d);
  const override = l.cx.table.optionDefaults.get(d.name);
  const value = override
    ? constant(l, override.value, override.origin, ty, `the default of option \`${d.name}\``)
    : constant(l, d.node.default, d.origin, ty, `the default of option \`${d.name}\``);
  const node: OptionNode = {
    id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range, d.node.cite),
    type: toTypeDesc(ty), default: value ?? defaultOf(ty),
  };
  if (d.node.doc?.value !== undefined) node.doc = d.node.doc.value;
  return node;
}

function defaultOf(ty: Ty): Value {
  if (ty.t === 'bool') return false;
  if (ty.t === 'enum') return ty.values[0] ?? '';
  return 0;
}

export function lowerTokens(l: Lowerers): { tokens: TokenNode[]; groups: TokenGroupNode[] } {
  const tokens: TokenNode[] = [];
  const groups: TokenGroupNode[] = [];
  const groupsOf = new Map<string, string[]>();
  for (const d of l.cx.table.byName.values()) {
    if (d.kind !== 'group') continue;
    const members = (d.node.names ?? []).map((n) => n.name);
    groups.push({ id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range), members: members.map((m) => `token:${m}`) });
    for (const m of members) groupsOf.set(m, [...(groupsOf.get(m) ?? []), idOf(d)]);
  }
  for (const d of l.cx.table.byName.values()) {
    if (d.kind !== 'token') continue;
    tokens.push({ id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range), groups: groupsOf.get(d.name) ?? [] });
  }
  return { tokens, groups };
}

export function lowerPool(l: Lowerers, d: DeclOf<'pool'>): PoolNode {
  const entries: PoolNode['entries'] = [];
  const seen = new Set<string>();
  for (const entry of d.node.entries ?? []) {
    if (!entry?.token) continue;
    const target = l.cx.table.byName.get(entry.token.name);
    if (target?.kind === 'token' || target?.kind === 'group') l.cx.recorder?.reference(d.origin.file, entry.token, { k: 'decl', decl: target }, 'read');
    let names: string[];
    if (target?.kind === 'token') names = [entry.token.name];
    else if (target?.kind === 'group') names = (target.node.names ?? []).map((n) => n.name);
    else {
      const tokens = [...l.cx.table.byName.values()].filter((x) => x.kind === 'token' || x.kind === 'group').map((x) => x.name);
      l.cx.sink.error('resolve/unknown-token', `there is no token \`${entry.token.name}\``, d.origin.file, entry.token.range,
        didYouMean(entry.token.name, tokens) ?? `declare it: \`token ${entry.token.name}\``);
      continue;
    }
    let initial: number | 'unlimited' = 0;
    if (entry.initial === 'unlimited') initial = 'unlimited';
    else if (entry.initial) {
      const v = constant(l, entry.initial, d.origin, NUMBER, `the count of \`${entry.token.name}\``);
      if (typeof v === 'number') initial = v;
    }
    const capacity = entry.capacity ? constant(l, entry.capacity, d.origin, NUMBER, `the capacity of \`${entry.token.name}\``) : undefined;
    for (const name of names) {
      if (seen.has(name)) {
        l.cx.sink.error('resolve/duplicate', `pool \`${d.name}\` lists \`${name}\` twice`, d.origin.file, entry.token.range);
        continue;
      }
      seen.add(name);
      const out: PoolNode['entries'][number] = { token: `token:${name}`, initial };
      if (typeof capacity === 'number') out.capacity = capacity;
      entries.push(out);
    }
  }
  // pools are never per site: the parser keeps only vars in `per hex|corner|edge` blocks
  const scope = d.scope === 'player' || d.scope === 'card' || d.scope === 'hex' || d.scope === 'corner' || d.scope === 'edge' ? d.scope : 'global';
  const node: PoolNode = { id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range), scope, entries };
  if (d.cardKind !== undefined) node.cardKind = `card:${d.cardKind}`;
  if (d.node.secret) {
    if (scope === 'global' || scope === 'player') node.secret = true;
    else secretScopeError(l, d.name, d.origin.file, d.ident.range, scope);
  }
  return node;
}

export function lowerVar(l: Lowerers, d: DeclOf<'var'>): VarNode {
  const ty = l.cx.declType(d);
  const scope = l.cx.scope(d.origin, idOf(d), null, d.scope === 'player' ? { k: 'ctx', name: 'self' } : null);
  const scopeOf: VarNode['scope'] = d.scope === 'player' || d.scope === 'hex' || d.scope === 'corner' || d.scope === 'edge' || d.scope === 'card' ? d.scope : 'global';
  const keys = mapKeysOf(l.cx, d);
  const what = `the initial value of \`${d.name}\``;
  let initial: GExpr;
  let initialByKey: GExpr[] | undefined;
  const given = d.node.initial;
  // a map given one value per key: `= [3, 5, 7, …]` (a list where the values are no lists)
  if (keys && given?.$type === 'ListExpr' && ty.t !== 'list') {
    const items = given.items ?? [];
    if (items.length !== keys.count) {
      l.cx.sink.error('type/map-size', `\`${d.name}\` has ${keys.count} keys, but ${items.length} initial value${items.length === 1 ? ' is' : 's are'} given`, d.origin.file, given.range,
        `give one value for every key, in key order, or one value for all (\`= 0\`)`);
    }
    initialByKey = items.map((item) => l.ex.value(item, scope, ty, what).expr);
    initial = initialByKey[0] ?? { k: 'lit', v: 0 };
  } else {
    initial = l.ex.value(given, scope, ty, what).expr;
  }
  const node: VarNode = { id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range), scope: scopeOf, type: toTypeDesc(ty), initial };
  if (scopeOf === 'card') {
    node.cardKind = `card:${d.cardKind}`;
    // every card starts with the same note: a constant, laid out once per game
    if (initial.k !== 'lit' && initial.k !== 'token') {
      l.cx.sink.error('type/mismatch', `the initial value of \`${d.name}\` on each card must be a constant`, d.origin.file, given?.range ?? d.ident.range, 'write a literal value');
    }
  }
  if (keys) {
    if (scopeOf !== 'global' && scopeOf !== 'player') {
      l.cx.sink.error('type/map-scope', `a map is a global or per-player variable; \`${d.name}\` belongs to each ${scopeOf}`, d.origin.file, d.node.type?.range,
        'declare it globally or inside `per player`, keyed by the sites\' numbers is not there yet');
    } else {
      node.keys = keys.keys;
      if (initialByKey !== undefined && initialByKey.length === keys.count) node.initialByKey = initialByKey;
    }
  }
  if (d.node.secret) {
    if (scopeOf === 'global' || scopeOf === 'player' || scopeOf === 'card') node.secret = true;
    else secretScopeError(l, d.name, d.origin.file, d.ident.range, scopeOf);
  }
  return node;
}

function secretScopeError(l: Lowerers, name: string, file: string, range: Range, scope: string): void {
  l.cx.sink.error('type/secret-scope', `\`${name}\` belongs to each ${scope}, which has no owner to keep it secret from the others`, file, range,
    'a secret var or pool is global (nobody sees it) or per player (its owner sees it)');
}

export function lowerCardKind(l: Lowerers, d: DeclOf<'card'>): CardKindNode {
  const fields = (d.node.fields ?? []).filter((f) => f?.name).map((f) => ({ name: f.name.name, type: toTypeDesc(l.cx.typeFromRef(f.type, d.origin)) }));
  const pools = (d.node.pools ?? []).filter((p) => p?.name).map((p) => `pool:${p.name.name}`);
  return { id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range), fields, pools };
}

export function lowerZone(l: Lowerers, d: DeclOf<'zone'>): ZoneNode {
  const scope = l.cx.scope(d.origin, idOf(d), null);
  if ((d.node.visibility === 'others' || d.node.visibility === 'owner') && d.scope !== 'player') {
    l.cx.sink.error('type/zone-needs-owner', `zone \`${d.name}\` is seen ${d.node.visibility === 'owner' ? 'by its owner only' : 'by everyone but its owner'}, but it belongs to no player`, d.origin.file, d.ident.range,
      'declare it inside `per player { … }`, or make it `public` or `hidden`');
  }
  const contents = (d.node.contents ?? []).filter((c): c is CardSpec => !!c).flatMap((c) => l.st.cardSpecs(c, scope));
  const keys = d.node.keys;
  if (keys !== undefined && d.scope === 'player') {
    l.cx.sink.error('type/zone-family-scope', `zone \`${d.name}\` is a family of zones inside \`per player\`: a family is shared`, d.origin.file, keys.range,
      'declare the family outside `per player` (one zone per key for the whole table)');
  }
  if (keys !== undefined && d.scope !== 'player') {
    return {
      id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range),
      scope: 'keyed', keys: { from: keys.from, to: keys.to }, visibility: d.node.visibility ?? 'public', contents,
    };
  }
  return {
    id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range),
    scope: d.scope === 'player' ? 'player' : 'global', visibility: d.node.visibility ?? 'public', contents,
  };
}

export function lowerPiece(l: Lowerers, d: DeclOf<'piece'>): PieceNode {
  return {
    id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range),
    site: d.node.site ?? 'hex', supply: declaredSupply(l, d), perPlayer: d.node.perPlayer ?? false,
  };
}

export function lowerBoard(l: Lowerers, d: DeclOf<'board'>): BoardNode {
  const layout = d.node.layout;
  const node: BoardNode = {
    id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range),
    layout: layout?.$type === 'HexMap'
      ? { kind: 'map', hexes: (layout.hexes ?? []).map((h) => {
        const hex: { q: number; r: number; kind?: string; value?: number } = { q: h.q, r: h.r };
        if (h.kind) hex.kind = h.kind.name;
        if (h.value !== undefined) hex.value = h.value;
        return hex;
      }) }
      : { kind: 'radius', radius: layout?.radius ?? 0 },
    kinds: null, values: null, frame: null, hexKinds: hexKinds(d), regions: [],
  };
  const boardHexes = allHexes(d);
  const frame = (d.node.items ?? []).find((i) => i?.key === 'frame');
  if (frame) node.frame = { width: Math.max(1, frame.width ?? 1), kind: frame.name?.name ?? '' };
  if (layout?.$type === 'HexMap') {
    const seen = new Map<string, HexEntry>();
    for (const h of layout.hexes ?? []) {
      if (!h) continue;
      const earlier = seen.get(hexKey(h.q, h.r));
      if (earlier) {
        l.cx.sink.error('board/duplicate-hex', `the map of \`${d.name}\` has (${h.q}, ${h.r}) twice`, d.origin.file, h.range, 'a hex is listed once',
          [{ message: 'first listed here', file: d.origin.file, range: earlier.range }]);
      } else seen.set(hexKey(h.q, h.r), h);
    }
  }
  for (const item of d.node.items ?? []) {
    if (!item) continue;
    if (item.key === 'kinds') {
      const values: string[] = [];
      for (const v of item.values ?? []) {
        if (v && v.$type === 'CardSpec') for (let i = 0; i < (v.count ?? 1); i++) values.push(v.kind?.name ?? '');
        else if (v && v.$type === 'NameRef') values.push(v.name?.name ?? '');
      }
      node.kinds = { values, shuffled: item.shuffled ?? false };
    } else if (item.key === 'values') {
      const values: number[] = [];
      for (const v of item.values ?? []) {
        if (v && v.$type !== 'CardSpec') {
          const c = constant(l, v, d.origin, NUMBER, 'a board value');
          if (typeof c === 'number') values.push(c);
        }
      }
      // `except` names hex kinds, or regions of this board (by name: a region wins over a kind spelt the same)
      const regions = new Set((d.node.items ?? []).filter((i) => i?.key === 'region' && i.name).map((i) => i!.name!.name));
      const names = (item.except ?? []).map((e) => e.name);
      node.values = { values, shuffled: item.shuffled ?? false, except: names.filter((n) => !regions.has(n)) };
      const exceptRegions = names.filter((n) => regions.has(n));
      if (exceptRegions.length > 0) node.values.exceptRegions = exceptRegions;
    } else if (item.key === 'region') {
      const hexes: { q: number; r: number }[] = [];
      for (const v of item.values ?? []) {
        if (v && v.$type === 'ListExpr' && v.items.length === 2) {
          const q = constant(l, v.items[0], d.origin, NUMBER, 'a hex coordinate');
          const r = constant(l, v.items[1], d.origin, NUMBER, 'a hex coordinate');
          if (typeof q !== 'number' || typeof r !== 'number') continue;
          if (!boardHexes.has(hexKey(q, r))) {
            l.cx.sink.error('board/unknown-hex', `region \`${item.name?.name ?? ''}\` names (${q}, ${r}), which is not a hex of \`${d.name}\``, d.origin.file, v.range,
              layout?.$type === 'HexMap' ? 'add it to the map, or leave it out of the region' : `a board of radius ${layout?.radius ?? 0}${node.frame ? ` with a frame of ${node.frame.width}` : ''} has no hex there`);
            continue;
          }
          hexes.push({ q, r });
        }
      }
      node.regions.push({ name: item.name?.name ?? '', hexes });
    }
  }
  const internals = lowerInternals(l, d, boardHexes);
  if (internals) node.internals = internals;
  return node;
}

/** A board's `spots` and `paths` items; undefined when it has none (so boards without them lower as before). */
function lowerInternals(l: Lowerers, d: DeclOf<'board'>, boardHexes: Set<string>): BoardInternals | undefined {
  const items = (d.node.items ?? []).filter((i) => i && (i.key === 'spots' || i.key === 'paths'));
  if (items.length === 0) return undefined;
  const internals: BoardInternals = { spots: [], paths: [] };
  const file = d.origin.file;
  const known = (item: BoardItem): boolean => {
    const hex = item.hex;
    if (!hex) return false;
    if (boardHexes.has(hexKey(hex.q, hex.r))) return true;
    l.cx.sink.error('board/unknown-hex', `\`${item.key}\` names (${hex.q}, ${hex.r}), which is not a hex of \`${d.name}\``, file, hex.range,
      'put the spots and paths in a hex of the board');
    return false;
  };
  // Each item's `when` (null: a bad one, already reported; the item is left out).
  const conditions = new Map<BoardItem, BoardCondition | undefined | null>();
  for (const item of items) conditions.set(item, boardCondition(l, d, item));
  // Two items can be on one board unless they are for different values of one option.
  const together = (a: BoardCondition | undefined, b: BoardCondition | undefined): boolean =>
    a === undefined || b === undefined || a.option !== b.option || a.value === b.value;
  // A spot's or path's name is a member of every hex (`h.station`): it must say one thing.
  const hexMembers = new Set(['kind', 'value', 'corners', 'edges', 'neighbours', 'piece', 'owner', ...siteVars(l.cx.table, 'hex').map((v) => v.name)]);
  const siteNames = new Map<string, { kind: 'spot' | 'path'; at: Identifier }>();
  const named = (kind: 'spot' | 'path', name: Identifier): void => {
    const earlier = siteNames.get(name.name);
    if (hexMembers.has(name.name)) {
      l.cx.sink.error('board/ambiguous-site-name', `\`${name.name}\` is already a member of a hex, so \`h.${name.name}\` could not name this ${kind}`, file, name.range,
        `rename the ${kind}`);
    } else if (earlier && earlier.kind !== kind) {
      l.cx.sink.error('board/ambiguous-site-name', `\`${name.name}\` names a ${earlier.kind} and a ${kind} of \`${d.name}\`, so \`h.${name.name}\` could mean either`, file, name.range,
        `rename the ${kind}`, [{ message: `the ${earlier.kind}`, file, range: earlier.at.range }]);
    } else if (!earlier) siteNames.set(name.name, { kind, at: name });
  };
  // per hex: the names declared so far, with the condition they are on the board for
  type Declared = { at: Identifier; when: BoardCondition | undefined }[];
  const spotsIn = new Map<string, Map<string, Declared>>();
  const pathsIn = new Map<string, Map<string, Declared>>();
  const clash = (list: Declared | undefined, when: BoardCondition | undefined): Identifier | undefined => list?.find((x) => together(x.when, when))?.at;
  const declare = (table: Map<string, Map<string, Declared>>, hex: string, name: Identifier, when: BoardCondition | undefined): void => {
    const names = table.get(hex) ?? new Map<string, Declared>();
    table.set(hex, names);
    names.set(name.name, [...(names.get(name.name) ?? []), { at: name, when }]);
  };
  for (const item of items) {
    const when = conditions.get(item);
    if (item.key !== 'spots' || when === null || !known(item)) continue;
    const { q, r } = item.hex!;
    for (const spot of item.spots ?? []) {
      const earlier = clash(spotsIn.get(hexKey(q, r))?.get(spot.name), when);
      if (earlier) {
        l.cx.sink.error('board/duplicate-spot', `hex (${q}, ${r}) of \`${d.name}\` has a spot \`${spot.name}\` twice`, file, spot.range,
          'a spot is named once per hex', [{ message: 'first named here', file, range: earlier.range }]);
        continue;
      }
      declare(spotsIn, hexKey(q, r), spot, when);
      named('spot', spot);
      internals.spots.push(when ? { q, r, name: spot.name, when } : { q, r, name: spot.name });
    }
  }
  for (const item of items) {
    const when = conditions.get(item);
    if (item.key !== 'paths' || when === null || !known(item)) continue;
    const { q, r } = item.hex!;
    const names = spotsIn.get(hexKey(q, r));
    // a path's spot must be on the board whenever the path is
    const visible = [...(names?.entries() ?? [])].filter(([, list]) => list.some((x) => x.when === undefined || (when !== undefined && x.when.option === when.option && x.when.value === when.value))).map(([n]) => n);
    const end = (e: PathEnd): BoardPathEnd | undefined => {
      if ('spot' in e) {
        if (visible.includes(e.spot.name)) return { spot: e.spot.name };
        l.cx.sink.error('board/dangling-edge', `hex (${q}, ${r}) of \`${d.name}\` has no spot \`${e.spot.name}\`${names?.has(e.spot.name) ? ' whenever this path is on it' : ''}`, file, e.range,
          didYouMean(e.spot.name, visible) ?? `declare it: \`spots (${q}, ${r}) ${e.spot.name}\``);
        return undefined;
      }
      if (Number.isInteger(e.corner) && e.corner >= 0 && e.corner <= 5) return { corner: e.corner };
      l.cx.sink.error('board/dangling-edge', `a hex has corners 0 to 5, not ${e.corner}`, file, e.range, 'use `corner 0` … `corner 5`');
      return undefined;
    };
    for (const path of item.paths ?? []) {
      named('path', path.name);
      const twice = clash(pathsIn.get(hexKey(q, r))?.get(path.name.name), when);
      if (twice) {
        l.cx.sink.error('board/duplicate-path', `hex (${q}, ${r}) of \`${d.name}\` has a path \`${path.name.name}\` twice`, file, path.name.range,
          'a path is named once per hex', [{ message: 'first named here', file, range: twice.range }]);
        continue;
      }
      declare(pathsIn, hexKey(q, r), path.name, when);
      const from = end(path.from);
      const to = end(path.to);
      if (from && to) internals.paths.push(when ? { q, r, name: path.name.name, from, to, when } : { q, r, name: path.name.name, from, to });
    }
  }
  return internals;
}

/**
 * A `spots`/`paths` item's `when`: an option and the value it must have for the item to be on the
 * board (chosen when the graph is loaded); undefined without one, null after a bad one.
 */
function boardCondition(l: Lowerers, d: DeclOf<'board'>, item: BoardItem): BoardCondition | undefined | null {
  if (!item.when) return undefined;
  const scope = l.cx.scope(d.origin, idOf(d), idOf(d), null);
  const lowered = l.ex.value(item.when, scope, BOOL, 'the condition of a board item').expr;
  if (lowered.k === 'option') return { option: lowered.id, value: true };
  if (lowered.k === 'not' && lowered.e.k === 'option') return { option: lowered.e.id, value: false };
  if (lowered.k === 'bin' && lowered.op === '==') {
    if (lowered.l.k === 'option' && lowered.r.k === 'lit') return { option: lowered.l.id, value: lowered.r.v };
    if (lowered.r.k === 'option' && lowered.l.k === 'lit') return { option: lowered.r.id, value: lowered.l.v };
  }
  l.cx.sink.error('board/bad-condition', 'a board item can depend only on an option, chosen when the graph is loaded', d.origin.file, item.when.range,
    'write `when OPTION == VALUE` (or `when OPTION` for a bool option)');
  return null;
}

/** Builtin events, then one per flow step, then the declared ones (declaration order). */
export function lowerEvents(l: Lowerers, root: Origin): EventNode[] {
  // Builtin events are declared by the language; they point at the start of the root module.
  const builtinProvenance = { module: root.module, file: root.file, range: zeroRange() };
  const events: EventNode[] = BUILTIN_EVENTS.map((e) => ({
    id: `event:${e.name}`, name: e.name, provenance: builtinProvenance, params: e.params.map((p) => ({ name: p.name, type: p.type })), source: 'builtin',
  }));
  for (const [name, step] of l.cx.stepEvents) {
    events.push({ id: `event:${name}`, name, provenance: l.cx.provenance(step.origin, step.ident.range), params: [], source: 'step' });
  }
  for (const d of l.cx.table.byName.values()) {
    if (d.kind !== 'event') continue;
    events.push({ id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range), params: lowerParamTypes(l, d.node.params, d.origin), source: 'declared' });
  }
  return events;
}

export function lowerParamTypes(l: Lowerers, params: Param[] | undefined, origin: Origin): { name: string; type: ReturnType<typeof toTypeDesc> }[] {
  return (params ?? []).filter((p) => p?.name).map((p) => ({ name: p.name.name, type: toTypeDesc(paramType(l, p, origin)) }));
}

/** A parameter's type: written, or the element type of its domain. */
export function paramType(l: Lowerers, p: Param, origin: Origin): Ty {
  if (p.type) return l.cx.typeFromRef(p.type, origin);
  if (p.domain) {
    const scope = l.cx.scope(origin, 'param', null);
    return l.ex.collection(p.domain, scope).elem;
  }
  l.cx.sink.error('type/mismatch', `parameter \`${p.name?.name ?? '?'}\` needs a type or a domain`, origin.file, p.range, 'write `name: type` or `name in <collection>`');
  return UNKNOWN;
}

/** A derived value, lowered once; a derived value that depends on itself is `type/recursive-derive`. */
export function lowerDerived(l: Lowerers, d: DeclOf<'derive'>): { node: DerivedNode | null; ty: Ty } {
  const cached = l.cx.derived.get(d.name);
  if (cached) return cached;
  const declared = d.node.type ? l.cx.typeFromRef(d.node.type, d.origin) : undefined;
  if (l.cx.derivedInProgress.has(d.name)) {
    l.cx.sink.error('type/recursive-derive', `\`${d.name}\` depends on itself`, d.origin.file, d.ident.range, 'a derived value is computed from state; it cannot refer to itself');
    return { node: null, ty: declared ?? UNKNOWN };
  }
  l.cx.derivedInProgress.add(d.name);
  const perPlayer = d.scope === 'player';
  const scope = l.cx.scope(d.origin, idOf(d), idOf(d), perPlayer ? { k: 'local', name: 'self' } : null);
  const params: DerivedNode['params'] = [];
  if (perPlayer) {
    scope.locals.set('self', PLAYER);
    params.push({ name: 'self', type: { t: 'player' } });
  }
  for (const p of d.node.params ?? []) {
    if (!p?.name) continue;
    const ty = paramType(l, p, d.origin);
    declareLocal(scope, p.name, ty);
    params.push({ name: p.name.name, type: toTypeDesc(ty) });
  }
  const lowered = l.ex.value(d.node.value, scope, declared, `the value of \`${d.name}\``);
  const ty = declared ?? lowered.ty;
  l.cx.derivedInProgress.delete(d.name);
  const node: DerivedNode = {
    id: idOf(d), name: d.name, provenance: l.cx.provenance(d.origin, d.ident.range, d.node.cite), perPlayer, params, type: toTypeDesc(ty), value: lowered.expr,
  };
  const result = { node, ty };
  l.cx.derived.set(d.name, result);
  return result;
}

export function zeroRange(): { start: { offset: number; line: number; column: number }; end: { offset: number; line: number; column: number } } {
  return { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
}

