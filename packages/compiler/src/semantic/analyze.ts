import type { Diagnostic, Range } from '@houserules/schema';
import { MISSING_NAME, parse, type BoardDecl, type EnumType, type Expr, type Identifier } from '@houserules/syntax';
import { allHexKinds } from '../board-facts.ts';
import { checkLoaded, internalError, type Lowered } from '../compile.ts';
import type { Decl } from '../declaration-table.ts';
import type { ModuleHost } from '../module-host.ts';
import { loadModules, type LoadedModule, type ParseFn } from '../module-loader.ts';
import type { Ty } from '../type-system.ts';
import type { LocalBinding, SemanticModel, SemanticSymbol, SymbolKind, SymbolOccurrence } from './semantic-model.ts';
import { createSemanticQueries } from './semantic-queries.ts';
import type { OccurrenceRole, ResolvedName, SemanticRecorder } from './semantic-recorder.ts';

export interface SemanticAnalysis {
  /** what `check(host, entry)` reports, in the same order */
  diagnostics: Diagnostic[];
  /** null only when the entry file could not be read */
  model: SemanticModel | null;
}

/**
 * Checks the module `entry` like `check` (the base game and every variant)
 * and keeps what the lowering resolved: the semantic model
 * (docs/design/semantic-model.md). Never throws.
 */
export function analyze(host: ModuleHost, entry: string, options: { parse?: ParseFn } = {}): SemanticAnalysis {
  try {
    const loaded = loadModules(host, entry, options.parse ?? parse);
    if (loaded.value.length === 0) return { diagnostics: loaded.diagnostics, model: null };
    const builder = new ModelBuilder(entry, loaded.value);
    const checked = checkLoaded(loaded.value, loaded.diagnostics, entry, (variant) => builder.recorderFor(variant));
    return { diagnostics: checked.diagnostics, model: builder.finish(checked.runs, checked.variants) };
  } catch (error) {
    return { diagnostics: [internalError(error, entry)], model: null };
  }
}

function keyAt(file: string, range: Range): string {
  return `${file}@${range.start.offset}`;
}

function isReal(ident: Identifier | undefined): ident is Identifier {
  return ident !== undefined && ident.name !== MISSING_NAME && ident.name !== '' && ident.range.end.offset > ident.range.start.offset;
}

interface PendingEvent {
  file: string;
  ident: Identifier;
  name: string;
  role: OccurrenceRole;
  declaration: boolean;
}

/** One run's recorder: resolved names wait for the run's namespace (events, enum members) to be final. */
class RunRecorder implements SemanticRecorder {
  readonly events: PendingEvent[] = [];
  readonly enums: { file: string; ident: Identifier; ty: Ty & { t: 'enum' }; member: string }[] = [];

  constructor(private readonly model: ModelBuilder) {}

  reference(file: string, ident: Identifier, target: ResolvedName, role: OccurrenceRole): void {
    if (!isReal(ident)) return;
    const m = this.model;
    switch (target.k) {
      case 'decl': m.occurrence(file, ident.range, declKey(target.decl.name), role); break;
      case 'local': if (isReal(target.binding)) m.occurrence(file, ident.range, `local:${keyAt(target.file, target.binding.range)}`, role); break;
      case 'enum': this.enums.push({ file, ident, ty: target.ty, member: target.member }); break;
      case 'field': m.field(target.card.name, target.field.name?.name ?? '', target.card); m.occurrence(file, ident.range, `field:${target.card.name}.${target.field.name?.name ?? ''}`, role); break;
      case 'event': this.events.push({ file, ident, name: target.name, role, declaration: false }); break;
      case 'phase': m.symbol(`phase:${target.name}`, target.name, 'phase'); m.occurrence(file, ident.range, `phase:${target.name}`, role); break;
      case 'choice': m.symbol(`choice:${target.name}`, target.name, 'choice'); m.occurrence(file, ident.range, `choice:${target.name}`, role); break;
      case 'variant': m.occurrence(file, ident.range, `variant:${target.name}`, role); break;
      case 'region': m.symbol(`region:${target.board}.${target.name}`, target.name, 'region'); m.occurrence(file, ident.range, `region:${target.board}.${target.name}`, role); break;
      case 'module': m.occurrence(file, ident.range, `module:${target.file}`, role); break;
      case 'builtin': {
        const key = `builtin:${target.what}:${target.name}`;
        m.symbol(key, target.name, 'builtin').builtin = target.what;
        m.occurrence(file, ident.range, key, role);
        break;
      }
    }
  }

  binding(file: string, ident: Identifier, ty: Ty, within?: Range): void {
    if (!isReal(ident)) return;
    this.model.binding(file, ident, ty, within);
  }

