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
import { NOT_PRECEDENCE, OPERATOR_PRECEDENCE } from './operator-precedence.ts';

const INDENT = '  ';
const MAX_INLINE_LIST = 80;
const MAX_FILLED_LINE = 100;

export function printAst(ast: A.RulesFile): string {
  return new Printer(null, null).file(ast);
}

export function format(text: string, file?: string): Result<string | null> {
  const parsed = parse(text, file);
  if (parsed.diagnostics.some((d) => d.severity === 'error')) return { value: null, diagnostics: parsed.diagnostics };
  const lexed = lex(text, file);
  if (lexed.comments.length === 0) return { value: printAst(parsed.value), diagnostics: parsed.diagnostics };

  const slots: SlotOffsets = { starts: new Set(), ends: new Set() };
  new Printer(null, slots).file(parsed.value);
  const comments = new CommentPlacement(text, lexed.tokens, lexed.comments, slots);
  const printed = new Printer(comments, null).file(parsed.value);
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

const ATOM = 9;

function precedence(e: A.Expr): number {
  switch (e.$type) {
    case 'IfExpr':
      return 0;
    case 'BinaryExpr':
      return OPERATOR_PRECEDENCE[e.op];
    case 'UnaryExpr':
      return e.op === 'not' ? NOT_PRECEDENCE : 8;
    case 'IsExpr':
      return OPERATOR_PRECEDENCE.is;
    case 'RangeExpr':
      return OPERATOR_PRECEDENCE['..'];
    case 'NumberLit':
      return e.value < 0 ? 8 : ATOM;
    default:
      return ATOM;
  }
}

export function printExpr(e: A.Expr, minPrecedence = 0): string {
  const text = exprText(e);
  return precedence(e) < minPrecedence ? `(${text})` : text;
}

function exprText(e: A.Expr): string {
  switch (e.$type) {
    case 'NumberLit':
      return String(e.value);
    case 'BoolLit':
      return e.value ? 'true' : 'false';
    case 'StringLit':
      return quote(e.value);
    case 'NameRef':
      return e.name.name;
    case 'MemberExpr':
      return `${printExpr(e.object, ATOM)}.${e.member.name}`;
    case 'CallExpr':
      return `${e.callee.name}(${e.args.map((a) => printExpr(a)).join(', ')})`;
    case 'BinaryExpr': {
      const p = OPERATOR_PRECEDENCE[e.op];
      const comparison = p === 4;
      // `a or (b and c)`: parentheses the precedence does not need, but a reader does
      const side = (x: A.Expr, min: number): string => (e.op === 'or' && x.$type === 'BinaryExpr' && x.op === 'and' ? `(${exprText(x)})` : printExpr(x, min));
      return `${side(e.left, comparison ? p + 1 : p)} ${e.op} ${side(e.right, p + 1)}`;
    }
    case 'UnaryExpr': {
      if (e.op === 'not') return `not ${printExpr(e.operand, 3)}`;
      const operand = printExpr(e.operand, 8);
      return operand.startsWith('-') ? `- ${operand}` : `-${operand}`;
    }
    case 'IsExpr':
      return `${printExpr(e.value, 5)} is ${e.kind.name}`;
    case 'IfExpr':
      return `if ${printExpr(e.condition)} then ${printExpr(e.then)} else ${printExpr(e.else)}`;
    case 'ListExpr':
      return `[${e.items.map((i) => printExpr(i)).join(', ')}]`;
    case 'RangeExpr':
      return `${printExpr(e.from, 6)}..${printExpr(e.to, 6)}`;
    case 'AggregateExpr':
      return `${e.fn}(${inBinding(e.binding, e.collection, e.where)}${e.value !== undefined ? `: ${printExpr(e.value)}` : ''})`;
  }
}

function inBinding(binding: A.Identifier, collection: A.Expr, where: A.Expr | undefined): string {
  return `${binding.name} in ${printExpr(collection)}${where !== undefined ? ` where ${printExpr(where)}` : ''}`;
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function typeText(t: A.TypeRef): string {
  switch (t.$type) {
    case 'NamedType':
      return t.name.name;
    case 'EnumType':
      return t.members.map((m) => m.name).join(' | ');
    case 'ListType':
      return `list of ${typeText(t.element)}`;
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
  constructor(
    private readonly comments: CommentPlacement | null,
    private readonly slots: SlotOffsets | null,
  ) {}

  private line(text: string): void {
    this.lines.push(text === '' ? '' : INDENT.repeat(this.depth) + text);
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
  private braced<T>(header: string, children: T[], each: (child: T) => void, leading?: () => void): void {
    if (children.length === 0 && leading === undefined) {
      this.line(`${header} {}`);
      return;
    }
    this.line(`${header} {`);
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
    let previous: { item: A.TopLevelItem; lines: number } | undefined;
    for (const item of ast.items) {
      const start = this.lines.length;
      this.item(item);
      // the comments before an item do not make it a multi-line item
      const lines = this.lines.length - this.bodyStart;
      const grouped = previous !== undefined && (previous.lines === 1 || lines === 1) && this.adjacentSameKind(previous.item, item);
      if (!grouped && start > 0) this.lines.splice(start, 0, '');
      previous = { item, lines };
    }
    while (this.lines[this.lines.length - 1] === '') this.lines.pop();
    return this.lines.length === 0 ? '' : `${this.lines.join('\n')}\n`;
  }

  /**
   * One-line items of the same kind that the author wrote on adjacent lines
   * (`zone path: public` / `zone out_of_game: public`) stay together; every
   * other pair of top-level items gets a blank line.
   */
  private adjacentSameKind(previous: A.TopLevelItem, item: A.TopLevelItem): boolean {
    return previous.$type === item.$type && item.range.start.line - previous.range.end.line === 1;
  }

  private item(item: A.TopLevelItem): void {
    this.slot(item, () => this.itemBody(item, ''));
  }

  /** Whether a line fits in MAX_FILLED_LINE columns at the current depth. */
  private fits(text: string): boolean {
    return INDENT.length * this.depth + text.length <= MAX_FILLED_LINE;
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
        return this.line(`${prefix}var ${item.name.name}: ${typeText(item.type)} = ${printExpr(item.initial)}`);
      case 'PerPlayerBlock':
        return this.braced(`${prefix}per player`, item.items, (member) => this.item(member));
      case 'PerSiteBlock':
        return this.braced(`${prefix}per ${item.site}`, item.items, (member) => this.item(member));
      case 'CardDecl': {
        const members = [
          ...item.fields.map((f) => `${f.name.name}: ${typeText(f.type)}`),
          ...item.pools.map((p) => poolText(p)),
        ];
        return this.line(`${prefix}card ${item.name.name}${members.length > 0 ? ` { ${members.join(', ')} }` : ''}`);
      }
      case 'ZoneDecl':
        return this.list(`${prefix}zone ${item.name.name}: ${item.visibility}`, item.contents.map(cardSpecText), '{', '}', item.contents.map((c) => c.range.start.line));
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
        const value = printExpr(item.value);
        // a long definition breaks after `=`
        if (this.fits(`${head} ${value}`)) this.line(`${head} ${value}`);
        else {
          this.line(head);
          this.continuation(value);
        }
        return this.cite(item.cite);
      }
      case 'FlowDecl':
        return this.braced(`${prefix}flow`, item.items, (f) => this.flowItem(f));
      case 'RuleDecl': {
        let header = `${prefix}rule ${item.name.name} on ${item.event.name}`;
        if (item.bindings.length > 0) header += `(${item.bindings.map((b) => b.name).join(', ')})`;
        if (item.when !== undefined) header += ` when ${printExpr(item.when)}`;
        if (item.order !== undefined) header += ` ${item.order.relation} ${item.order.target.name}`;
        return this.body(header, item.cite, item.body);
      }
      case 'ActionDecl': {
        let header = `${prefix}action ${item.name.name}${paramsText(item.params)}`;
        if (item.by !== undefined) header += ` by ${printExpr(item.by)}`;
        if (item.during !== undefined) header += ` during ${item.during.name}`;
        if (item.limitPerTurn !== undefined) header += ` limit ${item.limitPerTurn} per turn`;
        return this.body(header, item.cite, item.body);
      }
      case 'ConstraintDecl': {
        const bindings = item.bindings.length > 0 ? `(${item.bindings.map((b) => b.name).join(', ')})` : '';
        this.line(`${prefix}${item.kind} ${item.name.name} on ${item.action.name}${bindings} when ${printExpr(item.condition)}`);
        this.continuation(`reason ${quote(item.reason.value)}`);
        return this.cite(item.cite);
      }
      case 'EndDecl': {
        let text = `${prefix}end ${item.name.name} when ${printExpr(item.condition)} ${TIMING_TEXT[item.timing]}`;
        if (item.winners !== undefined) text += ` winners ${printExpr(item.winners)}`;
        this.line(text);
        return this.cite(item.cite);
      }
      case 'RankingDecl': {
        const keys = item.keys.map((k) => `${printExpr(k.value)} ${k.direction}`).join(' then ');
        this.line(`${prefix}ranking ${item.binding.name} by ${keys} ties ${item.ties === 'seat' ? 'by seat' : 'shared'}`);
        return this.cite(item.cite);
      }
      case 'InvariantDecl':
        this.line(`${prefix}invariant ${item.name.name}: ${printExpr(item.condition)}`);
        if (item.reason !== undefined) this.continuation(`reason ${quote(item.reason.value)}`);
        return;
      case 'PolicyDecl': {
        const header = `${prefix}policy ${item.name.name}${paramsText(item.params)}${item.doc !== undefined ? ` ${quote(item.doc.value)}` : ''}`;
        return this.braced(header, item.preferences, (p) =>
          this.slot(p, () =>
            this.line(`prefer ${p.target.name}${argsText(p.args)}${p.when !== undefined ? ` when ${printExpr(p.when)}` : ''}`),
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
    if (INDENT.length * this.depth + inline.length <= MAX_INLINE_LIST) {
      this.line(inline);
      return;
    }
    // Too long for one line: fill lines up to the width, breaking after a comma (and where the author broke).
    this.line(`${header} ${open}`);
    this.indented(() => {
      const width = MAX_FILLED_LINE - INDENT.length * this.depth;
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

  private body(header: string, cite: A.StringLiteralNode | undefined, statements: A.Statement[]): void {
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
          return this.braced(f.order === 'seat' ? 'turns' : `turns in ${f.order} order`, f.body, each);
        case 'PhaseFlow':
          return this.braced(`phase ${f.name.name}`, f.body, each);
        case 'RepeatFlow':
          return this.braced(f.while !== undefined ? `repeat while ${printExpr(f.while)}` : 'repeat', f.body, each);
        case 'ActionsFlow':
          return this.line(`actions by ${printExpr(f.by)}${f.until !== undefined ? ` until ${f.until.name}` : ''}`);
        case 'IfFlow':
          if (f.else.length === 0) return this.braced(`if ${printExpr(f.condition)}`, f.then, each);
          this.line(`if ${printExpr(f.condition)} {`);
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
        return this.line(
          `move ${s.amount === 'all' ? 'all' : printExpr(s.amount)} ${s.token.name} from ${printExpr(s.from)} to ${printExpr(s.to)}`,
        );
      case 'MoveCardStmt':
        return this.line(`move card ${printExpr(s.card)} to ${printExpr(s.to)}${s.position === 'bottom' ? ' bottom' : ''}`);
      case 'MoveCardsStmt':
        return this.line(`move cards from ${printExpr(s.from)} to ${printExpr(s.to)}`);
      case 'SetStmt':
        return this.line(`set ${printExpr(s.target)} = ${printExpr(s.value)}`);
      case 'LetStmt':
        return this.line(`let ${s.name.name} = ${printExpr(s.value)}`);
      case 'IfStmt':
        return this.ifStatement(s, 'if');
      case 'ForStmt':
        return this.braced(`for ${inBinding(s.binding, s.collection, s.where)}`, s.body, (c) => this.statement(c));
      case 'EmitStmt':
        return this.line(`emit ${s.event.name}${argsText(s.args)}`);
      case 'ShuffleStmt':
        return this.line(`shuffle ${printExpr(s.zone)}`);
      case 'RevealStmt':
        return this.line(`${s.mode} top of ${printExpr(s.from)} to ${printExpr(s.to)} as ${s.binding.name}`);
      case 'RollStmt':
        return this.line(`roll ${s.dice}d${s.sides} as ${s.binding.name}`);
      case 'PickStmt':
        return this.line(`pick random ${inBinding(s.binding, s.collection, s.where)}${s.weight !== undefined ? ` weighted by ${printExpr(s.weight)}` : ''}`);
      case 'AskStmt': {
        const who = s.who.$type === 'AskEach' ? `each ${inBinding(s.who.binding, s.who.collection, s.who.where)}` : printExpr(s.who.player);
        const choice =
          s.choice.$type === 'ChooseBinding' ? inBinding(s.choice.binding, s.choice.collection, s.choice.where) : printExpr(s.choice.target);
        const named = s.name ? ` as ${s.name.name}` : '';
        const header = `ask ${who} to choose ${choice}${named}${s.secretly ? ' secretly' : ''} then`;
        if (s.otherwise === undefined) return this.braced(header, s.then, (c) => this.statement(c));
        this.line(`${header} {`);
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
        return this.line(`end ${s.scope}${s.winners !== undefined ? ` winners ${printExpr(s.winners)}` : ''}`);
      case 'PlaceStmt':
        return this.line(`place ${s.piece.name}${s.owner !== undefined ? ` of ${printExpr(s.owner)}` : ''} at ${printExpr(s.at)}`);
      case 'RemovePieceStmt':
        return this.line(`remove piece at ${printExpr(s.at)}`);
      case 'StackStmt':
        return this.line(`stack ${printExpr(s.zone)}: ${s.cards.map(cardSpecText).join(', ')}`);
    }
  }

  /** `if … { } else if … { } else { }` — an else holding just one `if` prints as `else if`. */
  private ifStatement(s: A.IfStmt, keyword: string): void {
    const header = `${keyword} ${printExpr(s.condition)}`;
    if (s.else.length === 0) {
      this.braced(header, s.then, (c) => this.statement(c));
      return;
    }
    this.line(`${header} {`);
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
        return this.line(`fix dice ${t.faces.join(', ')}`);
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
        return this.line(`expect ${printExpr(t.condition)}`);
      case 'TestExpectEvent':
        return this.line(
          `expect ${t.negated ? 'not ' : ''}event ${t.event.name}${t.args !== undefined ? `(${t.args.map((a) => printExpr(a)).join(', ')})` : ''}` +
            `${t.times !== undefined ? ` ${t.times} times` : ''}${t.thisRound ? ' this round' : ''}`,
        );
      case 'TestExpectIllegal': {
        const move = t.move.$type === 'TestChoose' ? `chooses ${printExpr(t.move.value)}` : `does ${t.move.action.name}${argsText(t.move.args)}`;
        return this.line(`expect illegal ${t.seat.name} ${move}${t.because !== undefined ? ` because ${t.because.name}` : ''}`);
      }
      case 'TestExpectLegal': {
        const move = t.move.$type === 'TestChoose' ? `chooses ${printExpr(t.move.value)}` : `does ${t.move.action.name}${argsText(t.move.args)}`;
        return this.line(`expect legal ${t.seat.name} ${move}`);
      }
      case 'TestExpectGameOver':
        return this.line(`expect ${t.negated ? 'not ' : ''}game over${t.winners !== undefined ? ` winners ${printExpr(t.winners)}` : ''}`);
      case 'TestExpectAsked':
        return this.line(
          `expect ${t.negated ? 'not ' : ''}${t.seat.name} asked${t.ask !== undefined ? ` ${t.ask.name}` : ''}${t.options !== undefined ? ` options ${printExpr(t.options)}` : ''}`,
        );
      case 'TestExpectSees':
        return this.line(`expect ${t.negated ? 'not ' : ''}${t.seat.name} sees ${printExpr(t.target)}`);
    }
  }
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
  return p.entries.length === 0 ? `pool ${p.name.name} {}` : `pool ${p.name.name} { ${p.entries.map(poolEntryText).join(', ')} }`;
}

function boardItemText(b: A.BoardItem): string {
  if (b.key === 'frame') return `frame ${b.width ?? 1} ${b.name?.name ?? ''}`;
  if (b.key === 'spots' || b.key === 'paths') {
    const hex = `(${b.hex?.q ?? 0}, ${b.hex?.r ?? 0})`;
    if (b.key === 'spots') return `spots ${hex} ${(b.spots ?? []).map((s) => s.name).join(', ')}`;
    const end = (e: A.PathEnd): string => ('spot' in e ? e.spot.name : `corner ${e.corner}`);
    return `paths ${hex} ${(b.paths ?? []).map((p) => `${p.name.name}: ${end(p.from)} to ${end(p.to)}`).join(', ')}`;
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
