import type { Range } from '@houserules/schema';
import type { CardField, EnumType, Expr, Identifier } from '@houserules/syntax';
import type { Decl } from '../declaration-table.ts';
import type { Ty } from '../type-system.ts';

/** How an occurrence uses what it names. */
export type OccurrenceRole = 'declaration' | 'read' | 'write' | 'override' | 'remove';

/** What a resolved name denotes, as the lowering found it. */
export type ResolvedName =
  | { k: 'decl'; decl: Decl }
  /** a local: `binding` is the identifier that bound it */
  | { k: 'local'; binding: Identifier; file: string }
  /** a member of an enum type (its type object tells where it was written) */
  | { k: 'enum'; ty: Ty & { t: 'enum' }; member: string }
  | { k: 'field'; card: Decl & { kind: 'card' }; field: CardField }
  /** an event named by `on`, `emit`, `expect event`: declared, a flow step or builtin */
  | { k: 'event'; name: string }
  | { k: 'phase'; name: string }
  | { k: 'choice'; name: string }
  | { k: 'variant'; name: string }
  | { k: 'region'; board: string; name: string }
  | { k: 'module'; file: string }
  /** what the language itself declares: context names, functions, site members, seats, agents */
  | { k: 'builtin'; what: 'context' | 'function' | 'site-member' | 'seat' | 'agent' | 'event' | 'type' | 'none'; name: string };

/**
 * What the lowering tells the semantic model (docs/design/semantic-model.md).
 * Plain compilations pass none; every call site is `recorder?.…`.
 */
export interface SemanticRecorder {
  /** a name in `file` that resolved to `target` */
  reference(file: string, ident: Identifier, target: ResolvedName, role: OccurrenceRole): void;
  /** a local bound at `ident`, visible in `within` when it is narrower than the enclosing declaration (aggregates) */
  binding(file: string, ident: Identifier, ty: Ty, within?: Range): void;
  /** the type the checker gave an expression */
  exprType(e: Expr, ty: Ty): void;
  /** an enum type object made from a written `a | b` */
  enumType(ty: Ty, node: EnumType, file: string): void;
  /** a flow step or phase, or a named choice, declared at `ident` */
  declaration(file: string, ident: Identifier, target: ResolvedName): void;
}
