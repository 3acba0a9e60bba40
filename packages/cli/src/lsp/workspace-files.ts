import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostRefusal, ModuleHost } from '@houserules/compiler';
import { MAX_WORKSPACE_FOLDERS } from '@houserules/language-service/lsp';
import { createNodeHost, type NodeModuleHost } from '../node-module-host.ts';
import { ProjectHosts } from '../project-hosts.ts';

/** What `initialize` names as the workspace (already checked for shape by the server's gate). */
export interface WorkspaceParams {
  rootUri?: string | null;
  rootPath?: string | null;
  workspaceFolders?: { uri: string }[] | null;
}

/**
 * What the language server reads from disk: `.rules` files inside its
 * workspace, nothing else. The workspace is `--root` when given, else the
 * folders the editor names in `initialize` (`workspaceFolders`, else
 * `rootUri`, else `rootPath`). A file is read under the folder holding it (the
 * innermost), an imported file under its importer's folder, with the checks
 * of `houserules check`'s host (symlinks resolved, special files and files
 * over the source budget refused). With no folder at all, nothing is read:
 * only the documents the editor sends exist.
 */
export class WorkspaceFiles {
  private folders: readonly string[] = [];
  private hosts: FolderHosts | undefined;
  private current: (ModuleHost & { refuse(path: string): HostRefusal | undefined }) | undefined;
  /** files read by the hosts of before the last `refresh` */
  private readonly readEarlier = new Set<string>();

  /** The host the server reads through (its files are cached until `refresh`). */
  readonly host: ModuleHost & { refuse(path: string): HostRefusal | undefined } = {
    readFile: (path) => (this.refuse(path) === undefined ? this.current!.readFile(path) : undefined),
    refuse: (path) => this.refuse(path),
    resolvePath: (from, ref) => (this.current ? this.current.resolvePath(from, ref) : resolve(dirname(from), ref)),
    findModule: (name, from) => this.current?.findModule(name, from),
  };

  constructor(
    private readonly root: string | undefined,
    private readonly cwd: string,
  ) {
    if (root !== undefined) this.use([root]);
  }

  /** The workspace folders read from (after `initialize`, or `--root`). */
  get workspace(): readonly string[] {
    return this.folders;
  }

  /** Takes the editor's workspace folders, unless `--root` chose the workspace; returns the folders read from. */
  initialize(params: WorkspaceParams): readonly string[] {
    if (this.root === undefined) this.use(workspaceFolders(params));
    return this.folders;
  }

  /** Files changed on disk: read them again. */
  refresh(): void {
    this.use(this.folders);
  }

  /** The real paths of the files read from disk, each once (audits and tests). */
  get filesRead(): string[] {
    return [...new Set([...this.readEarlier, ...(this.hosts?.filesRead() ?? [])])];
  }

  /** Whether a folder lies inside the workspace (symlinks resolved): a test run looks for test files only there. */
  holdsFolder(folder: string): boolean {
    return this.hosts !== undefined && this.hosts.hostFor(folder).refuse(folder) === undefined;
  }

  private use(folders: readonly string[]): void {
    for (const file of this.hosts?.filesRead() ?? []) this.readEarlier.add(file);
    this.folders = folders;
    this.hosts = folders.length > 0 ? new FolderHosts(folders, this.cwd) : undefined;
    this.current = this.hosts?.moduleHost();
  }

  private refuse(path: string): HostRefusal | undefined {
    if (this.current === undefined) {
      return {
        code: 'resolve/outside-project',
        message: `${path} is not read: the editor named no workspace folder, so the language server reads no file from disk`,
        hint: 'open a folder in the editor, or start the server with --root DIR',
      };
    }
    const refusal = this.current.refuse(path);
    if (refusal !== undefined || path.endsWith('.rules')) return refusal;
    return { code: 'module/not-a-rules-file', message: `${path} is not a .rules file; the language server reads only .rules files from disk` };
  }
}

/** The folders of `initialize` as absolute paths (`file:` URIs only), at most MAX_WORKSPACE_FOLDERS. */
export function workspaceFolders(params: WorkspaceParams): string[] {
  const uris = params.workspaceFolders && params.workspaceFolders.length > 0 ? params.workspaceFolders.map((f) => f.uri) : params.rootUri ? [params.rootUri] : [];
  const folders = uris.flatMap((uri) => {
    try {
      return [resolve(fileURLToPath(uri))];
    } catch {
      return []; // not a file: URI (a virtual workspace): nothing on disk to read
    }
  });
  if (uris.length === 0 && typeof params.rootPath === 'string' && isAbsolute(params.rootPath)) folders.push(resolve(params.rootPath));
  return [...new Set(folders)].slice(0, MAX_WORKSPACE_FOLDERS);
}

/** One confined host per workspace folder: a file belongs to the innermost folder holding it; a file in none is refused (by the first folder's host). */
class FolderHosts extends ProjectHosts {
  private readonly byFolder = new Map<string, NodeModuleHost>();
  private readonly real: string[];

  constructor(
    private readonly folders: readonly string[],
    cwd: string,
  ) {
    super(undefined, cwd);
    this.real = folders.map((f) => realPath(f) ?? f);
  }

  filesRead(): string[] {
    return [...this.byFolder.values()].flatMap((host) => host.filesRead);
  }

  override hostFor(file: string): NodeModuleHost {
    const absolute = resolve(file);
    let best = 0;
    let bestLength = -1;
    this.folders.forEach((folder, i) => {
      const holds = isWithin(absolute, folder) || isWithin(absolute, this.real[i]!);
      if (holds && folder.length > bestLength) {
        best = i;
        bestLength = folder.length;
      }
    });
    const folder = this.folders[best]!;
    let host = this.byFolder.get(folder);
    if (host === undefined) {
      host = createNodeHost({ root: folder });
      this.byFolder.set(folder, host);
    }
    return host;
  }
}

function isWithin(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