  exprType(e: Expr, ty: Ty): void {
    this.model.exprType(e, ty);
  }

  enumType(ty: Ty, node: EnumType, file: string): void {
    this.model.enumOrigin(ty, node, file);
  }

  declaration(file: string, ident: Identifier, target: ResolvedName): void {
    if (!isReal(ident)) return;
    if (target.k === 'event') this.events.push({ file, ident, name: target.name, role: 'declaration', declaration: true });
    else if (target.k === 'phase' || target.k === 'choice') {
      const key = `${target.k}:${target.name}`;
      this.model.symbol(key, target.name, target.k).declarations.push({ file, range: ident.range });
      this.model.occurrence(file, ident.range, key, 'declaration');
    }
  }
}

function declKey(name: string): string {
  return `decl:${name}`;
}

class ModelBuilder {
  private readonly symbols = new Map<string, SemanticSymbol>();
  private readonly byFile = new Map<string, SymbolOccurrence[]>();
  /** per file, the occurrences by start offset: the same range recorded by several runs is kept once (no key strings built) */
  private readonly starts = new Map<string, Map<number, SymbolOccurrence[]>>();
  private readonly bindingList = new Map<string, LocalBinding[]>();
  private readonly types = new Map<Expr, Ty>();
  private readonly enumOrigins = new WeakMap<Ty, { node: EnumType; file: string }>();
  private readonly enumNodes = new Map<EnumType, { file: string; ty: Ty }>();
  private readonly recorders: { variant: string | null; recorder: RunRecorder }[] = [];

  constructor(private readonly entry: string, private readonly modules: LoadedModule[]) {}

  recorderFor(variant: string | null): SemanticRecorder {
    const recorder = new RunRecorder(this);
    this.recorders.push({ variant, recorder });
    return recorder;
  }

  symbol(key: string, name: string, kind: SymbolKind): SemanticSymbol {
    let s = this.symbols.get(key);
    if (!s) this.symbols.set(key, (s = { key, name, kind, declarations: [] }));
    return s;
  }

  occurrence(file: string, range: Range, key: string, role: OccurrenceRole): void {
    let starts = this.starts.get(file);
    if (!starts) {
      this.starts.set(file, (starts = new Map()));
      this.byFile.set(file, []);
    }
    const start = range.start.offset;
    const here = starts.get(start);
    if (here) {
      for (const o of here) if (o.key === key && o.range.end.offset === range.end.offset) return;
    }
    const o: SymbolOccurrence = { file, range, key, role };
    if (here) here.push(o);
    else starts.set(start, [o]);
    this.byFile.get(file)!.push(o);
  }

  field(card: string, field: string, decl: Decl): void {
    const s = this.symbol(`field:${card}.${field}`, field, 'field');
    s.card = card;
    if (s.declarations.length === 0 && decl.kind === 'card') {
      const f = (decl.node.fields ?? []).find((x) => x?.name?.name === field);
      if (f && isReal(f.name)) {
        s.declarations.push({ file: decl.origin.file, range: f.name.range, origin: decl.origin });
        this.occurrence(decl.origin.file, f.name.range, s.key, 'declaration');
      }
    }
  }

  binding(file: string, ident: Identifier, ty: Ty, within?: Range): void {
    const key = `local:${keyAt(file, ident.range)}`;
    if (this.symbols.has(key)) return;
    const s = this.symbol(key, ident.name, 'local');
    s.type = ty;
    s.declarations.push({ file, range: ident.range });
    this.occurrence(file, ident.range, key, 'declaration');
    let list = this.bindingList.get(file);
    if (!list) this.bindingList.set(file, (list = []));
    const b: LocalBinding = { key, name: ident.name, file, range: ident.range, type: ty };
    if (within) b.within = within;
    list.push(b);
  }

  exprType(e: Expr, ty: Ty): void {
    if (!this.types.has(e)) this.types.set(e, ty);
  }

  enumOrigin(ty: Ty, node: EnumType, file: string): void {
    if (!this.enumOrigins.has(ty)) this.enumOrigins.set(ty, { node, file });
    if (!this.enumNodes.has(node)) this.enumNodes.set(node, { file, ty });
  }

  /** Every member of every written enum type is a symbol, referenced or not. */
  private enumMembers(): void {
    for (const [node, { file, ty }] of this.enumNodes) {
      for (const member of node.members ?? []) {
        if (!isReal(member)) continue;
        const key = `enum:${keyAt(file, member.range)}`;
        const s = this.symbol(key, member.name, 'enum-member');
        if (s.declarations.length === 0) {
          s.declarations.push({ file, range: member.range });
          s.type = ty;
        }
        this.occurrence(file, member.range, key, 'declaration');
      }
    }
  }

