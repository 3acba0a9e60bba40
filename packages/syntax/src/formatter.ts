/**
 * The canonical formatter: 2-space indentation, one statement per line, a
 * blank line between top-level items, minimal parentheses. `printAst` prints
 * an AST; `format` parses text and prints it back with its comments, or
 * refuses (a `format/unsupported-comment` diagnostic) when a comment sits
 * where it could not be kept.
 */

import type { Diagnostic, Result } from '@houserules/schema';
import type * as A from './ast.ts';
import { CommentPlacement, type PlacedComment, type SlotOffsets } from './comment-placement.ts';
import { lex } from './lexer.ts';
import { parse } from './parse.ts';
import { tokenRange } from './range.ts';
import {
  assignment,
  bracketed,
  exprDoc,
  headerCondition,
  inlineCondition,
  layOut,
  printExpr,
  quote,
  type Doc,
  type LayoutOptions,
} from './expression-layout.ts';

const INDENT = '  ';
/** A list that fits in this many columns stays on its header's line. */
const MAX_INLINE_LIST = 80;
/** The default line width (`houserules fmt --width`). */
export const DEFAULT_FORMAT_WIDTH = 100;

export interface FormatOptions {
  /** Columns a line may take; longer expressions wrap (default 100). Strings and names never break. */
  width?: number;
}

interface PrinterSettings {
  width: number;
  /** The source the AST came from: blank lines between items are read from it. */
  source: string | null;
}

function settings(options: FormatOptions, source: string | null): PrinterSettings {
  const width = options.width ?? DEFAULT_FORMAT_WIDTH;
  return { width: Number.isFinite(width) && width >= 20 ? Math.floor(width) : DEFAULT_FORMAT_WIDTH, source };
}

export function printAst(ast: A.RulesFile, options: FormatOptions = {}): string {
  return new Printer(null, null, settings(options, null)).file(ast);
}

export function format(text: string, file?: string, options: FormatOptions = {}): Result<string | null> {
  const parsed = parse(text, file);
  if (parsed.diagnostics.some((d) => d.severity === 'error')) return { value: null, diagnostics: parsed.diagnostics };
  const lexed = lex(text, file);
  const set = settings(options, text);
  if (lexed.comments.length === 0) return { value: new Printer(null, null, set).file(parsed.value), diagnostics: parsed.diagnostics };

  const slots: SlotOffsets = { starts: new Set(), ends: new Set() };
  new Printer(null, slots, set).file(parsed.value);
  const comments = new CommentPlacement(text, lexed.tokens, lexed.comments, slots);
  const printed = new Printer(comments, null, set).file(parsed.value);
  const lost = comments.unused();
  if (lost.length > 0) {
    const diagnostics: Diagnostic[] = lost.map((c) => {
      const d: Diagnostic = {
        code: 'format/unsupported-comment',
        severity: 'error',
        message: 'the formatter cannot keep a comment here, so it leaves the file as it is',
        range: tokenRange(c.token),
        hint: 'move the comment to its own line before a declaration or statement, or to the end of its line',
      };
      if (file !== undefined) d.file = file;
      return d;
    });
    return { value: null, diagnostics: [...parsed.diagnostics, ...diagnostics] };
  }
  return { value: printed, diagnostics: parsed.diagnostics };
}

// ───────────────────────────── expressions ─────────────────────────────

export { printExpr } from './expression-layout.ts';



function typeText(t: A.TypeRef): string {
  switch (t.$type) {
    case 'NamedType':
      return t.name.name;
    case 'EnumType':
      return t.members.map((m) => m.name).join(' | ');
    case 'ListType':
      return `list of ${typeText(t.element)}`;
    case 'MapType': {
      const keys = t.keys.$type === 'KeyRange' ? `${t.keys.from}..${t.keys.to}` : t.keys.names.map((n) => n.name).join(' | ');
      return `map ${keys} of ${typeText(t.value)}`;
    }
  }
}

function paramText(p: A.Param): string {
  let text = p.name.name;
  if (p.type !== undefined) text += `: ${typeText(p.type)}`;
  else if (p.domain !== undefined) text += ` in ${printExpr(p.domain)}`;
  if (p.default !== undefined) text += ` = ${printExpr(p.default)}`;
  return text;
}

function paramsText(params: A.Param[]): string {
  return params.length === 0 ? '' : `(${params.map(paramText).join(', ')})`;
}

