import type { DerivedNode, Edge, EdgeKind, Expr, Provenance } from '@houserules/schema';
import type { Identifier, StringLiteralNode, TypeRef } from '@houserules/syntax';
import type { MapKeyInfo } from './map-keys.ts';
import type { Range } from '@houserules/schema';
import type { Decl, DeclarationTable, DeclOf, Origin } from './declaration-table.ts';
import type { DiagnosticSink } from './diagnostic-sink.ts';
import type { SemanticRecorder } from './semantic/semantic-recorder.ts';
import { didYouMean } from './suggest-name.ts';
import { BOOL, CARD, NUMBER, PLAYER, UNKNOWN, listOf, type Ty } from './type-system.ts';

/** The names a body can see besides declarations and how it refers to `self`. */
export interface Scope {
  origin: Origin;
  /** the graph node whose reads/writes/emits become edges (null: none, e.g. the flow or a superseded rule) */
  owner: string | null;
  /** the id of the node being lowered (names its asks) */
  nodeId: string;
  /** rule-scoped locals: one map per rule/action body */
  locals: Map<string, Ty>;
  /** inside a per-player block: what bare per-player names and `self` mean */
  implicitSelf: Expr | null;
  /** counts `ask` statements for their ids */
  asks: { n: number };
  /** names the body binds (rule parameters, let, for, reveal, pick, choose), for lint/unused-binding */
  bindings: Map<string, { ident: Identifier; used: boolean }>;
  /** the identifier that bound each local (what a read of it refers to) */
  localIdents: Map<string, Identifier>;
  /** the semantic model's recorder of this compilation, if any */
  recorder: SemanticRecorder | null;
  /** in test blocks: `p1` … `pN` name seats */
  seats?: boolean;
}

/** A choice named with `ask … as NAME`. */
export interface NamedChoice {
  askId: string;
  /** the rule or action whose body asks */
  nodeId: string;
  /** the type of a candidate */
  value: Ty;
  origin: Origin;
  ident: Identifier;
}

/** Binds a local name of a body and remembers where, so an unused one can be reported. */
export function bindLocal(scope: Scope, ident: Identifier | undefined, ty: Ty): string {
  const name = declareLocal(scope, ident, ty);
  if (ident && !scope.bindings.has(name)) scope.bindings.set(name, { ident, used: false });
  return name;
}

/** Binds a local (a parameter, a binding exempt from lint/unused-binding) and tells the recorder. */
export function declareLocal(scope: Scope, ident: Identifier | undefined, ty: Ty, fallback = '_'): string {
  const name = ident?.name ?? fallback;
  scope.locals.set(name, ty);
  if (ident) {
    scope.localIdents.set(name, ident);
    scope.recorder?.binding(scope.origin.file, ident, ty);
  }
  return name;
}

/** Warns about names a body binds and never reads (`_`-prefixed names are exempt). */
export function reportUnusedBindings(cx: LoweringContext, scope: Scope): void {
  for (const [name, b] of scope.bindings) {
    if (b.used || name.startsWith('_')) continue;
    cx.sink.warning('lint/unused-binding', `\`${name}\` is bound but never used`, scope.origin.file, b.ident.range,
      `remove it, or name it \`_${name}\` to say it is unused on purpose`);
  }
}

const BUILTIN_TYPES = new Set(['number', 'bool', 'player', 'card', 'hex', 'corner', 'edge', 'token']);

export const CONTEXT_NAMES = ['players', 'current', 'actor', 'self', 'round', 'turn', 'player_count'] as const;

/** Ids are `kind:name` (rule-graph.ts). */
export function idOf(decl: Decl): string {
  return decl.id;
}

/** Shared state of one lowering: the namespace, diagnostics, edges, usage, type caches. */
export class LoweringContext {
  /** every edge once, in the order first added */
  private readonly edges: Edge[] = [];
  /** from → kind → to, for adding each edge once without building a key string per reference */
  private readonly edgeIndex = new Map<string, Map<EdgeKind, Set<string>>>();
  /** names of declarations some expression reads */
  readonly read = new Set<string>();
  /** names of declarations some statement writes */
  readonly written = new Set<string>();
  /** event ids something emits */
  readonly emitted = new Set<string>();
  /** enum member → the first declared enum type that has it */
  readonly enumIndex = new Map<string, Ty>();
  /** step event name → the step's identifier */
  readonly stepEvents = new Map<string, { ident: Identifier; origin: Origin }>();
  readonly derived = new Map<string, { node: DerivedNode | null; ty: Ty }>();
  /** `ask … as NAME`: what constraints on NAME target (the ask id) and bind (chooser, candidate) */
  readonly namedChoices = new Map<string, NamedChoice>();
  readonly derivedInProgress = new Set<string>();
  /** constants, lowered once (lower-expr.ts, constValue) */
  readonly consts = new Map<string, { expr: Expr; ty: Ty }>();
  readonly declTypes = new Map<Decl, Ty>();
  /** each map var's keys once resolved (map-keys.ts); undefined after a diagnostic */
  readonly mapKeys = new Map<Decl, MapKeyInfo | undefined>();
  /** each piece's declared supply once lowered (piece-supply.ts) */
  readonly pieceSupplies = new Map<Decl, number>();
  /** the semantic model's recorder (docs/design/semantic-model.md); null for plain compilations */
  recorder: SemanticRecorder | null = null;
  /** filled by the lowering of derived values (set by the driver to avoid an import cycle) */
  lowerDerived: (decl: DeclOf<'derive'>) => { node: DerivedNode | null; ty: Ty } = () => ({ node: null, ty: UNKNOWN });

