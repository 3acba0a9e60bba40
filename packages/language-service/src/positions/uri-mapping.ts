import { URI } from 'vscode-uri';
import { MAX_REMEMBERED_URIS } from '../lsp/budgets.ts';

/**
 * Editor URIs ↔ the compiler's file paths, in one place. `file:` URIs map to
 * their file system path; any other URI maps to its path and is remembered
 * (so is a `file:` URI spelled otherwise than the path's own), so the way
 * back gives the editor the URI it used.
 */
export class UriMapping {
  private readonly uris = new Map<string, string>();

  toPath(uri: string): string {
    let path: string;
    try {
      const parsed = URI.parse(uri);
      path = parsed.scheme === 'file' ? parsed.fsPath.replace(/\\/g, '/') : parsed.path;
    } catch {
      path = uri;
    }
    if (!this.uris.has(path) && this.uris.size < MAX_REMEMBERED_URIS && URI.file(path).toString() !== uri) this.uris.set(path, uri);
    return path;
  }

  toUri(path: string): string {
    return this.uris.get(path) ?? URI.file(path).toString();
  }
}
