/** Where a command writes: injected so tests can run commands in-process. */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Relative paths on the command line are resolved against this. */
  cwd: string;
  /** Colours only when asked (a TTY without NO_COLOR); tests get plain text. */
  color?: boolean;
  /** What `play` reads its commands from, line by line (the terminal in the executable, a script in a test). */
  stdin?: AsyncIterable<string | Uint8Array> & { isTTY?: boolean };
  /** Stops a long-running command (`--watch`, `play`): Ctrl-C in the executable, a test's AbortController. */
  signal?: AbortSignal;
}

/** Exit codes: 0 fine, 1 the input has errors (or a check failed), 2 the command line is wrong. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