function argsText(args: A.Expr[]): string {
  return args.length === 0 ? '' : `(${args.map((a) => printExpr(a)).join(', ')})`;
}

function cardSpecText(s: A.CardSpec): string {
  const args = s.args.map((a) => (a.name !== undefined ? `${a.name.name}: ${printExpr(a.value)}` : printExpr(a.value)));
  return `${s.count !== undefined ? `${s.count} of ` : ''}${s.kind.name}${args.length > 0 ? `(${args.join(', ')})` : ''}`;
}

function poolEntryText(e: A.PoolEntry): string {
  let text = e.token.name;
  if (e.initial === 'unlimited') text += ': unlimited';
  else if (e.initial !== undefined) text += `: ${printExpr(e.initial)}`;
  if (e.capacity !== undefined) text += ` max ${printExpr(e.capacity)}`;
  return text;
}

// ───────────────────────────── the printer ─────────────────────────────

class Printer {
  private readonly lines: string[] = [];
  private depth = 0;
  /** where the current top-level item starts, after the comments before it */
  private bodyStart = 0;

  /** `comments`: place them; `slots`: record where slot nodes are (a dry run before placing comments). */
  private readonly layout: LayoutOptions = { authorBreaks: true };

  constructor(
    private readonly comments: CommentPlacement | null,
    private readonly slots: SlotOffsets | null,
    private readonly settings: PrinterSettings,
  ) {}

  private line(text: string): void {
    this.lines.push(text === '' ? '' : INDENT.repeat(this.depth) + text);
  }

  /** A line (or the lines it wraps to) laid out in the width left at this depth. */
  private doc(d: Doc): void {
    for (const text of layOut(d, this.settings.width - INDENT.length * this.depth)) this.line(text);
  }

  /** An expression as a layout document. */
  private x(e: A.Expr, minPrecedence = 0): Doc {
    return exprDoc(e, this.layout, minPrecedence);
  }

  /** `binding in collection [where condition]` inside a header line. */
  private inBinding(binding: A.Identifier, collection: A.Expr, where: A.Expr | undefined): Doc {
    return [`${binding.name} in `, this.x(collection), where !== undefined ? [' where ', inlineCondition(this.x(where))] : ''];
  }

  private argsDoc(args: A.Expr[]): Doc {
    return args.length === 0 ? '' : bracketed('(', args.map((a) => this.x(a)), ')');
  }

  private blank(): void {
    if (this.lines.length > 0 && this.lines[this.lines.length - 1] !== '') this.lines.push('');
  }

  private indented(body: () => void): void {
    this.depth++;
    body();
    this.depth--;
  }

  /** `header {` children `}`, or `header {}` when empty. */
  private braced<T>(header: Doc, children: T[], each: (child: T) => void, leading?: () => void): void {
    if (children.length === 0 && leading === undefined) {
      this.doc([header, ' {}']);
      return;
    }
    this.doc([header, ' {']);
    this.indented(() => {
      leading?.();
      for (const child of children) each(child);
    });
    this.line('}');
  }

  /** Prints a node that comments can attach to. */
  private slot(node: { range: A.Range }, print: () => void): void {
    const start = node.range.start.offset;
    const end = node.range.end.offset;
    this.slots?.starts.add(start);
    this.slots?.ends.add(end);
    if (this.comments !== null) {
      for (const c of this.comments.take(this.comments.before, start)) this.comment(c);
    }
    if (this.depth === 0) this.bodyStart = this.lines.length;
    print();
    if (this.comments !== null) {
      for (const c of this.comments.take(this.comments.after, end)) {
        if (c.sameLine && !c.text.includes('\n')) this.lines[this.lines.length - 1] += ` ${c.text}`;
        else this.comment(c);
      }
    }
  }

  private comment(c: PlacedComment): void {
    for (const [i, part] of c.text.split('\n').entries()) this.line(i === 0 ? part : part.trimEnd());
    if (c.blankLineAfter) this.blank();
  }

