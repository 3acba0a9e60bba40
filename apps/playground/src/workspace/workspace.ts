// The files the author works on: the repo's (bundled at build time, never changed) with the author's edits
// laid over them, and the author's own new files. Which of them may be edited depends on what is open.
import { isProjectPath } from './share-link.ts';

export interface RepoFile {
  path: string;
  text: string;
  kind: 'scenario' | 'rulebook';
}

export type FileOrigin = 'repo' | 'edited' | 'new';

export class Workspace {
  private readonly repo = new Map<string, RepoFile>();
  private readonly overlays = new Map<string, string>();
  private readonly own = new Map<string, string>();
  private readonly listeners = new Set<() => void>();

  constructor(files: readonly RepoFile[]) {
    for (const f of files) this.repo.set(f.path, f);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  text(path: string): string | undefined {
    return this.own.get(path) ?? this.overlays.get(path) ?? this.repo.get(path)?.text;
  }

  repoText(path: string): string | undefined {
    return this.repo.get(path)?.text;
  }

  origin(path: string): FileOrigin {
    if (this.own.has(path)) return 'new';
    return this.overlays.has(path) ? 'edited' : 'repo';
  }

  has(path: string): boolean {
    return this.text(path) !== undefined;
  }

  /** The author's files: edits of repo files and new files (what storage, links and downloads carry). */
  authored(): Record<string, string> {
    return Object.fromEntries([...this.overlays, ...this.own].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  }

  /** A file may be edited when it is the author's own or lies in the folder of the scenario that is open. */
  isEditable(path: string, openFile: string | null): boolean {
    if (this.own.has(path)) return true;
    if (!path.endsWith('.rules') || openFile === null) return false;
    const folder = openFile.slice(0, openFile.lastIndexOf('/') + 1);
    return path.startsWith(folder);
  }

  set(path: string, text: string): void {
    if (this.own.has(path)) this.own.set(path, text);
    else if (this.repo.has(path)) {
      if (this.repo.get(path)!.text === text) this.overlays.delete(path);
      else this.overlays.set(path, text);
    } else this.own.set(path, text);
    this.changed();
  }

  /** Back to the repo's text (an edited file), or gone (a new file). */
  reset(path: string): void {
    this.overlays.delete(path);
    this.own.delete(path);
    this.changed();
  }

  /** Lays the author's files over the repo: each path that names a repo file is an edit, any other a new file. */
  load(files: Record<string, string>): void {
    this.overlays.clear();
    this.own.clear();
    for (const [path, text] of Object.entries(files)) {
      if (!isProjectPath(path)) continue;
      if (this.repo.has(path)) {
        if (this.repo.get(path)!.text !== text) this.overlays.set(path, text);
      } else this.own.set(path, text);
    }
    this.changed();
  }

  /** A path for a new file that no file holds yet: `scenarios/mine/<name>.rules`, `…_2.rules`, … */
  freePath(name: string): string {
    const base = name.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'house_rule';
    for (let n = 1; ; n++) {
      const path = `scenarios/mine/${base}${n === 1 ? '' : `_${n}`}.rules`;
      if (!this.has(path)) return path;
    }
  }
}
