import { main } from './main.ts';

// The bundled executable: real process streams, the exit code main returns.
// Output piped into `head` closes early: stop quietly instead of crashing on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
const color = Boolean(process.stdout.isTTY) && process.env['NO_COLOR'] === undefined;
main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), color }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Only an internal bug gets here; user mistakes are diagnostics with exit 1 or 2.
    process.stderr.write(`houserules: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 70;
  },
);
