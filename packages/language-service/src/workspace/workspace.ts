import { analyze, check, createParseCache, dirname, findModuleInTree, joinPath, loadModules, normalizePath, type HostRefusal, type ModuleHost, type ParseCache, type SemanticModel } from '@houserules/compiler';
import type { Diagnostic } from '@houserules/schema';
import { MAX_SOURCE_BYTES } from '@houserules/syntax';
import { RulesDocument } from './rules-document.ts';

export interface WorkspaceOptions {
  /**
   * Where files that are not open come from (the modules an open document
   * extends or imports): the CLI's project-bounded host, or none (then only
   * documents given to the workspace exist).
   */
  host?: ModuleHost;
  /** whether files read through `host` may be edited (rename); default false: they are read-only */
  hostFilesWritable?: boolean;
}

/** One entry module checked: what `check` reports, the semantic model, and what it read. */
export interface Analysis {
  entry: string;
  diagnostics: Diagnostic[];
  model: SemanticModel | null;
  /** every file the analysis loaded, with the revision it saw */
  files: ReadonlyMap<string, number>;
  /** it looked for a module that did not exist (a document opened later may be it) */
  missedModules: boolean;
}

/**
 * The documents an editor has open plus the modules they load, checked
 * incrementally: one analysis per entry (each open document is checked as
 * an entry, as `houserules check` would), reused until a file it read
 * changes; parses are shared through the compiler's parse cache, so an edit
 * re-parses only the edited file.
 */
export class Workspace {
  private readonly documents = new Map<string, RulesDocument>();
  /** files read through the host, kept until invalidated (so positions and revisions stay stable) */
  private readonly hostReads = new Map<string, RulesDocument>();
  /** bumped whenever a path's text may have changed */
  private readonly revisions = new Map<string, number>();
  private readonly analyses = new Map<string, Analysis>();
  /** diagnostics-only checks (no semantic model): what an open module that only loads the edited one needs */
  private readonly checks = new Map<string, Analysis>();
  private readonly parseCache: ParseCache = createParseCache();
  /** characters of the texts in `documents` (open and given) */
  private held = 0;
  /** bumped whenever a document appears or disappears (a missing module may now exist) */
  private membership = 0;
  /** the document opened or edited last: the one being typed in, whose model the next request needs */
  private lastEdited: string | null = null;
  private readonly analysedAtMembership = new Map<string, number>();
  readonly host: ModuleHost;

  constructor(private readonly options: WorkspaceOptions = {}) {
    const base = options.host;
    this.host = {
      readFile: (path) => this.text(path),
      // what the editor gave is read as given (unless over the source budget); a file on disk is read only where the host allows
      refuse: (path) => {
        const given = this.documents.get(normalizePath(path));
        if (given === undefined) return base?.refuse?.(path);
        return given.oversize === undefined ? undefined : tooLarge(given.path, given.oversize);
      },
      resolvePath: (fromFile, ref) => (base ? base.resolvePath(fromFile, ref) : joinPath(dirname(normalizePath(fromFile)), ref)),
      findModule: (name, fromFile) =>
        findModuleInTree(name, fromFile, (path) => this.documents.has(normalizePath(path))) ?? base?.findModule(name, fromFile),
    };
  }

  /**
   * A document the editor opened (its text wins over the host's). It is the one the author looks at: the editor
   * asks for its folding, semantic tokens and lenses at once, so its diagnostics come from its full analysis (one
   * lowering for both, not a plain check and then the analysis).
   */
  open(path: string, text: string, version: number, options: { readOnly?: boolean } = {}): RulesDocument {
    this.lastEdited = normalizePath(path);
    return this.put(new RulesDocument(normalizePath(path), text, version, options.readOnly ?? false, true));
  }

  /** The editor changed an open document. */
  update(path: string, text: string, version: number): RulesDocument {
    const key = normalizePath(path);
    this.lastEdited = key;
    const doc = this.documents.get(key);
    return this.put(new RulesDocument(key, text, version, doc?.readOnly ?? false, true));
  }

