import type { Range, RuleGraph } from '@houserules/schema';
import type { Expr } from '@houserules/syntax';
import type { Decl, DeclKind, Origin } from '../declaration-table.ts';
import type { LoadedModule } from '../module-loader.ts';
import type { Ty } from '../type-system.ts';
import type { OccurrenceRole } from './semantic-recorder.ts';
import type { SemanticQueries } from './semantic-queries.ts';

/** What kind of thing a symbol is (docs/design/semantic-model.md, the table of keys). */
export type SymbolKind =
  | DeclKind
  | 'field' | 'enum-member' | 'hex-kind' | 'region' | 'local' | 'step' | 'phase' | 'choice' | 'variant' | 'module'
  | 'builtin';

export interface SymbolDeclaration {
  file: string;
  /** the name as written */
  range: Range;
  /** where a namespace declaration comes from (module, and variant for a variant's items) */
  origin?: Origin;
  /** `override`: this declaration replaces an earlier one of the same name */
  overrides?: boolean;
}

/** One thing an author can name. */
export interface SemanticSymbol {
  /** stable within a model: `decl:<name>`, `local:<file>@<offset>`, `builtin:<what>:<name>`, … */
  key: string;
  name: string;
  kind: SymbolKind;
  /** every place it is declared, in load order (an overridden rule: the base's, then each override); none for builtins */
  declarations: SymbolDeclaration[];
  /** a namespace declaration: the one the base game uses (the latest override), else the first variant's */
  decl?: Decl;
  /** every declaration of the name, superseded ones included, in load order */
  decls?: Decl[];
  /** the type of a value: a local's, an option's, a var's, a derived value's, a field's */
  type?: Ty;
  /** builtins: which kind (`context`, `function`, `site-member`, `seat`, `agent`, `event`, `type`, `none`) */
  builtin?: string;
  /** a card field: its card kind */
  card?: string;
}

/** A name in a file that names a symbol. */
export interface SymbolOccurrence {
  file: string;
  range: Range;
  key: string;
  role: OccurrenceRole;
}

/** A local binding: where it is bound, its type, and where it can be seen. */
export interface LocalBinding {
  key: string;
  name: string;
  file: string;
  range: Range;
  type: Ty;
  /** an aggregate's binding is seen only inside the aggregate; others in the whole declaration, after the binding */
  within?: Range;
}

/** What a module set means, name by name (docs/design/semantic-model.md). */
export interface SemanticModel {
  /** the entry module's file */
  entry: string;
  /** load order: a base before its extensions, imports before importers */
  modules: LoadedModule[];
  symbols: ReadonlyMap<string, SemanticSymbol>;
  /** every occurrence in `file`, by start offset */
  occurrences(file: string): readonly SymbolOccurrence[];
  /** the occurrence whose range holds `offset` (its end included: a cursor just after a name is on it) */
  occurrenceAt(file: string, offset: number): SymbolOccurrence | undefined;
  /** every occurrence of the symbol, in every file, declarations included */
  occurrencesOf(key: string): readonly SymbolOccurrence[];
  /** the locals bound in `file`, by offset */
  bindings(file: string): readonly LocalBinding[];
  /** the type the checker gave an expression node of one of the loaded ASTs */
  typeOf(e: Expr): Ty | undefined;
  /** the variants of the module set */
  variants: readonly string[];
  /** the base game's graph, built also after errors (then with placeholders): its edges say what triggers and emits what */
  graph: RuleGraph | null;
  queries: SemanticQueries;
}
