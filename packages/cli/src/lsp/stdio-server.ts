import { dirname } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { StreamMessageWriter } from 'vscode-languageserver/node';
import { FrameReader, serve, type Served } from '@houserules/language-service/lsp';
import type { CliIo } from '../cli-io.ts';
import { findRulesFiles } from '../rules-files.ts';
import { WorkspaceFiles } from './workspace-files.ts';

/** The most `.rules` files a test run looks through for a module's tests. */
const MAX_TEST_FILES = 2000;

/** How often the server looks whether the editor's process is still there (it ends when not, as LSP asks). */
const CLIENT_CHECK_MS = 3000;

export interface StdioServerOptions {
  /** LSP frames in (the process's stdin) */
  input: Readable;
  /** LSP frames out (the process's stdout) */
  output: Writable;
  /** the log goes to `io.stderr`; relative paths resolve against `io.cwd` */
  io: CliIo;
  /** `--root`: the workspace, whatever the editor says */
  root: string | undefined;
  /** internal failures logged with their stack */
  debug?: boolean;
  /** called once the server runs (tests reach the service through it) */
  onServe?: (served: Served, files: WorkspaceFiles) => void;
}

/**
 * `houserules lsp` on two streams: frames read by the server's own reader,
 * files read only inside the workspace (`WorkspaceFiles`), problems logged
 * one line each to stderr. Resolves with the exit code: 0 after `shutdown`
 * and `exit`, 1 on `exit` without `shutdown`, when the input ends first or
 * the editor's process is gone.
 */
export function runLanguageServer(options: StdioServerOptions): Promise<number> {
  const { input, output, io } = options;
  const files = new WorkspaceFiles(options.root, io.cwd);
  // a module's tests live beside it or below (scenarios/catan/tests/…): the `.rules` files under its folder, inside the workspace
  const testFilesFor = (path: string): string[] => {
    if (!files.holdsFolder(dirname(path))) return [];
    const found = findRulesFiles(io.cwd, [dirname(path)]);
    return found.ok ? found.files.slice(0, MAX_TEST_FILES) : [];
  };
  const log = (line: string): void => void io.stderr.write(`${line}\n`);
  return new Promise<number>((resolve) => {
    let watch: ReturnType<typeof setInterval> | undefined;
    const reader = new FrameReader({
      onData: (listener) => input.on('data', (chunk: Buffer) => listener(chunk)),
      onEnd: (listener) => {
        input.on('end', listener);
        input.on('close', listener);
      },
    });
    const served = serve(reader, new StreamMessageWriter(output), {
      host: files.host,
      hostFilesWritable: true,
      onFilesChanged: () => files.refresh(),
      testFilesFor,
      onInitialize: (params) => {
        const folders = files.initialize(params);
        if (folders.length === 0) log('houserules lsp: the editor named no workspace folder (and no --root was given): no file is read from disk');
      },
      log,
      debug: options.debug ?? false,
      watchClient: (pid) => {
        watch ??= setInterval(() => {
          try {
            process.kill(pid, 0);
          } catch (error) {
            // ESRCH: no such process (EPERM means it is there, another user's)
            if ((error as NodeJS.ErrnoException).code === 'ESRCH') finish(1);
          }
        }, CLIENT_CHECK_MS);
        watch.unref();
      },
      onExit: (code) => finish(code),
    });
    const finish = (code: number): void => {
      if (watch !== undefined) clearInterval(watch);
      // stop reading: the process ends once the last answers are written
      input.removeAllListeners('data');
      input.destroy();
      resolve(code);
    };
    options.onServe?.(served, files);
  });
}
