import { diffLines } from 'diff';
import type { Provenance, RuleGraph } from '@houserules/schema';
import { parse } from '@houserules/syntax';

/** Reads a source file a graph's provenance names; undefined when it cannot be read. */
export type ReadText = (file: string) => string | undefined;

/** Where one side of a node is written, and the sentence it cites. */
export interface NodeLocation {
  file: string;
  module: string;
  line: number;
  column: number;
  cite?: string;
  /** an option's or a policy's documentation, as its author wrote it */
  doc?: string;
}

/** One line of a source diff: ` ` the same on both sides, `-` only in the first, `+` only in the second. */
export interface SourceLine {
  op: ' ' | '-' | '+';
  text: string;
}

/** the longest source text the diff shows of one node (a longer one is cut, and says so) */
export const SOURCE_TEXT_LIMIT = 20_000;

export function locationOf(p: Provenance | undefined): NodeLocation | undefined {
  if (!p) return undefined;
  const loc: NodeLocation = { file: p.file, module: p.module, line: p.range.start.line, column: p.range.start.column };
  if (p.cite !== undefined) loc.cite = p.cite;
  return loc;
}

/**
 * The text of the declaration a node was written as. A node's provenance
 * names its identifier; the declaration is the smallest syntax node holding
 * that identifier as a direct part (the file is parsed once per text).
 */
export function sourceOf(p: Provenance | undefined, read: ReadText | undefined): string | undefined {
  if (!p || !read) return undefined;
  const text = read(p.file);
  if (text === undefined) return undefined;
  const span = declarationSpan(text, p.range.start.offset) ?? { start: p.range.start.offset, end: p.range.end.offset };
  const start = Math.max(0, span.start);
  const end = Math.min(text.length, span.end, start + SOURCE_TEXT_LIMIT);
  if (end <= start) return undefined;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  // the first line indented as its line is (not by its column: `override forbid x` starts at `forbid`)
  const lead = /^[ \t]*/.exec(text.slice(lineStart, start))?.[0] ?? '';
  return lead + text.slice(start, end);
}

const parsed = new Map<string, unknown>();
/** files parsed for their declarations' spans, at most this many kept */
const PARSED_KEPT = 64;

function declarationSpan(text: string, identOffset: number): { start: number; end: number } | undefined {
  let ast = parsed.get(text);
  if (ast === undefined) {
    ast = parse(text).value;
    if (parsed.size >= PARSED_KEPT) parsed.clear();
    parsed.set(text, ast);
  }
  let best: { start: number; end: number } | undefined;
  const isIdent = (v: unknown): boolean => {
    const o = v as { $type?: string; range?: { start: { offset: number } } } | null;
    return o !== null && typeof o === 'object' && o.$type === 'Identifier' && o.range?.start.offset === identOffset;
  };
  const visit = (v: unknown, depth: number): void => {
    if (depth > 200 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) visit(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown> & { range?: { start: { offset: number }; end: { offset: number } } };
    const r = o.range;
    if (r && (r.start.offset > identOffset || r.end.offset <= identOffset)) return;
    if (r && o['$type'] !== 'Identifier') {
      const holds = Object.values(o).some((x) => isIdent(x) || (Array.isArray(x) && x.some(isIdent)));
      if (holds && (!best || r.end.offset - r.start.offset < best.end - best.start)) best = { start: r.start.offset, end: r.end.offset };
    }
    for (const x of Object.values(o)) visit(x, depth + 1);
  };
  visit(ast, 0);
  return best;
}

/** A line diff of two texts, blank lines and leading/trailing spaces ignored. */
export function sourceDiff(a: string, b: string): SourceLine[] {
  // blank lines dropped, and each side dedented (a variant's declarations sit deeper than the base's)
  const clean = (s: string): string => {
    const lines = s.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '');
    const indent = Math.min(...lines.map((l) => l.length - l.trimStart().length));
    return lines.map((l) => l.slice(indent)).join('\n') + '\n';
  };
  const out: SourceLine[] = [];
  for (const part of diffLines(clean(a), clean(b), { ignoreWhitespace: true })) {
    const op = part.added ? '+' : part.removed ? '-' : ' ';
    for (const line of part.value.replace(/\n$/, '').split('\n')) out.push({ op, text: line });
  }
  return out;
}

/**
 * Where a graph sets an option's default anew — `option x = v` in its variant's
 * block, or in a module extending the one that declares it — rather than where
 * the option is declared; undefined when nothing sets it anew (or the sources
 * cannot be read).
 */
export function optionSettingOf(g: RuleGraph, name: string, read: ReadText | undefined): NodeLocation | undefined {
  if (!read) return undefined;
  type Item = { $type?: string; name?: { name?: string; range?: { start: { line: number; column: number } } }; items?: Item[]; range?: { start: { line: number; column: number } } };
  const setting = (items: Item[] | undefined): Item | undefined => items?.filter((i) => i.$type === 'OptionDefaultDecl' && i.name?.name === name).at(-1);
  // the root module last: the latest setting wins, the variant's over its module's
  for (const m of [...g.scenario.modules].reverse()) {
    const text = read(m.file);
    if (text === undefined) continue;
    let ast = parsed.get(text) as { items?: Item[] } | undefined;
    if (ast === undefined) {
      ast = parse(text).value as { items?: Item[] };
      if (parsed.size >= PARSED_KEPT) parsed.clear();
      parsed.set(text, ast);
    }
    const variant = g.scenario.variant === null ? undefined : ast?.items?.find((i) => i.$type === 'VariantDecl' && i.name?.name === g.scenario.variant);
    const found = setting(variant?.items) ?? setting(ast?.items);
    if (found?.range) return { file: m.file, module: m.name, line: found.range.start.line, column: found.range.start.column };
  }
  return undefined;
}
