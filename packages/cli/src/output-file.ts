import { closeSync, constants, fstatSync, lstatSync, openSync, realpathSync, statSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CliError, describeFsError } from './cli-errors.ts';
import { EXIT_USAGE } from './cli-io.ts';
import { inSpecialFolder } from './input-file.ts';
import { findProjectRoot } from './node-module-host.ts';
import { isWithin } from './project-paths.ts';

/**
 * Where a write to `given` really lands, checked before anything is written
 * (every path the command writes goes through here: `compile -o`, `graph -o`,
 * `render -o`, `simulate --log` and `--partial-out`, `play --log`,
 * `diff --witness-out`, `init`, `fmt`).
 *
 * Every symlink of the part of the path that exists is resolved (a folder
 * symlink on the way, the file itself), so a checked-out project cannot turn
 * a write inside it into a write elsewhere:
 * - a dangling symlink (the path, or a folder on the way) is refused
 *   (`cli/cannot-write`): where it leads is not known until written;
 * - a path that lies, as written, inside a project — the command's own
 *   (`project`) or the working directory's — must still lie inside it once
 *   resolved (`resolve/outside-project`); a path you name outside every
 *   project is written where you name it;
 * - a path under /proc, /sys or /dev, or one that exists and is not a regular
 *   file (a FIFO, a device), is refused (`cli/not-a-regular-file`); a folder
 *   is `cli/cannot-write`.
 * Returns the resolved path, which is what is opened (never following a
 * symlink, never blocking). With `kind` `folder` (`init`), the path is a
 * folder to make or fill: an existing folder is fine, a file is not.
 */
export function checkedOutputPath(cwd: string, given: string, project: string | null, kind: 'file' | 'folder' = 'file'): string {
  const lexical = resolve(cwd, given);
  const refuse = (code: 'cli/cannot-write' | 'cli/not-a-regular-file' | 'resolve/outside-project', message: string): never => {
    throw new CliError(code, message, EXIT_USAGE);
  };
  // The deepest part of the path that exists (it may be the whole path), and the names below it.
  let existing = lexical;
  const below: string[] = [];
  for (;;) {
    const entry = lstatOrNull(existing);
    if (entry !== null) {
      if (entry.isSymbolicLink() && realPathOrNull(existing) === null) refuse('cli/cannot-write', `cannot write ${given}: ${existing === lexical ? 'it' : existing} is a symlink that leads nowhere`);
      break;
    }
    const parent = dirname(existing);
    if (parent === existing) break;
    below.unshift(basename(existing));
    existing = parent;
  }
  const real = join(realPathOrNull(existing) ?? existing, ...below);
  const special = [lexical, real].find(inSpecialFolder);
  if (special !== undefined) refuse('cli/not-a-regular-file', `cannot write ${given}${special === lexical ? '' : ` (${special})`}: it is under /${special.split('/')[1]}, the system's folder, not a place for files`);
  if (below.length === 0) {
    const stat = statOrNull(real);
    if (stat !== null && !stat.isFile() && !stat.isDirectory()) refuse('cli/not-a-regular-file', `cannot write ${given}: it is ${stat.isFIFO() ? 'a named pipe (FIFO)' : 'a device or a socket'}, not a regular file`);
    if (kind === 'file' && stat?.isDirectory()) refuse('cli/cannot-write', `cannot write ${given}: it is a folder`);
    if (kind === 'folder' && stat?.isFile()) refuse('cli/cannot-write', `cannot write ${given}: it is a file, not a folder`);
  }
  for (const root of new Set([...(project === null ? [] : [project]), findProjectRoot(cwd, cwd)])) {
    const realRoot = realPathOrNull(root) ?? root;
    if ((isWithin(lexical, root) || isWithin(lexical, realRoot)) && !isWithin(real, realRoot)) {
      refuse('resolve/outside-project', `cannot write ${given}: it leads (through a symlink) to ${real}, outside the project (${realRoot}); a command writes inside a project only where the path says`);
    }
  }
  return real;
}

/**
 * A file the command writes (`compile -o`, `simulate --log`), opened before
 * the work starts so a bad path fails at once, and written piece by piece so
 * nothing has to be held in memory. Its path is checked first
 * (`checkedOutputPath`); a path that cannot be written is a `cli/cannot-write`
 * error with exit 2 (the command line named it), never an exception.
 */
export class OutputFile {
  private constructor(
    private fd: number | null,
    readonly path: string,
    private readonly shown: string,
  ) {}

  /** Opens `given` (relative to `cwd`) for writing; `project` is the command's project root, if it has one. */
  static open(cwd: string, given: string, project: string | null): OutputFile {
    const path = checkedOutputPath(cwd, given, project);
    // No symlink is followed (the path is resolved already) and a FIFO put there since does not block the open.
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
    try {
      const fd = openSync(path, flags, 0o666);
      if (!fstatSync(fd).isFile()) {
        closeSync(fd);
        throw new CliError('cli/not-a-regular-file', `cannot write ${given}: it is not a regular file`, EXIT_USAGE);
      }
      return new OutputFile(fd, path, given);
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError('cli/cannot-write', describeFsError(error, given, 'write'), EXIT_USAGE);
    }
  }

  write(text: string): void {
    if (this.fd === null || text.length === 0) return;
    try {
      writeSync(this.fd, text);
    } catch (error) {
      this.close();
      throw new CliError('cli/cannot-write', describeFsError(error, this.shown, 'write'), EXIT_USAGE);
    }
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      closeSync(fd);
    } catch (error) {
      throw new CliError('cli/cannot-write', describeFsError(error, this.shown, 'write'), EXIT_USAGE);
    }
  }
}

/** Writes a whole file (`compile -o`); a bad path is `cli/cannot-write` (or the check's code), exit 2. */
export function writeOutputFile(cwd: string, given: string, text: string, project: string | null): void {
  const file = OutputFile.open(cwd, given, project);
  file.write(text);
  file.close();
}

function realPathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
