/**
 * The language service: a workspace of `.rules` documents and every editor
 * feature over it, in LSP's types (0-based positions, URIs). URIs and
 * positions are converted here, at the edge, and nowhere else: the features
 * work on paths and offsets.
 */

import type {
  CodeAction, CodeLens, CompletionItem, CompletionList, Diagnostic, DocumentHighlight, DocumentSymbol, FoldingRange, Hover, Location, Position, Range,
  SemanticTokens, SignatureHelp, TextEdit, WorkspaceEdit,
} from 'vscode-languageserver-types';
import { codeActions } from './features/code-actions.ts';
import { codeLenses } from './features/code-lens.ts';
import { completion } from './features/completion.ts';
import { definition } from './features/definition.ts';
import { documentHighlights } from './features/document-highlights.ts';
import { documentSymbols } from './features/document-symbols.ts';
import { foldingRanges } from './features/folding.ts';
import { formatting } from './features/formatting.ts';
import { references } from './features/references.ts';
import { prepareRename, rename, type RenameRefusal } from './features/rename.ts';
import { semanticTokens } from './features/semantic-tokens.ts';
import { signatureHelp } from './features/signature-help.ts';
import { runTests, type TestRunResult } from './features/test-runs.ts';
import { toLspDiagnostic } from './features/diagnostics.ts';
import { CoverageStore } from './features/coverage-store.ts';
import { diagnostics } from './features/diagnostics.ts';
import type { FeatureContext } from './features/feature-context.ts';
import { hover } from './features/hover.ts';
import { resolveCompletion } from './features/completion-resolve.ts';
import { UriMapping } from './positions/uri-mapping.ts';
import { Workspace, type WorkspaceOptions } from './workspace/workspace.ts';

export interface LanguageServiceOptions extends WorkspaceOptions {
  /** Where a failure inside the service goes (a bug: it is answered with nothing); default: one line on the console, without the stack. */
  onInternalError?: (error: unknown) => void;
}

/** A request made for a document version that is no longer the current one gets no answer (never a wrong one). */
export interface RequestOptions {
  version?: number;
}

export class LanguageService {
  readonly workspace: Workspace;
  readonly uris = new UriMapping();
  readonly coverage = new CoverageStore();
  private readonly cx: FeatureContext;
  private readonly report: (error: unknown) => void;

  constructor(options: LanguageServiceOptions = {}) {
    this.workspace = new Workspace(options);
    this.report = options.onInternalError ?? reportInternalError;
    this.cx = { workspace: this.workspace, uris: this.uris, coverage: this.coverage };
  }

  // ───────────────────────────── documents ─────────────────────────────

  open(uri: string, text: string, version: number, options: { readOnly?: boolean } = {}): void {
    this.workspace.open(this.uris.toPath(uri), text, version, options);
  }

  update(uri: string, text: string, version: number): void {
    this.workspace.update(this.uris.toPath(uri), text, version);
  }

  close(uri: string): void {
    this.workspace.close(this.uris.toPath(uri));
  }

  /** Files the open documents may load, not open themselves (a page's scenario gallery): keys are URIs or paths; read-only unless said otherwise. */
  addFiles(files: Record<string, string>, options: { readOnly?: boolean } = {}): void {
    const byPath: Record<string, string> = {};
    for (const [key, text] of Object.entries(files)) byPath[key.includes('://') ? this.uris.toPath(key) : key] = text;
    this.workspace.addFiles(byPath, options);
  }

  /** The editor version of an open document (undefined when it is not open). */
  version(uri: string): number | undefined {
    const doc = this.workspace.document(this.uris.toPath(uri));
    return doc?.open ? doc.version : undefined;
  }

  /** The open documents whose diagnostics may have changed when `uri` changed (itself included), as URIs. */
  dependents(uri: string): string[] {
    return this.workspace.dependents(this.uris.toPath(uri)).map((d) => this.uris.toUri(d.path));
  }

  // ───────────────────────────── features ─────────────────────────────

  /** The document's diagnostics (for a document over the source budget: the one that says so). */
  diagnostics(uri: string, options: RequestOptions = {}): Diagnostic[] {
    return this.at(uri, options, [], (path) => diagnostics(this.cx, path), { oversize: true });
  }

  /**
   * Why a request on `uri` cannot be answered from it: it is neither open nor
   * given, and the host would not read it (outside the project, too big); or
   * undefined when it can.
   */
  refusal(uri: string): string | undefined {
    return this.guard(() => {
      const path = this.uris.toPath(uri);
      return this.workspace.holds(path) ? undefined : this.workspace.refusal(path)?.message;
    }, undefined);
  }

  completion(uri: string, position: Position, options: RequestOptions = {}): CompletionList {
    return this.at(uri, options, { isIncomplete: false, items: [] }, (path, offset) => completion(this.cx, path, offset(position)));
  }

  resolveCompletion(item: CompletionItem): CompletionItem {
    return this.guard(() => resolveCompletion(this.cx, item), item);
  }

  hover(uri: string, position: Position, options: RequestOptions = {}): Hover | null {
    return this.at(uri, options, null, (path, offset) => hover(this.cx, path, offset(position)));
  }

  /** Where the name at the cursor is declared (across modules: into the base an extension extends). */
  definition(uri: string, position: Position, options: RequestOptions = {}): Location[] {
    return this.at(uri, options, [], (path, offset) => definition(this.cx, path, offset(position)));
  }

