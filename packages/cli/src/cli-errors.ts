import type { DiagnosticCode } from '@houserules/schema';
import { printable } from '@houserules/schema/display-text';
import { EXIT_FAILURE, EXIT_USAGE, type OutputStream } from './cli-io.ts';

/** Exit code for an internal bug (EX_SOFTWARE): never for a mistake in the input or the command line. */
export const EXIT_INTERNAL = 70;

/**
 * A failure at the CLI boundary that is the user's or the input's, not a bug:
 * an output path that cannot be written, a log that is not a log. Thrown by
 * the helpers that touch the file system, caught in `main`, printed as one
 * line with its code; exit 1 (the input) or 2 (the command line).
 */
export class CliError extends Error {
  constructor(
    readonly code: DiagnosticCode,
    message: string,
    readonly exit: typeof EXIT_FAILURE | typeof EXIT_USAGE,
  ) {
    super(message);
  }
}

/** `houserules <command>: error[code]: message` on one line, control characters escaped. */
export function errorLine(command: string | undefined, code: DiagnosticCode, message: string): string {
  return `houserules${command === undefined ? '' : ` ${command}`}: error[${code}]: ${printable(message)}\n`;
}

/** What `main` prints for an exception that is a bug: one line and a request to report it; the stack with --debug. */
export function internalErrorText(command: string | undefined, error: unknown, debug: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  let text = errorLine(command, 'cli/internal-error', `${message} — this is a bug in Houserules, please report it with the files and the command line${debug ? '' : ' (add --debug to see where it happened)'}`);
  if (debug && error instanceof Error && error.stack !== undefined) text += `${error.stack}\n`;
  return text;
}

/** The message of a Node file-system error, in plain words, naming the path. */
export function describeFsError(error: unknown, path: string, doing: 'read' | 'write'): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return doing === 'write' ? `cannot write ${path}: its folder does not exist` : `cannot read ${path}: no such file`;
    case 'EISDIR':
      return `cannot ${doing} ${path}: it is a folder`;
    case 'ENOTDIR':
      return `cannot ${doing} ${path}: a part of the path is not a folder`;
    case 'EACCES':
    case 'EPERM':
      return `cannot ${doing} ${path}: permission denied`;
    case 'EROFS':
      return `cannot ${doing} ${path}: the file system is read-only`;
    case 'ENOSPC':
      return `cannot ${doing} ${path}: no space left on the device`;
    default:
      return `cannot ${doing} ${path}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export function writeErrorLine(out: OutputStream, command: string | undefined, code: DiagnosticCode, message: string): void {
  out.write(errorLine(command, code, message));
}

/** A wrong command line (exit 2): `houserules <command>: error[cli/usage]: message`. */
export function usageLine(command: string, message: string): string {
  return errorLine(command, 'cli/usage', message);
}