  file(ast: A.RulesFile): string {
    if (this.comments !== null) {
      for (const c of this.comments.alone) {
        c.used = true;
        this.comment(c);
      }
    }
    if (ast.module !== undefined) {
      const header = ast.module;
      this.slot(header, () => {
        const ref = header.extends;
        const name = header.name.parts.map((p) => p.name).join('.');
        this.line(`module ${name}${ref !== undefined ? ` extends ${moduleRefText(ref)}` : ''}`);
      });
    }
    let previous: { item: A.TopLevelItem; lines: number; block: boolean } | undefined;
    for (const item of ast.items) {
      const start = this.lines.length;
      this.item(item);
      // the comments before an item do not make it a multi-line item
      const lines = this.lines.length - this.bodyStart;
      const block = this.lines[this.lines.length - 1]?.trimStart().startsWith('}') ?? false;
      const compact = previous !== undefined && (previous.lines === 1 || lines === 1 || (!previous.block && !block));
      // behaviour (a rule, an action, a test…) is always parted from another kind
      const parted = previous !== undefined && previous.item.$type !== item.$type && (partedBlock(previous.item, previous.block) || partedBlock(item, block));
      const grouped = previous !== undefined && compact && !parted && this.writtenTogether(previous.item, item);
      if (!grouped && start > 0) this.lines.splice(start, 0, '');
      previous = { item, lines, block };
    }
    while (this.lines[this.lines.length - 1] === '') this.lines.pop();
    return this.lines.length === 0 ? '' : `${this.lines.join('\n')}\n`;
  }

  /**
   * Top-level items the author wrote with no blank line between them stay
   * together when one of them is a one-liner (`zone path: public` / `zone
   * out_of_game: public`, `pool bank { … }` above `per player { … }`) or neither
   * has a body (a run of `require … reason …` constraints, of derived values).
   * Two blocks (`rule … { … }`) always get a blank line between them, a rule,
   * action or other behaviour block one from an item of another kind, and so
   * does every pair the author parted. A comment between two items does not
   * part them.
   */
  private writtenTogether(previous: A.TopLevelItem, item: A.TopLevelItem): boolean {
    const source = this.settings.source;
    if (source === null) return item.range.start.line - previous.range.end.line === 1;
    const between = source.slice(previous.range.end.offset, item.range.start.offset);
    // on the next line, with no blank line between (two items on one line were not grouped by anyone)
    return between.includes('\n') && !/\n[ \t]*\r?\n/.test(between);
  }

  private item(item: A.TopLevelItem): void {
    this.slot(item, () => this.itemBody(item, ''));
  }

  /** Whether a line fits in the width at the current depth. */
  private fits(text: string): boolean {
    return INDENT.length * this.depth + text.length <= this.settings.width;
  }

  private continuation(text: string): void {
    this.indented(() => this.line(text));
  }

  private cite(cite: A.StringLiteralNode | undefined): void {
    if (cite !== undefined) this.continuation(`cite ${quote(cite.value)}`);
  }

