import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { resolve, sep } from 'node:path';
import { CliError, describeFsError } from './cli-errors.ts';
import { EXIT_USAGE } from './cli-io.ts';

/**
 * Every file the command reads — scenarios and their modules, rulebooks,
 * graphs, partials, style files, logs, compile cache entries — is opened here,
 * so one rule holds for all of them: only a regular file is read, and never
 * more than a budget of it.
 *
 * A FIFO blocks the read (or the open) until someone writes; a device such as
 * /dev/zero never ends; /proc and /sys files say they are empty and then are
 * not. So a path under /proc, /sys or /dev (as named or once its symlinks are
 * resolved), and anything that is not a regular file, is refused before it is
 * opened; the open itself does not block (O_NONBLOCK), and what was opened is
 * checked again (fstat), in case the path changed in between. A file is read
 * up to its budget and no further: one byte more and it is refused, whatever
 * its size said.
 */

/** The kernel's and the devices' folders: nothing in them is a file to read or write. */
const SPECIAL_FOLDERS = ['/proc', '/sys', '/dev'];

/** Why a file is not read: not a regular file, unreadable, or beyond the caller's budget. */
export type InputRefusal =
  | { reason: 'not-a-regular-file'; message: string }
  | { reason: 'cannot-read'; message: string }
  | { reason: 'too-big'; message: string; size: number };

export type OpenedInput = { ok: true; fd: number; size: number; path: string } | ({ ok: false } & InputRefusal);
export type InputText = { ok: true; text: string; path: string } | ({ ok: false } & InputRefusal);

/** Whether `path` (absolute) lies in /proc, /sys or /dev. */
export function inSpecialFolder(path: string): boolean {
  if (sep !== '/') return false;
  return SPECIAL_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`));
}

/** What kind of thing a path that is not a regular file is, in words. */
function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Why `path` may not be read without opening it: a special folder, or
 * something there that is neither a regular file nor a folder; undefined when
 * it is a regular file, a folder, or nothing at all (the caller says "not
 * found" or "a folder" as it does). Follows symlinks.
 */
export function notARegularFile(path: string, shown: string = path): string | undefined {
  const absolute = resolve(path);
  let real = absolute;
  try {
    real = realpathSync(absolute);
  } catch {
    // nothing there (or a dangling link): not ours to describe
  }
  const special = [absolute, real].find(inSpecialFolder);
  if (special !== undefined) return `${shown}${special === absolute ? '' : ` (${special})`} is under /${special.split('/')[1]}, the system's, not a regular file`;
  let stat: Stats;
  try {
    stat = statSync(real);
  } catch {
    return undefined;
  }
  if (stat.isFile() || stat.isDirectory()) return undefined;
  return `${shown} is ${kindOf(stat)}, not a regular file`;
}

/**
 * Opens a regular file for reading, refusing (without blocking) anything else,
 * and a file of more than `maxBytes`. The caller closes the descriptor.
 */
export function openInputFile(path: string, shown: string, maxBytes = Number.POSITIVE_INFINITY): OpenedInput {
  const special = notARegularFile(path, shown);
  if (special !== undefined) return { ok: false, reason: 'not-a-regular-file', message: special };
  let fd: number;
  try {
    fd = openSync(realpathSync(resolve(path)), constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    return { ok: false, reason: 'cannot-read', message: describeFsError(error, shown, 'read') };
  }
  let stat: Stats;
  try {
    stat = fstatSync(fd);
  } catch (error) {
    closeSync(fd);
    return { ok: false, reason: 'cannot-read', message: describeFsError(error, shown, 'read') };
  }
  if (stat.isDirectory()) {
    closeSync(fd);
    return { ok: false, reason: 'cannot-read', message: `cannot read ${shown}: it is a folder` };
  }
  if (!stat.isFile()) {
    closeSync(fd);
    return { ok: false, reason: 'not-a-regular-file', message: `${shown} is ${kindOf(stat)}, not a regular file` };
  }
  if (stat.size > maxBytes) {
    closeSync(fd);
    return { ok: false, reason: 'too-big', size: stat.size, message: `${shown} holds ${stat.size} bytes, more than the ${maxBytes} it may hold` };
  }
  return { ok: true, fd, size: stat.size, path: resolve(path) };
}

/** A regular file's text (UTF-8), at most `maxBytes` of it: a file that holds more is refused, not cut. */
export function readInputFile(path: string, shown: string, maxBytes: number): InputText {
  const opened = openInputFile(path, shown, maxBytes);
  if (!opened.ok) return opened;
  const { fd } = opened;
  try {
    // The size stat gave, plus one byte to see whether the file grew past its budget since.
    const chunks: Buffer[] = [];
    let total = 0;
    let room = Math.min(opened.size, maxBytes) + 1;
    for (;;) {
      const buffer = Buffer.allocUnsafe(room);
      let filled = 0;
      while (filled < room) {
        const n = readSync(fd, buffer, filled, room - filled, null);
        if (n === 0) break;
        filled += n;
      }
      chunks.push(buffer.subarray(0, filled));
      total += filled;
      if (total > maxBytes) return { ok: false, reason: 'too-big', size: total, message: `${shown} holds more than the ${maxBytes} bytes it may hold` };
      if (filled < room) break;
      room = Math.min(64 * 1024, maxBytes - total + 1);
    }
    return { ok: true, text: Buffer.concat(chunks, total).toString('utf8'), path: opened.path };
  } catch (error) {
    return { ok: false, reason: 'cannot-read', message: describeFsError(error, shown, 'read') };
  } finally {
    closeSync(fd);
  }
}

/**
 * A refusal as the command's error: a path that is not a regular file
 * (`cli/not-a-regular-file`) or cannot be read (`cli/cannot-read`) is the
 * command line's mistake, exit 2; a file beyond its budget is the input's,
 * under the caller's code.
 */
export function inputError(refusal: InputRefusal, tooBig: (message: string) => CliError): CliError {
  if (refusal.reason === 'too-big') return tooBig(refusal.message);
  return new CliError(refusal.reason === 'not-a-regular-file' ? 'cli/not-a-regular-file' : 'cli/cannot-read', refusal.message, EXIT_USAGE);
}