  /** The editor closed it: its text is the host's again (or it is gone). */
  close(path: string): void {
    const key = normalizePath(path);
    const doc = this.documents.get(key);
    if (doc === undefined) return;
    this.documents.delete(key);
    this.held -= doc.text.length;
    this.bump(key);
    this.membership++;
    this.analyses.delete(key);
  }

  /** Files that are not open but exist for the modules that load them (a page's scenario gallery); read-only unless said otherwise. */
  addFiles(files: Record<string, string>, options: { readOnly?: boolean } = {}): void {
    for (const [path, text] of Object.entries(files)) {
      const key = normalizePath(path);
      if (this.documents.get(key)?.open) continue;
      this.put(new RulesDocument(key, text, -1, options.readOnly ?? true, false));
    }
  }

  /** Files of the host changed (on disk): analyses that read them are redone. */
  invalidate(paths?: readonly string[]): void {
    const keys = paths === undefined ? [...this.hostReads.keys()] : paths.map(normalizePath);
    for (const key of keys) {
      this.hostReads.delete(key);
      this.bump(key);
    }
    this.membership++;
  }

  /** Characters of text held for open documents and given files (the server's budget counts them). */
  get heldText(): number {
    return this.held;
  }

  /** How many files were given (not open documents): the page's gallery. */
  get givenFiles(): number {
    let n = 0;
    for (const doc of this.documents.values()) if (!doc.open) n++;
    return n;
  }

  /** Whether the editor or the page gave the text of `path` (so reading it reads nothing from disk). */
  holds(path: string): boolean {
    return this.documents.has(normalizePath(path));
  }

  /** Why the host would not read `path` (outside the project, too big…), or undefined when it would (or it is held). */
  refusal(path: string): HostRefusal | undefined {
    return this.host.refuse?.(path);
  }

  document(path: string): RulesDocument | undefined {
    const key = normalizePath(path);
    const doc = this.documents.get(key) ?? this.hostReads.get(key);
    if (doc) return doc;
    const text = this.options.host?.readFile(key);
    if (text === undefined) return undefined;
    const read = new RulesDocument(key, text, -1, !this.options.hostFilesWritable, false);
    this.hostReads.set(key, read);
    return read;
  }

  text(path: string): string | undefined {
    return this.document(path)?.text;
  }

  /** Every path the workspace holds a text for (open documents, files given to it, files read through the host). */
  knownPaths(): string[] {
    return [...new Set([...this.documents.keys(), ...this.hostReads.keys()])];
  }

  /** The open documents. */
  openDocuments(): RulesDocument[] {
    return [...this.documents.values()].filter((d) => d.open);
  }

  /** The analysis of `path` as an entry module, redone only if a file it read changed. */
  analysis(path: string): Analysis {
    const entry = normalizePath(path);
    const cached = this.analyses.get(entry);
    if (cached && this.fresh(cached)) return cached;
    const oversize = this.budgetAnalysis(entry);
    if (oversize) return oversize;
    const result = analyze(this.host, entry, { parse: this.parseCache.parse });
    const files = new Map<string, number>();
    for (const m of result.model?.modules ?? []) files.set(m.file, this.revision(m.file));
    files.set(entry, this.revision(entry));
    const analysis: Analysis = {
      entry, diagnostics: result.diagnostics, model: result.model, files,
      missedModules: result.diagnostics.some((d) => d.code === 'module/not-found'),
    };
    this.analyses.set(entry, analysis);
    this.analysedAtMembership.set(entry, this.membership);
    return analysis;
  }