  private itemBody(item: A.TopLevelItem, prefix: string): void {
    switch (item.$type) {
      case 'ImportDecl':
        return this.line(`${prefix}import ${moduleRefText(item.module)}`);
      case 'ScenarioDecl': {
        const lines: string[] = [];
        if (item.source !== undefined) lines.push(`source ${quote(item.source.value)}`);
        if (item.players !== undefined) lines.push(`players ${item.players.min}..${item.players.max}`);
        return this.braced(`${prefix}scenario ${quote(item.title.value)}`, lines, (l) => this.line(l));
      }
      case 'OptionDecl': {
        const head = `${prefix}option ${item.name.name}: ${typeText(item.type)} = ${printExpr(item.default)}`;
        // a short description stays on the option's line, a long one goes below it
        const doc = item.doc === undefined ? undefined : quote(item.doc.value);
        if (doc !== undefined && this.fits(`${head} ${doc}`)) this.line(`${head} ${doc}`);
        else {
          this.line(head);
          if (doc !== undefined) this.continuation(doc);
        }
        return this.cite(item.cite);
      }
      case 'OptionDefaultDecl':
        return this.line(`${prefix}option ${item.name.name} = ${printExpr(item.value)}`);
      case 'TokenDecl': {
        const names = item.names.map((n) => n.name).join(', ');
        return this.line(item.group !== undefined ? `${prefix}tokens ${item.group.name} = ${names}` : `${prefix}token ${names}`);
      }
      case 'PoolDecl':
        return this.line(prefix + poolText(item));
      case 'VarDecl':
        return this.doc(assignment(`${prefix}${item.secret ? 'secret ' : ''}var ${item.name.name}: ${typeText(item.type)} =`, this.x(item.initial)));
      case 'PerPlayerBlock':
        return this.braced(`${prefix}per player`, item.items, (member) => this.item(member));
      case 'PerSiteBlock':
        return this.braced(`${prefix}per ${item.site}`, item.items, (member) => this.item(member));
      case 'CardDecl': {
        const members = [
          ...item.fields.map((f) => `${f.name.name}: ${typeText(f.type)}`),
          ...item.pools.map((p) => poolText(p)),
          ...item.vars.map((v) => `${v.secret ? 'secret ' : ''}var ${v.name.name}: ${typeText(v.type)} = ${printExpr(v.initial)}`),
        ];
        return this.line(`${prefix}card ${item.name.name}${members.length > 0 ? ` { ${members.join(', ')} }` : ''}`);
      }
      case 'ZoneDecl':
        return this.list(`${prefix}zone ${item.name.name}${item.keys ? `[${item.keys.from}..${item.keys.to}]` : ''}: ${item.visibility}`, item.contents.map(cardSpecText), '{', '}', item.contents.map((c) => c.range.start.line));
      case 'PieceDecl':
        return this.line(
          `${prefix}piece ${item.name.name} on ${item.site}, ${printExpr(item.supply)}${item.perPlayer ? ' per player' : ''}`,
        );
      case 'BoardDecl':
        return this.board(item, prefix);
      case 'EventDecl':
        return this.line(`${prefix}event ${item.name.name}${paramsText(item.params)}`);
      case 'DeriveDecl': {
        const head = `${prefix}derive ${item.name.name}${paramsText(item.params)}${item.type !== undefined ? `: ${typeText(item.type)}` : ''} =`;
        // a long definition breaks after `=`
        this.doc(assignment(head, this.x(item.value)));
        return this.cite(item.cite);
      }
      case 'ConstDecl':
        return this.doc(assignment(`${prefix}const ${item.name.name} =`, this.x(item.value)));
      case 'FlowDecl':
        return this.braced(`${prefix}flow`, item.items, (f) => this.flowItem(f));
      case 'RuleDecl': {
        let head = `${prefix}rule ${item.name.name} on ${item.event.name}`;
        if (item.bindings.length > 0) head += `(${item.bindings.map((b) => b.name).join(', ')})`;
        const header: Doc[] = [head];
        if (item.when !== undefined) header.push(headerCondition('when', this.x(item.when), this.brokeBefore(item.when)));
        if (item.order !== undefined) header.push(` ${item.order.relation} ${item.order.target.name}`);
        return this.body(header, item.cite, item.body);
      }
      case 'ActionDecl': {
        const header: Doc[] = [`${prefix}action ${item.name.name}${paramsText(item.params)}`];
        if (item.by !== undefined) header.push(' by ', this.x(item.by));
        if (item.during !== undefined) header.push(` during ${item.during.name}`);
        if (item.limitPerTurn !== undefined) header.push(` limit ${item.limitPerTurn} per turn`);
        return this.body(header, item.cite, item.body);
      }
      case 'ConstraintDecl': {
        const bindings = item.bindings.length > 0 ? `(${item.bindings.map((b) => b.name).join(', ')})` : '';
        this.doc([
          `${prefix}${item.kind} ${item.name.name} on ${item.action.name}${bindings}`,
          headerCondition('when', this.x(item.condition), this.brokeBefore(item.condition)),
        ]);
        this.continuation(`reason ${quote(item.reason.value)}`);
        return this.cite(item.cite);
      }
      case 'EndDecl': {
        const after: Doc[] = [TIMING_TEXT[item.timing]];
        if (item.winners !== undefined) after.push(' winners ', this.x(item.winners));
        this.doc([`${prefix}end ${item.name.name}`, headerCondition('when', this.x(item.condition), this.brokeBefore(item.condition), after)]);
        return this.cite(item.cite);
      }
      case 'RankingDecl': {
        const keys = item.keys.map((k) => `${printExpr(k.value)} ${k.direction}`).join(' then ');
        this.line(`${prefix}ranking ${item.binding.name} by ${keys} ties ${item.ties === 'seat' ? 'by seat' : 'shared'}`);
        return this.cite(item.cite);
      }
      case 'InvariantDecl':
        this.doc(assignment(`${prefix}invariant ${item.name.name}:`, this.x(item.condition)));
        if (item.reason !== undefined) this.continuation(`reason ${quote(item.reason.value)}`);
        return;
      case 'PolicyDecl': {
        const header = `${prefix}policy ${item.name.name}${paramsText(item.params)}${item.doc !== undefined ? ` ${quote(item.doc.value)}` : ''}`;
        return this.braced(header, item.preferences, (p) =>
          this.slot(p, () =>
            this.doc([
              `prefer ${p.target.name}`,
              this.argsDoc(p.args),
              p.when !== undefined ? headerCondition('when', this.x(p.when), this.brokeBefore(p.when)) : '',
            ]),
          ),
        );
      }
      case 'VariantDecl': {
        const header = `${prefix}variant ${item.name.name}${item.title !== undefined ? ` ${quote(item.title.value)}` : ''}`;
        return this.braced(header, item.items, (i) => this.item(i));
      }
      case 'OverrideDecl':
        return this.itemBody(item.target, `${prefix}override `);
      case 'RemoveDecl':
        return this.line(`${prefix}remove ${item.kind} ${item.name.name}`);
      case 'TestDecl': {
        const cite = item.cite;
        return this.braced(
          `${prefix}test ${quote(item.name.value)}`,
          item.items,
          (t) => this.slot(t, () => this.testItem(t)),
          cite === undefined ? undefined : () => this.blockCite(cite),
        );
      }
    }
  }

