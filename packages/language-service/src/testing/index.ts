/**
 * Test helpers that read like the domain (after Langium's `langium/test`): a
 * document with a cursor marker `<|>` (and ranges marked `«…»`), then what
 * the service offers there. Framework-free: a failed expectation throws an
 * Error saying what was expected and what came, so vitest, the playground's
 * browser tests or a plain script can use them.
 */

import type { CompletionItem, Diagnostic, Hover, Position, Range } from 'vscode-languageserver-types';
import { createLanguageService, type LanguageService, type LanguageServiceOptions } from '../language-service.ts';
import { LineIndex } from '../positions/positions.ts';

export const CURSOR = '<|>';

/** A text with markers: the cursor `<|>` (at most one) and ranges `«…»` (any number, not nested). */
export interface MarkedText {
  text: string;
  /** the cursor's offset, or undefined when there is none */
  offset: number | undefined;
  position: Position | undefined;
  /** the marked ranges, in order */
  ranges: Range[];
  /** the marked ranges' texts */
  rangeTexts: string[];
}

export function parseMarkers(marked: string): MarkedText {
  let text = '';
  let offset: number | undefined;
  const spans: [number, number][] = [];
  let open = -1;
  for (let i = 0; i < marked.length; i++) {
    if (marked.startsWith(CURSOR, i)) {
      if (offset !== undefined) throw new Error('a test text has at most one cursor <|>');
      offset = text.length;
      i += CURSOR.length - 1;
    } else if (marked[i] === '«') open = text.length;
    else if (marked[i] === '»') {
      spans.push([open, text.length]);
      open = -1;
    } else text += marked[i];
  }
  const lines = new LineIndex(text);
  return {
    text,
    offset,
    position: offset === undefined ? undefined : lines.positionAt(offset),
    ranges: spans.map(([a, b]) => lines.rangeOf(a, b)),
    rangeTexts: spans.map(([a, b]) => text.slice(a, b)),
  };
}

export interface TestDocument extends MarkedText {
  uri: string;
  service: LanguageService;
}

export interface DocumentSetup {
  /** the document under test, with markers */
  text: string;
  /** its path (default `scenarios/test/test.rules`) */
  file?: string;
  /** other files it may load, by path (not open, read-only unless `writableFiles`) */
  files?: Record<string, string>;
  writableFiles?: boolean;
  /** a service to reuse (its other documents stay) */
  service?: LanguageService;
  options?: LanguageServiceOptions;
}

export const DEFAULT_FILE = '/scenarios/test/test.rules';

