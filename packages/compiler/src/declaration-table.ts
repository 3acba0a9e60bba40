import type {
  ActionDecl, CardDecl, ConstDecl, ConstraintDecl, DeriveDecl, EndDecl, EventDecl, Expr, FlowDecl, Identifier, InvariantDecl,
  OptionDecl, PerSiteBlock, PieceDecl, BoardDecl, PolicyDecl, PoolDecl, RankingDecl, RuleDecl, ScenarioDecl, TokenDecl, TopLevelItem,
  VarDecl, VariantDecl, ZoneDecl,
} from '@houserules/syntax';
import type { Range } from '@houserules/schema';
import { MISSING_NAME } from '@houserules/syntax';
import type { DiagnosticSink } from './diagnostic-sink.ts';
import type { SemanticRecorder } from './semantic/semantic-recorder.ts';
import type { LoadedModule } from './module-loader.ts';
import { didYouMean } from './suggest-name.ts';

/** Where a declaration was written. */
export interface Origin {
  module: string;
  file: string;
  /** set for items of a variant block */
  variant?: string;
}

interface DeclBase {
  name: string;
  ident: Identifier;
  origin: Origin;
  /** `hex`/`corner`/`edge`: a var of a `per hex|corner|edge` block, one value per site */
  scope: 'global' | 'player' | 'card' | PerSiteBlock['site'];
  /** the card kind of a per-card pool */
  cardKind?: string;
  /** declaration order over all modules; an override inherits the position of what it replaces */
  seq: number;
  /** the graph id (`kind:name`, `derived:name`) */
  id: string;
}

export type Decl = DeclBase & (
  | { kind: 'option'; node: OptionDecl }
  | { kind: 'token'; node: TokenDecl }
  | { kind: 'group'; node: TokenDecl }
  | { kind: 'pool'; node: PoolDecl }
  | { kind: 'var'; node: VarDecl }
  | { kind: 'zone'; node: ZoneDecl }
  | { kind: 'card'; node: CardDecl }
  | { kind: 'piece'; node: PieceDecl }
  | { kind: 'board'; node: BoardDecl }
  | { kind: 'event'; node: EventDecl }
  | { kind: 'derive'; node: DeriveDecl }
  | { kind: 'const'; node: ConstDecl }
  | { kind: 'rule'; node: RuleDecl }
  | { kind: 'action'; node: ActionDecl }
  | { kind: 'constraint'; node: ConstraintDecl }
  | { kind: 'end'; node: EndDecl }
  | { kind: 'invariant'; node: InvariantDecl }
  | { kind: 'policy'; node: PolicyDecl }
);

export type DeclKind = Decl['kind'];
export type DeclOf<K extends DeclKind> = Extract<Decl, { kind: K }>;

export interface Superseded {
  decl: Decl;
  status: 'overridden' | 'removed';
  /** the declaration that replaced it (overrides only) */
  by?: Decl;
}

export interface DeclarationTable {
  /** active declarations by name, in declaration order */
  byName: Map<string, Decl>;
  superseded: Superseded[];
  flow: { node: FlowDecl; origin: Origin } | null;
  ranking: { node: RankingDecl; origin: Origin } | null;
  scenario: { node: ScenarioDecl; origin: Origin } | null;
  optionDefaults: Map<string, { value: Expr; origin: Origin; range: Range }>;
  variants: { name: string; node: VariantDecl; origin: Origin }[];
  /** declarations refused as duplicates (reported once): uses of them are not reported again */
  rejected: Decl[];
}

const OVERRIDE_KIND: Record<string, DeclKind> = {
  RuleDecl: 'rule', ActionDecl: 'action', ConstraintDecl: 'constraint', EndDecl: 'end', DeriveDecl: 'derive', PolicyDecl: 'policy',
  BoardDecl: 'board', ZoneDecl: 'zone', CardDecl: 'card', VarDecl: 'var', PoolDecl: 'pool', PieceDecl: 'piece', EventDecl: 'event',
  OptionDecl: 'option', ConstDecl: 'const',
};
const OVERRIDABLE = new Set<DeclKind>(['rule', 'action', 'constraint', 'end', 'derive', 'policy', 'board', 'zone', 'card', 'var', 'pool', 'piece', 'event', 'option', 'const']);

const KIND_WORD: Record<DeclKind, string> = {
  option: 'option', token: 'token', group: 'token group', pool: 'pool', var: 'var', zone: 'zone', card: 'card kind',
  piece: 'piece', board: 'board', event: 'event', derive: 'derived value', rule: 'rule', action: 'action',
  constraint: 'constraint', end: 'end condition', invariant: 'invariant', policy: 'policy', const: 'constant',
};

