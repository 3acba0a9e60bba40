import { closeSync, openSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, describeFsError } from './cli-errors.ts';

/**
 * A file the command writes (`compile -o`, `simulate --log`), opened before
 * the work starts so a bad path fails at once, and written piece by piece so
 * nothing has to be held in memory. A path that cannot be written is a
 * `cli/cannot-write` error with exit 2 (the command line named it), never an
 * exception.
 */
export class OutputFile {
  private constructor(
    private fd: number | null,
    readonly path: string,
    private readonly shown: string,
  ) {}

  static open(cwd: string, given: string): OutputFile {
    const path = resolve(cwd, given);
    try {
      return new OutputFile(openSync(path, 'w'), path, given);
    } catch (error) {
      throw new CliError('cli/cannot-write', describeFsError(error, given, 'write'), 2);
    }
  }

  write(text: string): void {
    if (this.fd === null || text.length === 0) return;
    try {
      writeSync(this.fd, text);
    } catch (error) {
      this.close();
      throw new CliError('cli/cannot-write', describeFsError(error, this.shown, 'write'), 2);
    }
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      closeSync(fd);
    } catch (error) {
      throw new CliError('cli/cannot-write', describeFsError(error, this.shown, 'write'), 2);
    }
  }
}

/** Writes a whole file (`compile -o`); a bad path is `cli/cannot-write`, exit 2. */
export function writeOutputFile(cwd: string, given: string, text: string): void {
  const file = OutputFile.open(cwd, given);
  file.write(text);
  file.close();
}