export function uriOf(path: string): string {
  return `file://${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Opens the document (markers removed) in a fresh service (or the given one). */
export function openDocument(setup: DocumentSetup): TestDocument {
  const service = setup.service ?? createLanguageService(setup.options);
  const marked = parseMarkers(setup.text);
  if (setup.files) {
    const files: Record<string, string> = {};
    for (const [path, text] of Object.entries(setup.files)) files[uriOf(path)] = text;
    service.addFiles(files, { readOnly: !setup.writableFiles });
  }
  const uri = uriOf(setup.file ?? DEFAULT_FILE);
  service.open(uri, marked.text, 1);
  return { ...marked, uri, service };
}

function cursorOf(doc: TestDocument): Position {
  if (!doc.position) throw new Error('the test text needs a cursor <|>');
  return doc.position;
}

function fail(message: string): never {
  throw new Error(message);
}

function show(values: readonly string[]): string {
  return values.length ? values.map((v) => JSON.stringify(v)).join(', ') : '(nothing)';
}

// ───────────────────────────── completion ─────────────────────────────

export function completionAt(setup: DocumentSetup): { doc: TestDocument; items: CompletionItem[]; labels: string[] } {
  const doc = openDocument(setup);
  const items = doc.service.completion(doc.uri, cursorOf(doc)).items;
  return { doc, items, labels: items.map((i) => i.label) };
}

export interface CompletionExpectation {
  /** labels that must be offered */
  includes?: string[];
  /** labels that must not be */
  excludes?: string[];
  /** exactly these labels, in any order */
  exactly?: string[];
  /** the first of these (by the service's sort order) must be offered before any other name */
  first?: string;
}

export function expectCompletion(setup: DocumentSetup, expected: CompletionExpectation): CompletionItem[] {
  const { items, labels } = completionAt(setup);
  const missing = (expected.includes ?? []).filter((l) => !labels.includes(l));
  if (missing.length) fail(`expected completion to offer ${show(missing)}; it offered ${show(labels)}`);
  const unwanted = (expected.excludes ?? []).filter((l) => labels.includes(l));
  if (unwanted.length) fail(`expected completion not to offer ${show(unwanted)}; it offered ${show(labels)}`);
  if (expected.exactly) {
    const want = [...expected.exactly].sort();
    const got = [...labels].sort();
    if (JSON.stringify(want) !== JSON.stringify(got)) fail(`expected completion to offer exactly ${show(want)}; it offered ${show(got)}`);
  }
  if (expected.first !== undefined) {
    const sorted = [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
    if (sorted[0]?.label !== expected.first) fail(`expected ${JSON.stringify(expected.first)} first; the order was ${show(sorted.slice(0, 8).map((i) => i.label))}`);
  }
  return items;
}

// ───────────────────────────── hover ─────────────────────────────

export function hoverAt(setup: DocumentSetup): { doc: TestDocument; hover: Hover | null; text: string } {
  const doc = openDocument(setup);
  const hover = doc.service.hover(doc.uri, cursorOf(doc));
  const contents = hover?.contents;
  const text = !contents ? '' : typeof contents === 'string' ? contents : 'value' in contents ? contents.value : contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
  return { doc, hover, text };
}

/** The hover at the cursor says each of `contains` (and none of `excludes`). */
export function expectHover(setup: DocumentSetup, expected: { contains?: string[]; excludes?: string[] }): string {
  const { text } = hoverAt(setup);
  if (!text && (expected.contains ?? []).length) fail(`expected a hover saying ${show(expected.contains ?? [])}; there was none`);
  const missing = (expected.contains ?? []).filter((c) => !text.includes(c));
  if (missing.length) fail(`expected the hover to say ${show(missing)}; it said:\n${text}`);
  const unwanted = (expected.excludes ?? []).filter((c) => text.includes(c));
  if (unwanted.length) fail(`expected the hover not to say ${show(unwanted)}; it said:\n${text}`);
  return text;
}

// ───────────────────────────── diagnostics ─────────────────────────────

export function diagnosticsOf(setup: DocumentSetup): { doc: TestDocument; diagnostics: Diagnostic[] } {
  const doc = openDocument(setup);
  return { doc, diagnostics: doc.service.diagnostics(doc.uri) };
}

/** A diagnostic with `code` whose range covers exactly the text marked `«…»` (the first marked range), or `text`. */
export function expectDiagnostic(setup: DocumentSetup, code: string, at?: { text?: string }): Diagnostic {
  const { doc, diagnostics } = diagnosticsOf(setup);
  const lines = new LineIndex(doc.text);
  const wanted = at?.text ?? doc.rangeTexts[0];
  const found = diagnostics.filter((d) => d.code === code);
  if (found.length === 0) fail(`expected a diagnostic ${code}; got ${show(diagnostics.map((d) => `${d.code}: ${d.message}`))}`);
  if (wanted === undefined) return found[0]!;
  const covered = found.map((d) => doc.text.slice(lines.offsetAt(d.range.start), lines.offsetAt(d.range.end)));
  const i = covered.indexOf(wanted);
  if (i < 0) fail(`expected ${code} on ${JSON.stringify(wanted)}; it was on ${show(covered)}`);
  return found[i]!;
}

/** No error and no warning. */
export function expectNoIssues(setup: DocumentSetup): void {
  const { diagnostics } = diagnosticsOf(setup);
  if (diagnostics.length) fail(`expected no diagnostics; got ${show(diagnostics.map((d) => `${d.code}: ${d.message}`))}`);
}

// ───────────────────────────── navigation ─────────────────────────────

/** A location as `path:text` (the text it covers), for assertions that read like the domain. */
export function describeLocation(service: LanguageService, location: { uri: string; range: Range }): string {
  const path = service.uris.toPath(location.uri);
  const text = service.workspace.text(path) ?? '';
  const lines = new LineIndex(text);
  return `${path}:${text.slice(lines.offsetAt(location.range.start), lines.offsetAt(location.range.end))}@${location.range.start.line + 1}`;
}

/** The definitions of the name at the cursor, each as `path:name@line`. */
export function definitionsAt(setup: DocumentSetup): string[] {
  const doc = openDocument(setup);
  return doc.service.definition(doc.uri, cursorOf(doc)).map((l) => describeLocation(doc.service, l));
}

/** The references to the name at the cursor, each as `path:name@line`. */
export function referencesAt(setup: DocumentSetup, includeDeclaration = true): string[] {
  const doc = openDocument(setup);
  return doc.service.references(doc.uri, cursorOf(doc), { includeDeclaration }).map((l) => describeLocation(doc.service, l));
}

/** Renames the name at the cursor: the texts after the edit, by path (only the files it changes), or the refusal. */
export function renameAt(setup: DocumentSetup, newName: string): { files: Record<string, string> } | { refused: string } {
  const doc = openDocument(setup);
  const edit = doc.service.rename(doc.uri, cursorOf(doc), newName);
  if ('refused' in edit) return edit;
  const files: Record<string, string> = {};
  for (const change of edit.documentChanges ?? []) {
    if (!('textDocument' in change)) continue;
    const path = doc.service.uris.toPath(change.textDocument.uri);
    files[path] = applyEdits(doc.service.workspace.text(path) ?? '', change.edits.filter((e): e is { range: Range; newText: string } => 'newText' in e));
  }
  return { files };
}

/** A text with LSP edits applied (they must not overlap). */
export function applyEdits(text: string, edits: readonly { range: Range; newText: string }[]): string {
  const lines = new LineIndex(text);
  const sorted = edits.map((e) => ({ start: lines.offsetAt(e.range.start), end: lines.offsetAt(e.range.end), text: e.newText })).sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
