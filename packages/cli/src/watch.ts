import { watch, type FSWatcher, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { printable } from '@houserules/schema';
import type { CliIo } from './cli-io.ts';
import { usageLine } from './cli-errors.ts';
import { EXIT_USAGE } from './cli-io.ts';

/** Files whose change runs the command again: rules, rulebooks, READMEs, conformance.json. */
const WATCHED = /\.(rules|txt|md|json)$/;

/** Changes that arrive together (an editor's save is several events) start one run, this long after the last. */
const SETTLE_MS = 120;

/** Folders watched at most: one watcher per path named on the command line. */
const MAX_WATCHED_PATHS = 64;

/**
 * `--watch`: runs the command, then again each time a watched file under the
 * paths changes, until `io.signal` aborts (Ctrl-C). Node's own `fs.watch`
 * (recursive for a folder, the file's folder for a file); a run is never
 * started while one is going, changes during a run start one more after it.
 * Returns the exit code of the last run.
 */
export async function watchAndRerun(command: string, paths: readonly string[], io: CliIo, runOnce: () => Promise<number>): Promise<number> {
  if (paths.length > MAX_WATCHED_PATHS) {
    io.stderr.write(usageLine(command, `--watch follows at most ${MAX_WATCHED_PATHS} paths`));
    return EXIT_USAGE;
  }
  let code = await runOnce();
  const signal = io.signal;
  // A wrong command line is not worth watching.
  if (code === EXIT_USAGE || signal?.aborted) return code;
  const watchers: FSWatcher[] = [];
  let pending: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let current: Promise<void> | null = null;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolveDone) => (finish = resolveDone));
  const rerun = async (): Promise<void> => {
    timer = null;
    if (running || pending === null) return;
    const changed = pending;
    pending = null;
    running = true;
    io.stdout.write(`\n— ${printable(changed)} changed: running houserules ${command} again —\n`);
    try {
      code = await runOnce();
    } finally {
      running = false;
    }
    io.stdout.write(watchingLine(command));
    if (pending !== null && !signal?.aborted) schedule(pending);
  };
  const schedule = (changed: string): void => {
    pending = changed;
    if (timer !== null) clearTimeout(timer);
    if (!running) timer = setTimeout(() => (current = rerun()), SETTLE_MS);
  };
  try {
    for (const given of paths) {
      const path = resolve(io.cwd, given);
      const folder = isDirectory(path) ? path : dirname(path);
      const watcher = watch(folder, { recursive: folder === path }, (_event, name) => {
        const file = name === null ? folder : resolve(folder, name.toString());
        if (!WATCHED.test(file)) return;
        const rel = relative(io.cwd, file);
        schedule(rel.startsWith('..') ? file : rel);
      });
      watcher.on('error', () => finish());
      watchers.push(watcher);
    }
    io.stdout.write(watchingLine(command));
    if (signal !== undefined) signal.addEventListener('abort', () => finish(), { once: true });
    await done;
  } finally {
    for (const w of watchers) w.close();
    if (timer !== null) clearTimeout(timer);
  }
  // A run under way when the watch stops finishes first: its exit code is the one returned.
  if (current !== null) await current;
  return code;
}

function watchingLine(command: string): string {
  return `houserules ${command}: watching for changes (Ctrl-C to stop)\n`;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