export function kindWord(kind: DeclKind): string {
  return KIND_WORD[kind];
}

/** the kind's word with its article: `an action`, `a derived value`, `an end condition` */
export function aKindWord(kind: DeclKind): string {
  const word = KIND_WORD[kind];
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/**
 * Builds the one namespace of a compilation: every module's items in load
 * order, then the chosen variant's items. Overrides and removals replace what
 * they name; what they replace is kept as superseded.
 */
export function buildDeclarationTable(
  modules: LoadedModule[], variant: string | null, sink: DiagnosticSink, _entryFile: string, recorder: SemanticRecorder | null = null,
): DeclarationTable {
  const table: DeclarationTable = {
    byName: new Map(), superseded: [], flow: null, ranking: null, scenario: null, optionDefaults: new Map(), variants: [], rejected: [],
  };
  let seq = 0;
  const variantNames = new Map<string, { ident: Identifier; origin: Origin }>();

  const declare = (decl: Decl): void => {
    // a name the parser made up while recovering is no declaration (the parse error says what is missing)
    if (decl.name === MISSING_NAME) return;
    const earlier = table.byName.get(decl.name);
    if (earlier) {
      // Replacing makes sense for a declaration of the same kind and scope.
      const canOverride = earlier.kind === decl.kind && earlier.scope === decl.scope && OVERRIDABLE.has(decl.kind);
      const scoped = earlier.scope !== decl.scope || earlier.kind !== decl.kind;
      table.rejected.push(decl);
      sink.error('resolve/duplicate', `\`${decl.name}\` is already declared (as ${describeDecl(earlier)})${scoped ? `, so it cannot also be ${describeDecl(decl)}` : ''}`, decl.origin.file, decl.ident.range,
        canOverride
          ? `to replace it, write \`override ${decl.kind} ${decl.name} …\``
          : scoped
            ? `declarations, per-player and per-card members included, share one namespace: rename one (\`${renameSuggestion(decl)}\`)`
            : 'give one of them another name',
        [{ message: `\`${decl.name}\` is first declared here`, file: earlier.origin.file, range: earlier.ident.range }]);
      return;
    }
    table.byName.set(decl.name, decl);
  };

  /** Every declaration is built by this one literal, so all have one shape (property reads stay monomorphic). */
  const make = <K extends DeclKind>(ident: Identifier, origin: Origin, kind: K, node: DeclOf<K>['node'], scope: DeclBase['scope'] = 'global', cardKind?: string): Decl =>
    ({ name: ident.name, ident, origin, scope, cardKind, seq: seq++, id: `${kind === 'derive' ? 'derived' : kind}:${ident.name}`, kind, node }) as Decl;

  const apply = (item: TopLevelItem, origin: Origin): void => {
    switch (item.$type) {
      case 'ImportDecl':
      case 'TestDecl':
        return;
      case 'ScenarioDecl':
        // the most derived module's scenario block (the entry's, else the last module loaded that has one);
        // a variant's scenario block replaces it, keeping what it does not say (the source, the players)
        if (origin.variant !== undefined && table.scenario) {
          const base = table.scenario.node;
          const merged: ScenarioDecl = { ...base, ...item };
          if (!item.source && base.source) merged.source = base.source;
          if (!item.players && base.players) merged.players = base.players;
          table.scenario = { node: merged, origin };
        } else if (!table.scenario || table.scenario.origin.file !== origin.file || origin.variant !== undefined) table.scenario = { node: item, origin };
        return;
      case 'OptionDecl': if (item.name) declare(make(item.name, origin, 'option', item)); return;
      case 'TokenDecl':
        if (item.group) declare(make(item.group, origin, 'group', item));
        for (const name of item.names ?? []) declare(make(name, origin, 'token', item));
        return;
      case 'PoolDecl': if (item.name) declare(make(item.name, origin, 'pool', item)); return;
      case 'VarDecl': if (item.name) declare(make(item.name, origin, 'var', item)); return;
      case 'ZoneDecl': if (item.name) declare(make(item.name, origin, 'zone', item)); return;
      case 'PerPlayerBlock':
        for (const inner of item.items ?? []) {
          if (!inner?.name) continue;
          switch (inner.$type) {
            case 'PoolDecl': declare(make(inner.name, origin, 'pool', inner, 'player')); break;
            case 'VarDecl': declare(make(inner.name, origin, 'var', inner, 'player')); break;
            case 'ZoneDecl': declare(make(inner.name, origin, 'zone', inner, 'player')); break;
            case 'DeriveDecl': declare(make(inner.name, origin, 'derive', inner, 'player')); break;
          }
        }
        return;
      case 'PerSiteBlock':
        for (const inner of item.items ?? []) {
          if (!inner?.name) continue;
          if (inner.$type === 'PoolDecl') declare(make(inner.name, origin, 'pool', inner, item.site ?? 'hex'));
          else declare(make(inner.name, origin, 'var', inner, item.site ?? 'hex'));
        }
        return;
      case 'CardDecl':
        if (!item.name) return;
        declare(make(item.name, origin, 'card', item));
        for (const pool of item.pools ?? []) {
          if (pool?.name) declare(make(pool.name, origin, 'pool', pool, 'card', item.name.name));
        }
        for (const variable of item.vars ?? []) {
          if (variable?.name) declare(make(variable.name, origin, 'var', variable, 'card', item.name.name));
        }
        return;
      case 'PieceDecl': if (item.name) declare(make(item.name, origin, 'piece', item)); return;
      case 'BoardDecl': if (item.name) declare(make(item.name, origin, 'board', item)); return;
      case 'EventDecl': if (item.name) declare(make(item.name, origin, 'event', item)); return;
      case 'DeriveDecl': if (item.name) declare(make(item.name, origin, 'derive', item)); return;
      case 'ConstDecl': if (item.name) declare(make(item.name, origin, 'const', item)); return;
      case 'RuleDecl': if (item.name) declare(make(item.name, origin, 'rule', item)); return;
      case 'ActionDecl': if (item.name) declare(make(item.name, origin, 'action', item)); return;
      case 'ConstraintDecl': if (item.name) declare(make(item.name, origin, 'constraint', item)); return;
      case 'EndDecl': if (item.name) declare(make(item.name, origin, 'end', item)); return;
      case 'InvariantDecl': if (item.name) declare(make(item.name, origin, 'invariant', item)); return;
      case 'PolicyDecl': if (item.name) declare(make(item.name, origin, 'policy', item)); return;
      case 'FlowDecl':
        // an extending module (or a variant) replaces its base's flow by declaring its own
        if (table.flow && table.flow.origin.file === origin.file && table.flow.origin.variant === origin.variant) {
          sink.error('resolve/duplicate', 'a scenario has one flow; this is a second one', origin.file, item.range, 'merge the two flow blocks',
            [{ message: 'the first flow', file: table.flow.origin.file, range: table.flow.node.range }]);
        } else table.flow = { node: item, origin };
        return;
      case 'RankingDecl':
        if (table.ranking) {
          sink.error('resolve/duplicate', 'a scenario has one ranking; this is a second one', origin.file, item.range, 'to replace it, write `override ranking …`',
            [{ message: 'the first ranking', file: table.ranking.origin.file, range: table.ranking.node.range }]);
        } else table.ranking = { node: item, origin };
        return;
      case 'VariantDecl': {
        if (!item.name) return;
        if (origin.variant !== undefined) {
          sink.error('resolve/nested-variant', 'a variant cannot contain another variant', origin.file, item.name.range, 'declare it at the top level of the module');
          return;
        }
        const earlier = variantNames.get(item.name.name);
        if (earlier) {
          sink.error('resolve/duplicate', `variant \`${item.name.name}\` is already declared`, origin.file, item.name.range, 'give one of them another name',
            [{ message: 'the first declaration', file: earlier.origin.file, range: earlier.ident.range }]);
          return;
        }
        variantNames.set(item.name.name, { ident: item.name, origin });
        table.variants.push({ name: item.name.name, node: item, origin });
        return;
      }
      case 'OverrideDecl': applyOverride(item.target, origin); return;
      case 'RemoveDecl': {
        if (!item.name) return;
        const existing = table.byName.get(item.name.name);
        if (!existing || existing.kind !== item.kind) {
          const candidates = [...table.byName.values()].filter((d) => d.kind === item.kind).map((d) => d.name);
          const what = existing ? `\`${item.name.name}\` is ${aKindWord(existing.kind)}, not ${aKindWord(item.kind)}` : `there is no ${kindWord(item.kind)} \`${item.name.name}\` to remove`;
          sink.error('resolve/unknown-remove-target', what, origin.file, item.name.range, didYouMean(item.name.name, candidates) ?? hintList(item.kind, candidates));
          return;
        }
        recorder?.reference(origin.file, item.name, { k: 'decl', decl: existing }, 'remove');
        table.superseded.push({ decl: existing, status: 'removed' });
        table.byName.delete(item.name.name);
        return;
      }
      case 'OptionDefaultDecl': {
        if (!item.name) return;
        const option = table.byName.get(item.name.name);
        if (!option || option.kind !== 'option') {
          const candidates = [...table.byName.values()].filter((d) => d.kind === 'option').map((d) => d.name);
          sink.error('resolve/unknown-option', option ? `\`${item.name.name}\` is ${aKindWord(option.kind)}, not an option` : `there is no option \`${item.name.name}\``,
            origin.file, item.name.range, didYouMean(item.name.name, candidates) ?? hintList('option', candidates));
          return;
        }
        recorder?.reference(origin.file, item.name, { k: 'decl', decl: option }, 'write');
        if (item.value) table.optionDefaults.set(item.name.name, { value: item.value, origin, range: item.value.range });
        return;
      }
    }
  };

  const applyOverride = (target: NonNullable<TopLevelItem & { $type: 'OverrideDecl' }>['target'] | undefined, origin: Origin): void => {
    if (!target) return;
    if (target.$type === 'RankingDecl') {
      if (!table.ranking) {
        sink.error('resolve/unknown-override-target', 'there is no ranking to override', origin.file, target.range, 'declare it with `ranking …` instead');
      } else table.ranking = { node: target, origin };
      return;
    }
    const kind = OVERRIDE_KIND[target.$type];
    if (!kind || !target.name) return;
    const name = target.name.name;
    const existing = table.byName.get(name);
    if (!existing || existing.kind !== kind) {
      const candidates = [...table.byName.values()].filter((d) => d.kind === kind).map((d) => d.name);
      const what = existing ? `\`${name}\` is ${aKindWord(existing.kind)}, not ${aKindWord(kind)}` : `there is no ${kindWord(kind)} \`${name}\` to override`;
      sink.error('resolve/unknown-override-target', what, origin.file, target.name.range, didYouMean(name, candidates) ?? hintList(kind, candidates));
      return;
    }
    const replacement = make(target.name, origin, kind, target as DeclOf<typeof kind>['node'], existing.scope, existing.cardKind);
    replacement.seq = existing.seq;
    table.superseded.push({ decl: existing, status: 'overridden', by: replacement });
    table.byName.set(name, replacement);
    if (target.$type === 'CardDecl') {
      // a card kind is replaced with its members: its per-card pools and vars are the new declaration's
      for (const d of [...table.byName.values()]) if ((d.kind === 'pool' || d.kind === 'var') && d.scope === 'card' && d.cardKind === name) table.byName.delete(d.name);
      for (const pool of target.pools ?? []) if (pool?.name) declare(make(pool.name, origin, 'pool', pool, 'card', name));
      for (const variable of target.vars ?? []) if (variable?.name) declare(make(variable.name, origin, 'var', variable, 'card', name));
    }
  };

  for (const module of modules) {
    const origin: Origin = { module: module.name, file: module.file };
    for (const item of module.ast.items ?? []) if (item) apply(item, origin);
  }
  if (variant !== null) {
    const chosen = table.variants.find((v) => v.name === variant);
    if (chosen) {
      const origin: Origin = { ...chosen.origin, variant };
      for (const item of chosen.node.items ?? []) if (item) apply(item, origin);
    }
  }
  return table;
}

/** `a per-card pool of treasure`, `a per-player var`, `a rule`… */
export function describeDecl(d: Decl): string {
  const word = kindWord(d.kind);
  const article = /^[aeiou]/.test(word) ? 'an' : 'a';
  if (d.scope === 'card') return `a per-card ${word} of \`${d.cardKind ?? 'card'}\``;
  if (d.scope === 'player') return `a per-player ${word}`;
  if (d.scope !== 'global') return `a per-${d.scope} ${word}`;
  return `${article} ${word}`;
}

function renameSuggestion(d: Decl): string {
  if (d.scope === 'card') return `${d.cardKind ?? 'card'}_${d.name}`;
  if (d.scope === 'player') return `player_${d.name}`;
  return `${d.name}_${d.kind}`;
}

function hintList(kind: DeclKind, candidates: string[]): string {
  if (candidates.length === 0) return `there is no ${kindWord(kind)} in scope`;
  const shown = candidates.slice(0, 8).map((c) => `\`${c}\``).join(', ');
  return `the ${kindWord(kind)}s in scope are ${shown}${candidates.length > 8 ? ', …' : ''}`;
}
