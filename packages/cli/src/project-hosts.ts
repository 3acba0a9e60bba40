import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { stringOption, type ParsedCommandArgs } from './command-args.ts';
import type { HostRefusal, ModuleHost } from '@houserules/compiler';
import { createNodeHost, findProjectRoot, type NodeModuleHost } from './node-module-host.ts';

/** The `--root` option's help lines, shared by every command that reads scenarios; descriptions start at `column`. */
export function rootHelp(column: number): string {
  const pad = ' '.repeat(column);
  return [
    `${'  --root DIR'.padEnd(column)}the folder files may be read from (default: the nearest folder`,
    `${pad}above the scenario holding pnpm-workspace.yaml or .git, else package.json,`,
    `${pad}else the working directory when the scenario is inside it)`,
  ].join('\n');
}

/** `--root DIR`: an existing folder, or undefined when not given. */
export function rootOption(args: ParsedCommandArgs, cwd: string): { ok: true; root: string | undefined } | { ok: false; message: string } {
  const given = stringOption(args, 'root');
  if (given === undefined) return { ok: true, root: undefined };
  const root = resolve(cwd, given);
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    isDir = false;
  }
  return isDir ? { ok: true, root } : { ok: false, message: `--root ${given} is not a folder` };
}

/**
 * One confined host per project root: the files of a run may belong to
 * different projects, each read only inside its own (or all inside `--root`).
 */
export class ProjectHosts {
  private readonly byRoot = new Map<string, NodeModuleHost>();

  constructor(
    private readonly root: string | undefined,
    private readonly cwd: string,
  ) {}

  /** The host of the project `file` belongs to. */
  hostFor(file: string): NodeModuleHost {
    const root = this.root ?? findProjectRoot(file, this.cwd);
    let host = this.byRoot.get(root);
    if (host === undefined) {
      host = createNodeHost({ root });
      this.byRoot.set(root, host);
    }
    return host;
  }

  /**
   * One module host over every project, for a server that sees files of
   * several (the language server): a file is read under the project of the
   * file that imports it (and so on back to the file the editor named), never
   * under a project of its own — else `import "/elsewhere/x.rules"` would be
   * read as the project of /elsewhere. A file reached from several importers
   * is read only if none of their projects refuses it.
   */
  moduleHost(): ModuleHost & { refuse(path: string): HostRefusal | undefined } {
    const reachedFrom = new Map<string, Set<NodeModuleHost>>();
    const hostsOf = (file: string): Set<NodeModuleHost> => reachedFrom.get(resolve(file)) ?? new Set([this.hostFor(file)]);
    const reach = (target: string, from: string): void => {
      const key = resolve(target);
      const hosts = reachedFrom.get(key) ?? new Set<NodeModuleHost>();
      for (const host of hostsOf(from)) hosts.add(host);
      reachedFrom.set(key, hosts);
    };
    const refuse = (file: string): HostRefusal | undefined => {
      for (const host of hostsOf(file)) {
        const refusal = host.refuse(file);
        if (refusal !== undefined) return refusal;
      }
      return undefined;
    };
    return {
      readFile: (file) => (refuse(file) === undefined ? [...hostsOf(file)][0]!.readFile(file) : undefined),
      refuse,
      resolvePath: (from, ref) => {
        const target = [...hostsOf(from)][0]!.resolvePath(from, ref);
        reach(target, from);
        return target;
      },
      findModule: (name, from) => {
        let found: string | undefined;
        for (const host of hostsOf(from)) {
          found = host.findModule(name, from);
          if (found === undefined) return undefined;
        }
        if (found !== undefined) reach(found, from);
        return found;
      },
    };
  }

  /** A text any of the hosts already read (code frames), or undefined. */
  readonly readCached = (file: string): string | undefined => {
    for (const host of this.byRoot.values()) {
      const text = host.readCached(file);
      if (text !== undefined) return text;
    }
    return undefined;
  };
}
