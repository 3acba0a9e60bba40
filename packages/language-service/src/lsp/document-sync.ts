/**
 * The documents the editor opened, kept in sync with its edits
 * (`didOpen`/`didChange`/`didClose`, incremental), within the server's
 * budgets: at most MAX_OPEN_DOCUMENTS followed at once, MAX_HELD_TEXT
 * characters held with the given files, MAX_EDIT_WORK characters copied to
 * apply one edit. A document beyond a budget is not followed (its requests
 * are answered as for a document that is not open) and the editor is told
 * why; one that grows beyond is let go the same way.
 */

import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams } from 'vscode-languageserver';
import type { LanguageService } from '../language-service.ts';
import { MAX_EDIT_WORK, MAX_HELD_TEXT, MAX_OPEN_DOCUMENTS } from './budgets.ts';

export interface DocumentEvents {
  /** a document was opened or changed: its diagnostics may change, and those of the documents that load it */
  changed(uri: string): void;
  /** the editor closed it, or the server lets it go (still open when this is called) */
  closing(uri: string): void;
  /** something the user should know (a budget met) */
  warn(message: string): void;
}

export class DocumentSync {
  private readonly documents = new Map<string, TextDocument>();

  constructor(
    private readonly service: LanguageService,
    private readonly events: DocumentEvents,
  ) {}

  /** The URIs of the documents followed. */
  uris(): string[] {
    return [...this.documents.keys()];
  }

  /** The version of a followed document (undefined when it is not followed); reads nothing else. */
  version(uri: string): number | undefined {
    return this.documents.get(uri)?.version;
  }

  open({ textDocument: { uri, languageId, version, text } }: DidOpenTextDocumentParams): void {
    const current = this.documents.get(uri);
    if (current === undefined && this.documents.size >= MAX_OPEN_DOCUMENTS) {
      this.events.warn(`Houserules: ${MAX_OPEN_DOCUMENTS} documents are open, the most the language server follows; ${shown(uri)} is not checked until some are closed.`);
      return;
    }
    if (!this.fits(text.length - (current?.getText().length ?? 0))) {
      if (current !== undefined) this.letGo(uri);
      this.events.warn(`Houserules: the open documents hold more than ${MAX_HELD_TEXT} characters, the most the language server holds; ${shown(uri)} is not checked.`);
      return;
    }
    this.documents.set(uri, TextDocument.create(uri, languageId, version, text));
    this.service.open(uri, text, version);
    this.events.changed(uri);
  }

  change({ textDocument: { uri, version }, contentChanges }: DidChangeTextDocumentParams): void {
    const document = this.documents.get(uri);
    if (document === undefined) return;
    const before = document.getText().length;
    const inserted = contentChanges.reduce((n, c) => n + c.text.length, 0);
    // each change copies the text once: bound the copying before doing any
    if (contentChanges.length * (before + inserted) > MAX_EDIT_WORK) {
      this.letGo(uri);
      this.events.warn(`Houserules: an edit of ${contentChanges.length} changes to ${shown(uri)} is more than the language server applies at once; close and reopen the document to have it checked again.`);
      return;
    }
    TextDocument.update(document, contentChanges, version);
    const text = document.getText();
    if (!this.fits(text.length - before)) {
      this.letGo(uri);
      this.events.warn(`Houserules: the open documents hold more than ${MAX_HELD_TEXT} characters, the most the language server holds; ${shown(uri)} is no longer checked.`);
      return;
    }
    this.service.update(uri, text, version);
    this.events.changed(uri);
  }

  close({ textDocument: { uri } }: DidCloseTextDocumentParams): void {
    if (this.documents.has(uri)) this.letGo(uri);
  }

  /** Whether the held text may grow by `delta` characters. */
  private fits(delta: number): boolean {
    return this.service.workspace.heldText + delta <= MAX_HELD_TEXT;
  }

  private letGo(uri: string): void {
    this.documents.delete(uri);
    this.events.closing(uri);
    this.service.close(uri);
  }
}

/** A URI as a warning shows it: never more than a line. */
function shown(uri: string): string {
  return uri.length > 200 ? `${uri.slice(0, 200)}…` : uri;
}