  /** The namespace declarations of every run, the module refs, the boards' hex kinds and regions; then what each run left pending. */
  finish(runs: { variant: string | null; lowered: Lowered | null }[], variants: string[]): SemanticModel {
    const baseRun = runs.find((r) => r.variant === null)?.lowered ?? null;
    const variantOnly: Decl[] = [];
    for (const run of runs) {
      const lowered = run.lowered;
      if (!lowered) continue;
      const table = lowered.table;
      const all: Decl[] = [...table.superseded.map((s) => s.decl), ...table.byName.values()];
      const replacements = new Set(table.superseded.map((s) => s.by).filter((d): d is Decl => d !== undefined));
      all.sort((a, b) => a.seq - b.seq || (replacements.has(a) ? 1 : 0) - (replacements.has(b) ? 1 : 0));
      for (const d of all) this.namespaceDecl(d, replacements.has(d));
      for (const d of table.byName.values()) {
        const s = this.symbols.get(declKey(d.name))!;
        if (run.variant === null) s.decl = d;
        else if (!s.decl) {
          s.decl = d;
          variantOnly.push(d);
        }
      }
      for (const v of table.variants) {
        if (!isReal(v.node.name)) continue;
        const key = `variant:${v.name}`;
        const s = this.symbol(key, v.name, 'variant');
        if (s.declarations.length === 0) s.declarations.push({ file: v.origin.file, range: v.node.name.range, origin: v.origin });
        this.occurrence(v.origin.file, v.node.name.range, key, 'declaration');
      }
      this.boards(table.byName.values(), lowered);
      this.boards(table.superseded.map((s) => s.decl), lowered);
    }
    for (const m of this.modules) this.moduleRefs(m);
    this.enumMembers();
    for (const { variant, recorder } of this.recorders) {
      const lowered = runs.find((r) => r.variant === variant)?.lowered;
      if (lowered) this.resolvePending(recorder, lowered);
    }
    for (const list of this.byFile.values()) list.sort((a, b) => a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset);
    for (const list of this.bindingList.values()) list.sort((a, b) => a.range.start.offset - b.range.start.offset);
    // by symbol: built on first use (hover and completion never need it)
    let byKey: Map<string, SymbolOccurrence[]> | null = null;
    const occurrencesByKey = (): Map<string, SymbolOccurrence[]> => {
      if (byKey) return byKey;
      byKey = new Map();
      for (const list of this.byFile.values()) {
        for (const o of list) {
          const l = byKey.get(o.key);
          if (l) l.push(o);
          else byKey.set(o.key, [o]);
        }
      }
      return byKey;
    };
    const byFile = this.byFile;
    const bindingList = this.bindingList;
    const types = this.types;
    const queries = baseRun ? createSemanticQueries(baseRun.lowerers, variantOnly) : runs.find((r) => r.lowered)?.lowered ? createSemanticQueries(runs.find((r) => r.lowered)!.lowered!.lowerers, variantOnly) : null;
    if (queries === null) throw new Error('no lowering ran');
    return {
      entry: this.entry,
      modules: this.modules,
      symbols: this.symbols,
      occurrences: (file) => byFile.get(file) ?? [],
      occurrenceAt: (file, offset) => {
        const list = byFile.get(file);
        if (!list) return undefined;
        // the innermost (shortest) occurrence holding the offset, end included
        let best: SymbolOccurrence | undefined;
        let lo = 0;
        let hi = list.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (list[mid]!.range.start.offset <= offset) lo = mid + 1;
          else hi = mid;
        }
        for (let i = lo - 1; i >= 0 && i >= lo - 64; i--) {
          const o = list[i]!;
          if (o.range.start.offset <= offset && offset <= o.range.end.offset) {
            if (!best || o.range.end.offset - o.range.start.offset < best.range.end.offset - best.range.start.offset) best = o;
          }
        }
        return best;
      },
      occurrencesOf: (key) => occurrencesByKey().get(key) ?? [],
      bindings: (file) => bindingList.get(file) ?? [],
      typeOf: (e) => types.get(e),
      variants,
      graph: baseRun?.graph ?? null,
      queries,
    };
  }

  private namespaceDecl(d: Decl, overrides: boolean): void {
    if (!isReal(d.ident)) return;
    const key = declKey(d.name);
    const s = this.symbol(key, d.name, d.kind);
    if (!s.decls) s.decls = [];
    if (!s.decls.includes(d)) s.decls.push(d);
    const range = d.ident.range;
    if (!s.declarations.some((x) => x.file === d.origin.file && x.range.start.offset === range.start.offset)) {
      const decl = { file: d.origin.file, range, origin: d.origin, ...(overrides ? { overrides: true } : {}) };
      s.declarations.push(decl);
    }
    this.occurrence(d.origin.file, range, key, overrides ? 'override' : 'declaration');
    if (d.kind === 'card') for (const f of d.node.fields ?? []) if (f?.name && isReal(f.name)) this.field(d.name, f.name.name, d);
  }

  private boards(decls: Iterable<Decl>, lowered: Lowered): void {
    const kinds = new Set(allHexKinds(lowered.table));
    for (const d of decls) {
      if (d.kind !== 'board') continue;
      const file = d.origin.file;
      const node: BoardDecl = d.node;
      const hexKind = (id: Identifier | undefined): void => {
        if (!isReal(id) || !kinds.has(id.name)) return;
        const s = this.symbol(`hexkind:${id.name}`, id.name, 'hex-kind');
        if (s.declarations.length === 0) s.declarations.push({ file, range: id.range, origin: d.origin });
        this.occurrence(file, id.range, s.key, s.declarations[0]!.range === id.range ? 'declaration' : 'read');
      };
      if (node.layout?.$type === 'HexMap') for (const h of node.layout.hexes ?? []) hexKind(h?.kind);
      for (const item of node.items ?? []) {
        if (!item) continue;
        if (item.key === 'kinds') {
          for (const v of item.values ?? []) {
            if (v?.$type === 'CardSpec') hexKind(v.kind);
            else if (v?.$type === 'NameRef') hexKind(v.name);
          }
        } else if (item.key === 'frame') hexKind(item.name);
        else if (item.key === 'region' && isReal(item.name)) {
          const key = `region:${d.name}.${item.name.name}`;
          const s = this.symbol(key, item.name.name, 'region');
          if (s.declarations.length === 0) s.declarations.push({ file, range: item.name.range, origin: d.origin });
          this.occurrence(file, item.name.range, key, 'declaration');
        }
        for (const e of item.except ?? []) hexKind(e);
      }
    }
  }

  private moduleRefs(m: LoadedModule): void {
    const key = `module:${m.file}`;
    const s = this.symbol(key, m.name, 'module');
    if (s.declarations.length === 0) {
      const header = m.ast.module?.name;
      const range = header && header.range.end.offset > header.range.start.offset ? header.range : { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
      s.declarations.push({ file: m.file, range, origin: { module: m.name, file: m.file } });
      if (header) this.occurrence(m.file, range, key, 'declaration');
    }
    for (const dep of m.dependencies ?? []) {
      const target = `module:${dep.file}`;
      const loaded = this.modules.find((x) => x.file === dep.file);
      this.symbol(target, loaded?.name ?? dep.file, 'module');
      this.occurrence(m.file, dep.range, target, 'read');
    }
  }

  private resolvePending(recorder: RunRecorder, lowered: Lowered): void {
    const table = lowered.table;
    const steps = lowered.lowerers.cx.stepEvents;
    for (const e of recorder.events) {
      const decl = table.byName.get(e.name);
      let key: string;
      if (decl?.kind === 'event') key = declKey(e.name);
      else if (steps.has(e.name)) {
        key = `step:${e.name}`;
        const s = this.symbol(key, e.name, 'step');
        const step = steps.get(e.name)!;
        if (s.declarations.length === 0) s.declarations.push({ file: step.origin.file, range: step.ident.range, origin: step.origin });
      } else {
        key = `builtin:event:${e.name}`;
        this.symbol(key, e.name, 'builtin').builtin = 'event';
      }
      this.occurrence(e.file, e.ident.range, key, e.role);
    }
    const hexKinds = new Set(allHexKinds(table));
    for (const r of recorder.enums) {
      let origin = this.enumOrigins.get(r.ty);
      if (!origin) {
        if (hexKinds.has(r.member)) {
          const key = `hexkind:${r.member}`;
          this.symbol(key, r.member, 'hex-kind');
          this.occurrence(r.file, r.ident.range, key, 'read');
          continue;
        }
        const indexed = lowered.lowerers.cx.enumIndex.get(r.member);
        origin = indexed ? this.enumOrigins.get(indexed) : undefined;
      }
      const member = origin?.node.members?.find((m) => m?.name === r.member);
      if (!origin || !member || !isReal(member)) continue;
      this.occurrence(r.file, r.ident.range, `enum:${keyAt(origin.file, member.range)}`, 'read');
    }
  }
}