  /** `header open a, b close` on one line when short, else one element per line. */
  /** `sourceLines`: each element's line in the source; a long list also breaks where its author did. */
  private list(header: string, elements: string[], open: string, close: string, sourceLines?: number[]): void {
    if (elements.length === 0) {
      this.line(header);
      return;
    }
    const inline = `${header} ${open} ${elements.join(', ')} ${close}`;
    if (INDENT.length * this.depth + inline.length <= Math.min(MAX_INLINE_LIST, this.settings.width)) {
      this.line(inline);
      return;
    }
    // Too long for one line: fill lines up to the width, breaking after a comma (and where the author broke).
    this.line(`${header} ${open}`);
    this.indented(() => {
      const width = this.settings.width - INDENT.length * this.depth;
      let current = '';
      elements.forEach((e, i) => {
        const piece = i < elements.length - 1 ? `${e},` : e;
        const authorBreak = sourceLines !== undefined && i > 0 && sourceLines[i] !== sourceLines[i - 1];
        if (current !== '' && (authorBreak || current.length + 1 + piece.length > width)) {
          this.line(current);
          current = piece;
        } else {
          current = current === '' ? piece : `${current} ${piece}`;
        }
      });
      if (current !== '') this.line(current);
    });
    this.line(close);
  }

  private board(item: A.BoardDecl, prefix: string): void {
    const layout = item.layout;
    let header = `${prefix}board ${item.name.name}: hex`;
    if (layout.$type === 'HexRadius') {
      header += ` radius ${layout.radius}`;
    } else {
      this.line(`${header} map {`);
      this.indented(() => {
        // Hexes the author wrote on one line (a row of the map) stay on one line; comments may stand between rows.
        for (const row of sourceRows(layout.hexes)) {
          const first = row[0]!;
          const last = row[row.length - 1]!;
          const span = { range: { start: first.range.start, end: last.range.end } };
          // hexes with a terrain read best two spaces apart, bare coordinates one
          const gap = row.some((h) => h.kind !== undefined) ? '  ' : ' ';
          this.slot(span, () => this.line(row.map(hexEntryText).join(gap)));
        }
      });
      header = '}';
    }
    if (item.items.length === 0) {
      this.line(header);
      return;
    }
    this.braced(header, item.items, (b) => this.slot(b, () => this.line(boardItemText(b))));
  }

  /** Whether the keyword before `condition` (`when`) begins its line in the source: a hand-broken header. */
  private brokeBefore(condition: A.Expr): boolean {
    const source = this.settings.source;
    if (source === null) return false;
    let i = condition.range.start.offset;
    while (i > 0 && /\s/.test(source[i - 1]!)) i--;
    while (i > 0 && /\w/.test(source[i - 1]!)) i--;
    while (i > 0 && (source[i - 1] === ' ' || source[i - 1] === '\t')) i--;
    return i === 0 || source[i - 1] === '\n';
  }

  private body(header: Doc, cite: A.StringLiteralNode | undefined, statements: A.Statement[]): void {
    this.braced(header, statements, (s) => this.statement(s), cite === undefined ? undefined : () => this.blockCite(cite));
  }

