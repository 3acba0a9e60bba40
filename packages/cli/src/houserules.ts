#!/usr/bin/env node
import { EXIT_INTERNAL, errorLine, internalErrorText } from './cli-errors.ts';
import { main } from './main.ts';

// The bundled executable: real process streams, the exit code main returns.
const debug = process.argv.includes('--debug');
// Output piped into `head` closes early: stop quietly instead of crashing on EPIPE.
for (const [name, stream] of [['output', process.stdout], ['error output', process.stderr]] as const) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (stream !== process.stderr) process.stderr.write(errorLine(undefined, 'cli/cannot-write', `cannot write to the standard ${name}: ${error.message}`));
    process.exit(2);
  });
}
// Whatever escapes main (a callback of a worker, a stream) is a bug: one line, exit 70, a stack only with --debug.
process.on('uncaughtException', (error) => {
  process.stderr.write(internalErrorText(undefined, error, debug));
  process.exit(EXIT_INTERNAL);
});
const color = Boolean(process.stdout.isTTY) && process.env['NO_COLOR'] === undefined;
// Ctrl-C stops a command that waits (`--watch`): the first asks it to finish, a second one ends the process.
const stop = new AbortController();
process.on('SIGINT', () => {
  if (stop.signal.aborted) process.exit(130);
  stop.abort();
});
// `play` reads its commands from the terminal; stdin is opened only when a command reads it.
const stdin = {
  [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator](),
  get isTTY(): boolean {
    return Boolean(process.stdin.isTTY);
  },
};
main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), color, signal: stop.signal, stdin }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // main never rejects; kept so that even a bug in main is one line.
    process.stderr.write(internalErrorText(undefined, error, debug));
    process.exitCode = EXIT_INTERNAL;
  },
);