  constructor(readonly table: DeclarationTable, public sink: DiagnosticSink) {}

  /** A fresh body scope. */
  scope(origin: Origin, nodeId: string, owner: string | null, implicitSelf: Expr | null = null): Scope {
    return { origin, owner, nodeId, locals: new Map(), implicitSelf, asks: { n: 0 }, bindings: new Map(), localIdents: new Map(), recorder: this.recorder };
  }

  addEdge(from: string | null, to: string, kind: EdgeKind): void {
    if (from === null) return;
    let byKind = this.edgeIndex.get(from);
    if (byKind === undefined) this.edgeIndex.set(from, (byKind = new Map()));
    let targets = byKind.get(kind);
    if (targets === undefined) byKind.set(kind, (targets = new Set()));
    if (targets.has(to)) return;
    targets.add(to);
    this.edges.push({ from, to, kind });
  }

  provenance(origin: Origin, range: Range, cite?: StringLiteralNode): Provenance {
    const p: Provenance = { module: origin.module, file: origin.file, range };
    if (cite?.value !== undefined) p.cite = cite.value;
    return p;
  }

  /** Resolves a written type. Unknown type names are diagnostics; the type becomes `unknown`. */
  typeFromRef(ref: TypeRef | undefined, origin: Origin): Ty {
    if (!ref) return UNKNOWN;
    switch (ref.$type) {
      case 'EnumType': {
        const ty: Ty = { t: 'enum', values: (ref.members ?? []).map((m) => m.name) };
        this.recorder?.enumType(ty, ref, origin.file);
        return ty;
      }
      case 'ListType': return listOf(this.typeFromRef(ref.element, origin));
      case 'MapType':
        // a var's map type is read by declType; anywhere else a map is no value
        this.sink.error('type/map-scope', 'a map is the type of a variable only (`var m: map 2..12 of number`)', origin.file, ref.range,
          'to pass a map\'s values around, read them at their keys (`m[k]`)');
        return UNKNOWN;
      case 'NamedType': {
        const name = ref.name?.name;
        if (name !== undefined && BUILTIN_TYPES.has(name)) this.recorder?.reference(origin.file, ref.name, { k: 'builtin', what: 'type', name }, 'read');
        switch (name) {
          case undefined: return UNKNOWN;
          case 'number': return NUMBER;
          case 'bool': return BOOL;
          case 'player': return PLAYER;
          case 'card': return CARD;
          case 'hex': case 'corner': case 'edge': return { t: 'site', site: name };
          case 'token': return { t: 'token' };
        }
        const decl = this.table.byName.get(name);
        if (decl?.kind === 'card' || decl?.kind === 'group') this.recorder?.reference(origin.file, ref.name, { k: 'decl', decl }, 'read');
        if (decl?.kind === 'card') return { t: 'card', kind: `card:${name}` };
        if (decl?.kind === 'group') return { t: 'token', group: `group:${name}` };
        const candidates = ['number', 'bool', 'player', 'card', 'hex', 'corner', 'edge', 'token',
          ...[...this.table.byName.values()].filter((d) => d.kind === 'card' || d.kind === 'group').map((d) => d.name)];
        this.sink.error('resolve/unknown-type', `there is no type \`${name}\``, origin.file, ref.name.range,
          didYouMean(name, candidates) ?? 'types are number, bool, player, card, a card kind, a token group, hex/corner/edge, `a | b`, or `list of T`');
        return UNKNOWN;
      }
    }
    return UNKNOWN;
  }

  /** The type of a value-bearing declaration (option, var, zone, derived value). */
  declType(decl: Decl): Ty {
    const cached = this.declTypes.get(decl);
    if (cached) return cached;
    let ty: Ty;
    switch (decl.kind) {
      case 'option': ty = this.typeFromRef(decl.node.type, decl.origin); break;
      case 'var': {
        const type = decl.node.type;
        ty = type?.$type === 'MapType' ? this.typeFromRef(type.value, decl.origin) : this.typeFromRef(type, decl.origin);
        break;
      }
      case 'zone': ty = listOf(CARD); break;
      case 'derive': return this.lowerDerived(decl).ty;
      default: ty = UNKNOWN;
    }
    this.declTypes.set(decl, ty);
    return ty;
  }

  /** All card fields named `field` (of kind `kind` when known). */
  cardField(field: string, kind: string | undefined): { ty: Ty } | undefined {
    for (const decl of this.table.byName.values()) {
      if (decl.kind !== 'card') continue;
      if (kind !== undefined && `card:${decl.name}` !== kind) continue;
      for (const f of decl.node.fields ?? []) {
        if (f?.name?.name === field) return { ty: this.typeFromRef(f.type, decl.origin) };
      }
    }
    return undefined;
  }

  /** The tokens a pool entry list holds (group names expanded). */
  poolTokens(decl: DeclOf<'pool'>): Set<string> {
    const tokens = new Set<string>();
    for (const entry of decl.node.entries ?? []) {
      const name = entry?.token?.name;
      if (name === undefined) continue;
      const target = this.table.byName.get(name);
      if (target?.kind === 'group') for (const t of target.node.names ?? []) tokens.add(t.name);
      else tokens.add(name);
    }
    return tokens;
  }

  sortedEdges(): Edge[] {
    return [...this.edges].sort((a, b) => cmp(a.from, b.from) || cmp(a.kind, b.kind) || cmp(a.to, b.to));
  }
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