  /** The `cite` line that opens a block; comments may stand before it. */
  private blockCite(cite: A.StringLiteralNode): void {
    this.slots?.starts.add(cite.range.start.offset);
    if (this.comments !== null) {
      for (const c of this.comments.take(this.comments.before, cite.range.start.offset)) this.comment(c);
    }
    this.line(`cite ${quote(cite.value)}`);
  }

  private flowItem(f: A.FlowItem): void {
    this.slot(f, () => {
      const each = (child: A.FlowItem): void => this.flowItem(child);
      switch (f.$type) {
        case 'StepFlow':
          return this.line(`step ${f.name.name}`);
        case 'RoundsFlow':
          return this.braced(`rounds ${f.count === 'forever' ? 'forever' : printExpr(f.count)}`, f.body, each);
        case 'TurnsFlow':
          return this.braced(`${f.order === 'seat' ? 'turns' : `turns in ${f.order} order`}${f.from ? ` from ${printExpr(f.from)}` : ''}`, f.body, each);
        case 'PhaseFlow':
          return this.braced(`phase ${f.name.name}`, f.body, each);
        case 'RepeatFlow':
          return this.braced(f.while !== undefined ? ['repeat while ', inlineCondition(this.x(f.while))] : 'repeat', f.body, each);
        case 'ActionsFlow':
          return this.doc(['actions by ', this.x(f.by), f.until !== undefined ? ` until ${f.until.name}` : '']);
        case 'IfFlow':
          if (f.else.length === 0) return this.braced(['if ', inlineCondition(this.x(f.condition))], f.then, each);
          this.doc(['if ', inlineCondition(this.x(f.condition)), ' {']);
          this.indented(() => f.then.forEach(each));
          this.line('} else {');
          this.indented(() => f.else.forEach(each));
          return this.line('}');
      }
    });
  }

  private statement(s: A.Statement): void {
    this.slot(s, () => this.statementBody(s));
  }

  private statementBody(s: A.Statement): void {
    switch (s.$type) {
      case 'MoveTokensStmt':
        return this.doc(['move ', s.amount === 'all' ? 'all' : this.x(s.amount), ` ${s.token.name} from `, this.x(s.from), ' to ', this.x(s.to)]);
      case 'MoveCardStmt':
        return this.doc(['move card ', this.x(s.card), ' to ', this.x(s.to), s.position === 'bottom' ? ' bottom' : '']);
      case 'MoveCardsStmt':
        return this.doc(['move cards from ', this.x(s.from), ' to ', this.x(s.to)]);
      case 'SetStmt':
        return this.doc(assignment(['set ', this.x(s.target), ' ='], this.x(s.value)));
      case 'LetStmt':
        return this.doc(assignment(`let ${s.name.name} =`, this.x(s.value)));
      case 'IfStmt':
        return this.ifStatement(s, 'if');
      case 'ForStmt':
        return this.braced(['for ', this.inBinding(s.binding, s.collection, s.where)], s.body, (c) => this.statement(c));
      case 'EmitStmt':
        return this.doc([`emit ${s.event.name}`, this.argsDoc(s.args)]);
      case 'ShuffleStmt':
        return this.line(`shuffle ${printExpr(s.zone)}`);
      case 'RevealStmt':
        return this.line(`${s.mode} top of ${printExpr(s.from)} to ${printExpr(s.to)} as ${s.binding.name}`);
      case 'RollStmt':
        return this.line(`roll ${s.dice}d${s.sides} as ${s.binding.name}`);
      case 'PickStmt':
        return this.doc([
          'pick random ',
          this.inBinding(s.binding, s.collection, s.where),
          s.weight !== undefined ? [' weighted by ', this.x(s.weight)] : '',
        ]);
      case 'AskStmt': {
        const who = s.who.$type === 'AskEach' ? ['each ', this.inBinding(s.who.binding, s.who.collection, s.who.where)] : this.x(s.who.player);
        const choice =
          s.choice.$type === 'ChooseBinding' ? this.inBinding(s.choice.binding, s.choice.collection, s.choice.where) : this.x(s.choice.target);
        const named = s.name ? ` as ${s.name.name}` : '';
        const header: Doc = ['ask ', who, ' to choose ', choice, `${named}${s.secretly ? ' secretly' : ''} then`];
        if (s.otherwise === undefined) return this.braced(header, s.then, (c) => this.statement(c));
        this.doc([header, ' {']);
        this.indented(() => {
          for (const c of s.then) this.statement(c);
        });
        this.line('} otherwise {');
        this.indented(() => {
          for (const c of s.otherwise ?? []) this.statement(c);
        });
        return this.line('}');
      }
      case 'EndStmt':
        return this.doc([`end ${s.scope}`, s.winners !== undefined ? [' winners ', this.x(s.winners)] : '']);
      case 'PlaceStmt':
        return this.doc([`place ${s.piece.name}`, s.owner !== undefined ? [' of ', this.x(s.owner)] : '', ' at ', this.x(s.at)]);
      case 'RemovePieceStmt':
        return this.doc(['remove piece at ', this.x(s.at)]);
      case 'StackStmt':
        return this.line(`stack ${printExpr(s.zone)}: ${s.cards.map(cardSpecText).join(', ')}`);
      case 'ShowStmt':
        if (s.form === 'look') return this.doc(['let ', this.x(s.to), ' look at ', this.x(s.cards)]);
        return this.doc(['show ', this.x(s.cards), ' to ', this.x(s.to)]);
    }
  }

