import { createReadStream } from 'node:fs';
import { GameLogReader, type LoggedGame } from '@houserules/simulation';
import { MAX_LOG_LINE } from './cli-budgets.ts';
import { CliError, describeFsError } from './cli-errors.ts';
import { EXIT_FAILURE, EXIT_USAGE } from './cli-io.ts';
import { inputError, openInputFile } from './input-file.ts';

/**
 * The games of a `simulate --log` file (`replay`, `render --log`), read line
 * by line as they come: a log of any size needs the memory of one game. The
 * file is untrusted input: it must be a regular file (a FIFO or /dev/zero is
 * refused unopened, `cli/not-a-regular-file`), no line may be longer than
 * MAX_LOG_LINE characters and every line must be what `simulate` writes
 * (`cli/malformed-log`, exit 1). `visit` gets each game as it ends and returns
 * whether to read on.
 */
export async function readLoggedGames(path: string, given: string, visit: (game: LoggedGame) => boolean): Promise<void> {
  const opened = openInputFile(path, given);
  if (!opened.ok) throw inputError(opened, (message) => new CliError('cli/malformed-log', message, EXIT_FAILURE));
  const input = createReadStream('', { fd: opened.fd, encoding: 'utf8', autoClose: true });
  const reader = new GameLogReader();
  let lineNo = 0;
  const take = (line: string): boolean => {
    const read = reader.line(line.endsWith('\r') ? line.slice(0, -1) : line, ++lineNo);
    if (!read.ok) throw new CliError('cli/malformed-log', `${given}: ${read.message}`, EXIT_FAILURE);
    return read.finished === null || visit(read.finished);
  };
  const tooLong = (): CliError => new CliError('cli/malformed-log', `${given}: line ${lineNo + 1} is longer than ${MAX_LOG_LINE} characters`, EXIT_FAILURE);
  try {
    // The line being read, in pieces until its end comes (no copy of a long line per chunk).
    let pieces: string[] = [];
    let pending = 0;
    for await (const chunk of input) {
      const lines = String(chunk).split('\n');
      const last = lines.pop()!;
      for (const piece of lines) {
        if (pending + piece.length > MAX_LOG_LINE) throw tooLong();
        const line = pieces.length === 0 ? piece : pieces.join('') + piece;
        pieces = [];
        pending = 0;
        if (!take(line)) return;
      }
      pieces.push(last);
      pending += last.length;
      if (pending > MAX_LOG_LINE) throw tooLong();
    }
    const rest = pieces.join('');
    if (rest !== '' && !take(rest)) return;
    const lastGame = reader.finish();
    if (lastGame !== null) visit(lastGame);
  } catch (error) {
    if (error instanceof CliError || typeof (error as NodeJS.ErrnoException).code !== 'string') throw error;
    throw new CliError('cli/cannot-read', describeFsError(error, given, 'read'), EXIT_USAGE);
  } finally {
    input.destroy();
  }
}
