import { BUILTIN_EVENTS } from '@houserules/schema';
import type { Expr, Identifier } from '@houserules/syntax';
import { allHexKinds, regionNames, siteVars } from '../board-facts.ts';
import type { Decl, DeclOf } from '../declaration-table.ts';
import { DiagnosticSink } from '../diagnostic-sink.ts';
import type { Lowerers } from '../lower-declarations.ts';
import { lowerDerived } from '../lower-declarations.ts';
import { ExprLowerer } from '../lower-expr.ts';
import { flowPhases } from '../lower-flow.ts';
import { StmtLowerer } from '../lower-stmt.ts';
import { CONTEXT_NAMES, LoweringContext } from '../lowering-context.ts';
import { describeType, type Ty } from '../type-system.ts';

/** What a dotted chain (`p.carried`, `island`, `c`) denotes. */
export type ChainValue =
  | { k: 'value'; ty: Ty }
  | { k: 'pool'; decl: DeclOf<'pool'> }
  | { k: 'board'; decl: DeclOf<'board'> };

/** A member a value has: what may follow its `.`. */
export interface MemberInfo {
  name: string;
  kind: 'per-player' | 'field' | 'card-pool' | 'token' | 'group' | 'site-member' | 'site-var' | 'region' | 'site-collection';
  decl?: Decl;
  type?: Ty;
}

export interface EventInfo {
  name: string;
  source: 'declared' | 'step' | 'builtin';
  params: { name: string; type: Ty }[];
  decl?: DeclOf<'event'>;
}

/**
 * Questions about names that the lowering answers (docs/design/semantic-model.md):
 * asked of a scratch lowering over the base game's namespace, so they report
 * nothing and leave the compilation as it was.
 */
export interface SemanticQueries {
  /** the namespace's declarations the base game uses, then those only a variant declares */
  declarations(): readonly Decl[];
  /** the type of a value declaration (option, var, zone, derived value); undefined for others */
  declType(decl: Decl): Ty | undefined;
  /** `parts` resolved as a body would: the head among `locals`, declarations and context names, then each member */
  resolveChain(parts: readonly string[], locals: ReadonlyMap<string, Ty>, options?: { perPlayer?: boolean; seats?: boolean }): ChainValue | undefined;
  /** what may follow `.` after a value of this kind */
  members(value: ChainValue): MemberInfo[];
  /** every event a rule may listen to or emit: declared, flow steps, builtin */
  events(): EventInfo[];
  event(name: string): EventInfo | undefined;
  /** the flow's phases (what `during` names) */
  phases(): string[];
  /** the names of choices (`ask … as NAME`) */
  namedChoices(): string[];
  /** every hex kind of the boards */
  hexKinds(): string[];
  /** the enum members a bare name may stand for, by member */
  enumMembers(): ReadonlyMap<string, Ty>;
  describeType(ty: Ty): string;
}

const ZERO = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

function ident(name: string): Identifier {
  return { $type: 'Identifier', name, range: ZERO };
}