  /** `if … { } else if … { } else { }` — an else holding just one `if` prints as `else if`. */
  private ifStatement(s: A.IfStmt, keyword: string): void {
    const header: Doc = [`${keyword} `, inlineCondition(this.x(s.condition))];
    if (s.else.length === 0) {
      this.braced(header, s.then, (c) => this.statement(c));
      return;
    }
    this.doc([header, ' {']);
    this.indented(() => {
      for (const c of s.then) this.statement(c);
    });
    const only = s.else.length === 1 ? s.else[0] : undefined;
    if (only !== undefined && only.$type === 'IfStmt') {
      this.ifStatement(only, '} else if');
      return;
    }
    this.line('} else {');
    this.indented(() => {
      for (const c of s.else) this.statement(c);
    });
    this.line('}');
  }

  private testItem(t: A.TestItem): void {
    switch (t.$type) {
      case 'TestPlayers':
        return this.line(`players ${t.count}`);
      case 'TestSeed':
        return this.line(`seed ${t.seed}`);
      case 'TestVariant':
        return this.line(`variant ${t.name.name}`);
      case 'TestOption':
        return this.line(`option ${t.name.name} = ${printExpr(t.value)}`);
      case 'TestOptionReadings':
        return this.line(`option ${t.name.name} in ${t.values === null ? 'all' : printExpr(t.values)}`);
      case 'TestArrange':
        return this.braced('arrange', t.body, (s) => this.statement(s));
      case 'TestAdvance':
        return this.line('advance');
      case 'TestFixDice':
        return this.line(t.total !== undefined ? `fix dice to ${printExpr(t.total)}` : `fix dice ${t.faces.join(', ')}`);
      case 'TestChoose':
        return this.line(`${t.seat.name} chooses ${printExpr(t.value)}`);
      case 'TestDo':
        return this.line(`${t.seat.name} does ${t.action.name}${argsText(t.args)}`);
      case 'TestPlay': {
        let text = 'play';
        if (t.until !== undefined) text += ` until ${printExpr(t.until)}`;
        if (t.agents.length > 0) text += ` with ${t.agents.map((a) => `${a.name.name}${argsText(a.args)}`).join(', ')}`;
        return this.line(text);
      }
      case 'TestExpect':
        return this.doc(['expect ', inlineCondition(this.x(t.condition)), whenText(t.when)]);
      case 'TestExpectEvent':
        return this.line(
          `expect ${t.negated ? 'not ' : ''}event ${t.event.name}${t.args !== undefined ? `(${t.args.map((a) => printExpr(a)).join(', ')})` : ''}` +
            `${t.times !== undefined ? ` ${t.times} times` : ''}${t.thisRound ? ' this round' : ''}` +
            `${t.before !== undefined ? ` before ${t.before.event.name}${t.before.args !== undefined ? `(${t.before.args.map((a) => printExpr(a)).join(', ')})` : ''}` : ''}${whenText(t.when)}`,
        );
      case 'TestExpectIllegal': {
        const move = t.move.$type === 'TestChoose' ? `chooses ${printExpr(t.move.value)}` : `does ${t.move.action.name}${argsText(t.move.args)}`;
        return this.line(`expect illegal ${t.seat.name} ${move}${t.because !== undefined ? ` because ${t.because.name}` : ''}${whenText(t.when)}`);
      }
      case 'TestExpectLegal': {
        const move = t.move.$type === 'TestChoose' ? `chooses ${printExpr(t.move.value)}` : `does ${t.move.action.name}${argsText(t.move.args)}`;
        return this.line(`expect legal ${t.seat.name} ${move}${whenText(t.when)}`);
      }
      case 'TestExpectGameOver':
        return this.line(`expect ${t.negated ? 'not ' : ''}game over${t.by !== undefined ? ` by ${t.by.name}` : ''}${t.winners !== undefined ? ` winners ${printExpr(t.winners)}` : ''}${whenText(t.when)}`);
      case 'TestExpectAsked':
        return this.line(
          `expect ${t.negated ? 'not ' : ''}${t.seat.name} asked${t.ask !== undefined ? ` ${t.ask.name}` : ''}${t.options !== undefined ? ` options ${printExpr(t.options)}` : ''}${whenText(t.when)}`,
        );
      case 'TestExpectSees':
        return this.line(`expect ${t.negated ? 'not ' : ''}${t.seat.name} sees ${printExpr(t.target)}${whenText(t.when)}`);
    }
  }
}