  /**
   * The diagnostics of `path` as an entry: from its analysis when that is
   * fresh, else from a plain check (about half the work: no semantic model is
   * recorded), kept until a file it read changes. The modules an edit affects
   * but that are not being edited need only this; the one being edited gets
   * its full analysis (the next request will want its model).
   */
  diagnostics(path: string): Diagnostic[] {
    const entry = normalizePath(path);
    // the document being typed in: its model is what completion and hover ask for next, so make it once
    if (entry === this.lastEdited) return this.analysis(entry).diagnostics;
    const full = this.analyses.get(entry);
    if (full && this.fresh(full)) return full.diagnostics;
    const cached = this.checks.get(entry);
    if (cached && this.fresh(cached)) return cached.diagnostics;
    const oversize = this.budgetAnalysis(entry);
    if (oversize) return oversize.diagnostics;
    const result = check(this.host, entry, { parse: this.parseCache.parse });
    // the files a check read: the modules its graph lists are not returned, so re-load them (parses are cached)
    const files = new Map<string, number>();
    for (const file of this.loadedFiles(entry)) files.set(file, this.revision(file));
    const checked: Analysis = { entry, diagnostics: result.diagnostics, model: null, files, missedModules: result.diagnostics.some((d) => d.code === 'module/not-found') };
    this.checks.set(entry, checked);
    this.analysedAtMembership.set(entry, this.membership);
    return checked.diagnostics;
  }

  /**
   * The open documents whose analysis read `path` (its own included): what to re-check after it changed. The
   * edited document comes first, so that its markers (what the author is looking at) are not behind the others'.
   */
  dependents(path: string): RulesDocument[] {
    const key = normalizePath(path);
    const others = this.openDocuments().filter((d) => {
      if (d.path === key) return false;
      const known = this.analyses.get(d.path) ?? this.checks.get(d.path);
      return known === undefined || known.files.has(key);
    });
    const own = this.documents.get(key);
    return own?.open ? [own, ...others] : others;
  }

  /** Files parsed since the workspace was made (the parse cache's count). */
  get parses(): number {
    return this.parseCache.parsed;
  }

  /** The files loading `entry` reads (through the parse cache: nothing is parsed twice). */
  private loadedFiles(entry: string): string[] {
    return loadModules(this.host, entry, this.parseCache.parse).value.map((m) => m.file).concat(entry);
  }

  /** An open document over the source budget is not analysed: its one diagnostic says why (recorded as its analysis until it changes). */
  private budgetAnalysis(entry: string): Analysis | undefined {
    const doc = this.documents.get(entry);
    if (doc?.oversize === undefined) return undefined;
    const refusal = tooLarge(entry, doc.oversize);
    const start = { offset: 0, line: 1, column: 1 };
    const diagnostic: Diagnostic = { code: refusal.code, severity: 'error', message: refusal.message, file: entry, range: { start, end: start } };
    if (refusal.hint !== undefined) diagnostic.hint = refusal.hint;
    const analysis: Analysis = { entry, diagnostics: [diagnostic], model: null, files: new Map([[entry, this.revision(entry)]]), missedModules: false };
    this.analyses.set(entry, analysis);
    return analysis;
  }

  private fresh(a: Analysis): boolean {
    if (a.missedModules && this.analysedAtMembership.get(a.entry) !== this.membership) return false;
    for (const [file, revision] of a.files) if (this.revision(file) !== revision) return false;
    return true;
  }

  private put(doc: RulesDocument): RulesDocument {
    const existing = this.documents.get(doc.path);
    const existed = existing !== undefined;
    this.held += doc.text.length - (existing?.text.length ?? 0);
    this.documents.set(doc.path, doc);
    this.bump(doc.path);
    if (!existed) this.membership++;
    return doc;
  }

  private bump(path: string): void {
    this.revisions.set(path, this.revision(path) + 1);
  }

  private revision(path: string): number {
    return this.revisions.get(path) ?? 0;
  }
}

/** The refusal of a text over the compiler's source budget (the CLI's host says the same of a file on disk). */
function tooLarge(path: string, bytes: number): HostRefusal {
  return {
    code: 'limit/source-size',
    message: `${path} holds ${bytes} bytes, more than the ${MAX_SOURCE_BYTES} a .rules file may hold; it is not checked`,
    hint: 'split it into modules that import each other',
  };
}