export function createSemanticQueries(base: Lowerers, variantOnly: readonly Decl[]): SemanticQueries {
  const table = base.cx.table;
  let scratch: Lowerers | null = null;
  /** A lowering of its own (a scratch sink, no recorder, no edges that matter): queries never disturb the model. */
  const lowerers = (): Lowerers => {
    if (scratch) return scratch;
    const cx = new LoweringContext(table, new DiagnosticSink());
    const ex = new ExprLowerer(cx);
    const st = new StmtLowerer(cx, ex);
    scratch = { cx, ex, st };
    const l = scratch;
    cx.lowerDerived = (d) => lowerDerived(l, d);
    for (const [k, v] of base.cx.enumIndex) cx.enumIndex.set(k, v);
    for (const [k, v] of base.cx.stepEvents) cx.stepEvents.set(k, v);
    for (const [k, v] of base.cx.namedChoices) cx.namedChoices.set(k, v);
    return scratch;
  };
  const declarations = [...table.byName.values(), ...variantOnly];

  const declType = (decl: Decl): Ty | undefined => {
    if (decl.kind === 'option' || decl.kind === 'var' || decl.kind === 'zone' || decl.kind === 'derive') {
      const l = lowerers();
      l.cx.sink = new DiagnosticSink();
      return l.cx.declType(decl);
    }
    return undefined;
  };

  const resolveChain = (parts: readonly string[], locals: ReadonlyMap<string, Ty>, options: { perPlayer?: boolean; seats?: boolean } = {}): ChainValue | undefined => {
    if (parts.length === 0) return undefined;
    const head = parts[0]!;
    const headDecl = locals.has(head) ? undefined : table.byName.get(head);
    if (parts.length === 1 && headDecl?.kind === 'board') return { k: 'board', decl: headDecl };
    const l = lowerers();
    l.cx.sink = new DiagnosticSink();
    const scope = l.cx.scope({ module: '', file: '' }, 'query', null, options.perPlayer ? { k: 'ctx', name: 'self' } : null);
    if (options.seats) scope.seats = true;
    for (const [name, ty] of locals) scope.locals.set(name, ty);
    let e: Expr = { $type: 'NameRef', name: ident(head), range: ZERO };
    for (const member of parts.slice(1)) e = { $type: 'MemberExpr', object: e, member: ident(member), range: ZERO };
    const op = l.ex.operand(e, scope);
    if (op.k === 'pool') return { k: 'pool', decl: op.decl };
    if (op.ty.t === 'unknown') return undefined;
    return { k: 'value', ty: op.ty };
  };

  const members = (value: ChainValue): MemberInfo[] => {
    const out: MemberInfo[] = [];
    if (value.k === 'pool') {
      const held = lowerers().cx.poolTokens(value.decl);
      for (const d of table.byName.values()) {
        if (d.kind === 'token' && held.has(d.name)) out.push({ name: d.name, kind: 'token', decl: d });
        if (d.kind === 'group' && (d.node.names ?? []).some((n) => held.has(n.name))) out.push({ name: d.name, kind: 'group', decl: d });
      }
      return out;
    }
    if (value.k === 'board') {
      for (const c of ['hexes', 'corners', 'edges']) out.push({ name: c, kind: 'site-collection' });
      for (const r of regionNames(value.decl)) out.push({ name: r, kind: 'region' });
      return out;
    }
    const ty = value.ty;
    if (ty.t === 'player') {
      for (const d of table.byName.values()) if (d.scope === 'player') out.push({ name: d.name, kind: 'per-player', decl: d, ...typeField(declType(d)) });
    } else if (ty.t === 'card') {
      for (const d of table.byName.values()) {
        if (d.kind === 'card' && (ty.kind === undefined || `card:${d.name}` === ty.kind)) {
          for (const f of d.node.fields ?? []) if (f?.name) out.push({ name: f.name.name, kind: 'field', decl: d, type: lowerers().cx.typeFromRef(f.type, d.origin) });
        }
        if (d.scope === 'card' && (ty.kind === undefined || `card:${d.cardKind}` === ty.kind)) out.push({ name: d.name, kind: 'card-pool', decl: d });
      }
    } else if (ty.t === 'site') {
      const vars = new Set(siteVars(table, ty.site).map((d) => d.name));
      for (const name of lowerers().ex.sites.memberNames(ty.site)) {
        if (vars.has(name)) {
          const d = table.byName.get(name)!;
          out.push({ name, kind: 'site-var', decl: d, ...typeField(declType(d)) });
        } else out.push({ name, kind: 'site-member' });
      }
    }
    return dedupe(out);
  };

  const events = (): EventInfo[] => {
    const l = lowerers();
    const out: EventInfo[] = [];
    for (const d of declarations) {
      if (d.kind !== 'event') continue;
      out.push({ name: d.name, source: 'declared', decl: d, params: (d.node.params ?? []).filter((p) => p?.name).map((p) => ({ name: p.name.name, type: l.cx.typeFromRef(p.type, d.origin) })) });
    }
    for (const name of base.cx.stepEvents.keys()) out.push({ name, source: 'step', params: [] });
    for (const e of BUILTIN_EVENTS) out.push({ name: e.name, source: 'builtin', params: e.params.map((p) => ({ name: p.name, type: p.type as Ty })) });
    return out;
  };

  return {
    declarations: () => declarations,
    declType,
    resolveChain,
    members,
    events,
    event: (name) => events().find((e) => e.name === name),
    phases: () => [...flowPhases({ ...lowerers(), cx: withoutRecorder(lowerers().cx) })],
    namedChoices: () => [...base.cx.namedChoices.keys()],
    hexKinds: () => allHexKinds(table),
    enumMembers: () => base.cx.enumIndex,
    describeType,
  };
}

function typeField(ty: Ty | undefined): { type?: Ty } {
  return ty === undefined ? {} : { type: ty };
}

function withoutRecorder(cx: LoweringContext): LoweringContext {
  cx.recorder = null;
  return cx;
}

function dedupe(members: MemberInfo[]): MemberInfo[] {
  const seen = new Set<string>();
  return members.filter((m) => (seen.has(m.name) ? false : (seen.add(m.name), true)));
}

/** Context names a body may use (for completion and hover). */
export const CONTEXT_NAME_LIST: readonly string[] = CONTEXT_NAMES;