/** an expectation's `when` (one reading of an option), as written */
function whenText(when: A.Expr | undefined): string {
  return when === undefined ? '' : ` when ${printExpr(when)}`;
}

/** A block other than a block of declarations (`per player { … }`): it keeps a blank line from items of other kinds. */
function partedBlock(item: A.TopLevelItem, block: boolean): boolean {
  return block && item.$type !== 'PerPlayerBlock' && item.$type !== 'PerSiteBlock';
}

const TIMING_TEXT: Record<A.EndDecl['timing'], string> = {
  immediately: 'immediately',
  own_turn: 'during own turn',
  end_of_turn: 'at end of turn',
  end_of_round: 'at end of round',
};

function moduleRefText(ref: A.ModuleRef): string {
  return ref.$type === 'StringLiteral' ? quote(ref.value) : ref.parts.map((p) => p.name).join('.');
}

function poolText(p: A.PoolDecl): string {
  const head = `${p.secret ? 'secret ' : ''}pool ${p.name.name}`;
  return p.entries.length === 0 ? `${head} {}` : `${head} { ${p.entries.map(poolEntryText).join(', ')} }`;
}

function boardItemText(b: A.BoardItem): string {
  if (b.key === 'frame') return `frame ${b.width ?? 1} ${b.name?.name ?? ''}`;
  if (b.key === 'spots' || b.key === 'paths') {
    const hex = `(${b.hex?.q ?? 0}, ${b.hex?.r ?? 0})`;
    const when = b.when ? ` when ${printExpr(b.when)}` : '';
    if (b.key === 'spots') return `spots ${hex} ${(b.spots ?? []).map((s) => s.name).join(', ')}${when}`;
    const end = (e: A.PathEnd): string => ('spot' in e ? e.spot.name : `corner ${e.corner}`);
    return `paths ${hex} ${(b.paths ?? []).map((p) => `${p.name.name}: ${end(p.from)} to ${end(p.to)}`).join(', ')}${when}`;
  }
  if (b.key === 'region') {
    const hexes = (b.values as A.Expr[]).map((v) => {
      if (v.$type === 'ListExpr') return `(${v.items.map((i) => printExpr(i)).join(', ')})`;
      return printExpr(v);
    });
    return `region ${b.name?.name ?? ''} = [${hexes.join(' ')}]`;
  }
  const values =
    b.key === 'kinds'
      ? (b.values as A.CardSpec[]).map(cardSpecText)
      : (b.values as A.Expr[]).map((v) => printExpr(v));
  const except = b.except !== undefined && b.except.length > 0 ? ` except ${b.except.map((e) => e.name).join(', ')}` : '';
  return `${b.key}${b.shuffled ? ' shuffled' : ''} [${values.join(', ')}]${except}`;
}

function hexEntryText(h: A.HexEntry): string {
  return `(${h.q}, ${h.r})${h.kind !== undefined ? ` ${h.kind.name}` : ''}${h.value !== undefined ? ` ${h.value}` : ''}`;
}

/** Consecutive hexes that start on the same source line. */
function sourceRows(hexes: A.HexEntry[]): A.HexEntry[][] {
  const rows: A.HexEntry[][] = [];
  for (const h of hexes) {
    const row = rows[rows.length - 1];
    if (row !== undefined && row[row.length - 1]!.range.start.line === h.range.start.line) row.push(h);
    else rows.push([h]);
  }
  return rows;
}