  references(uri: string, position: Position, options: RequestOptions & { includeDeclaration?: boolean } = {}): Location[] {
    return this.at(uri, options, [], (path, offset) => references(this.cx, path, offset(position), options.includeDeclaration ?? true));
  }

  /** The name that would be renamed, or why it cannot be. */
  prepareRename(uri: string, position: Position, options: RequestOptions = {}): { range: Range; placeholder: string } | RenameRefusal {
    return this.at<{ range: Range; placeholder: string } | RenameRefusal>(uri, options, { refused: 'the document changed' }, (path, offset) => prepareRename(this.cx, path, offset(position)));
  }

  /** Every occurrence renamed, in every module that sees it, as edits naming the document versions they apply to; or why not. */
  rename(uri: string, position: Position, newName: string, options: RequestOptions = {}): WorkspaceEdit | RenameRefusal {
    return this.at<WorkspaceEdit | RenameRefusal>(uri, options, { refused: 'the document changed' }, (path, offset) => rename(this.cx, path, offset(position), newName));
  }

  documentHighlights(uri: string, position: Position, options: RequestOptions = {}): DocumentHighlight[] {
    return this.at(uri, options, [], (path, offset) => documentHighlights(this.cx, path, offset(position)));
  }

  documentSymbols(uri: string, options: RequestOptions = {}): DocumentSymbol[] {
    return this.at(uri, options, [], (path) => documentSymbols(this.cx, path));
  }

  foldingRanges(uri: string, options: RequestOptions = {}): FoldingRange[] {
    return this.at(uri, options, [], (path) => foldingRanges(this.cx, path));
  }

  semanticTokens(uri: string, options: RequestOptions = {}): SemanticTokens {
    return this.at(uri, options, { data: [] }, (path) => semanticTokens(this.cx, path));
  }

  signatureHelp(uri: string, position: Position, options: RequestOptions = {}): SignatureHelp | null {
    return this.at(uri, options, null, (path, offset) => signatureHelp(this.cx, path, offset(position)));
  }

  /** The canonical formatter's result as one edit (none when the text does not parse). */
  formatting(uri: string, options: RequestOptions = {}): TextEdit[] {
    return this.at(uri, options, [], (path) => formatting(this.cx, path));
  }

  codeLenses(uri: string, options: RequestOptions = {}): CodeLens[] {
    return this.at(uri, options, [], (path) => codeLenses(this.cx, path));
  }

  /**
   * Runs the document's tests (or the one named), or those of the test files
   * that load it; a full run's coverage is what the rules' lenses show next.
   * Failures come back as diagnostics (LSP's), by URI.
   */
  runTests(uri: string, options: { name?: string; candidates?: readonly string[]; codegen?: boolean } = {}): Omit<TestRunResult, 'diagnostics'> & { diagnostics: Record<string, Diagnostic[]> } {
    const empty = { passed: 0, failed: 0, broken: 0, tests: [], diagnostics: {} };
    return this.guard(() => {
      const path = this.uris.toPath(uri);
      const result = runTests(this.cx, path, { ...options, candidates: options.candidates?.map((c) => (c.includes('://') ? this.uris.toPath(c) : c)) });
      const diagnostics: Record<string, Diagnostic[]> = {};
      for (const [file, list] of result.diagnostics) {
        const doc = this.workspace.document(file);
        if (!doc) continue;
        diagnostics[this.uris.toUri(doc.path)] = list.flatMap((d) => toLspDiagnostic(this.cx, d, (r) => doc.lines.range(r)) ?? []);
      }
      return { ...result, diagnostics, tests: result.tests.map((t) => ({ ...t, file: this.uris.toUri(t.file) })) };
    }, empty);
  }

  /** Quick fixes for the diagnostics in `range`. */
  codeActions(uri: string, range: Range, options: RequestOptions = {}): CodeAction[] {
    return this.at(uri, options, [], (path, offset) => codeActions(this.cx, path, offset(range.start), offset(range.end)));
  }

  /**
   * Runs a feature on the document at `uri`: its path and an offset converter.
   * Never throws (a failure answers `fallback`); a stale version answers
   * `fallback`, and so does a document over the source budget (it is not
   * analysed), unless the feature says it answers one.
   */
  private at<T>(uri: string, options: RequestOptions, fallback: T, run: (path: string, offset: (p: Position) => number) => T, answers: { oversize?: boolean } = {}): T {
    return this.guard(() => {
      const path = this.uris.toPath(uri);
      const doc = this.workspace.document(path);
      if (!doc) return fallback;
      if (options.version !== undefined && doc.open && doc.version !== options.version) return fallback;
      if (doc.oversize !== undefined && !answers.oversize) return fallback;
      return run(doc.path, (p) => doc.lines.offsetAt(p));
    }, fallback);
  }

  /** The service never throws on any document state: an internal failure is reported and answered with nothing. */
  private guard<T>(run: () => T, fallback: T): T {
    try {
      return run();
    } catch (error) {
      internalErrors++;
      this.report(error);
      return fallback;
    }
  }
}

let internalErrors = 0;

/** The default report: one line on the console (the first few only), no stack. */
function reportInternalError(error: unknown): void {
  if (internalErrors <= 5) console.error(`houserules language service: internal error: ${error instanceof Error ? error.message : String(error)}`);
}

/** How many requests failed inside the service since it loaded (tests assert 0). */
export function internalErrorCount(): number {
  return internalErrors;
}

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  return new LanguageService(options);
}
