// `houserules lsp` in process, on two pipes instead of stdin and stdout: the
// same frame reader, gate, server and workspace-bounded files as the command.
import { PassThrough } from 'node:stream';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from 'vscode-languageserver/node';
import type { Served } from '@houserules/language-service/lsp';
import { runLanguageServer } from '../src/lsp/stdio-server.ts';
import type { WorkspaceFiles } from '../src/lsp/workspace-files.ts';

export interface InProcessServer {
  /** a client on the server's pipes */
  client: ProtocolConnection;
  /** the server's input: raw bytes may be written to it */
  input: PassThrough;
  /** the server's output, frames as written */
  output: PassThrough;
  /** what the server logged (its stderr) */
  stderr: () => string;
  /** resolves with the exit code */
  exited: Promise<number>;
  served: () => Served;
  files: () => WorkspaceFiles;
}

export function startInProcess(options: { cwd: string; root?: string; client?: boolean }): InProcessServer {
  const input = new PassThrough();
  const output = new PassThrough();
  let stderr = '';
  let served: Served | undefined;
  let files: WorkspaceFiles | undefined;
  const exited = runLanguageServer({
    input,
    output,
    io: { stdout: { write: () => true }, stderr: { write: (t: string) => ((stderr += t), true) }, cwd: options.cwd },
    root: options.root,
    onServe: (s, f) => {
      served = s;
      files = f;
    },
  });
  const client = createProtocolConnection(new StreamMessageReader(output), new StreamMessageWriter(input));
  if (options.client !== false) client.listen();
  return { client, input, output, stderr: () => stderr, exited, served: () => served!, files: () => files! };
}

/** The error code and message of a request that fails, or the result of one that does not. */
export async function answerOf(client: ProtocolConnection, method: string, params: unknown): Promise<{ result?: unknown; code?: number; message?: string }> {
  try {
    return { result: await client.sendRequest(method, params) };
  } catch (error) {
    const e = error as { code?: number; message?: string };
    return { code: e.code, message: e.message };
  }
}
