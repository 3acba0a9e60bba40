/**
 * A whole server on one transport, for both flavours: the message gate in
 * front of the connection (`message-gate.ts`), the server core behind it
 * (`server.ts`), and LSP's ending: `exit` after `shutdown` ends with 0,
 * without it (or when the input ends first) with 1. Platform-neutral: the
 * Node flavour gives it a frame reader over stdin, the browser flavour the
 * worker's message reader; each imports `vscode-languageserver/node` or
 * `/browser`, which installs the runtime the connection needs.
 */

import { createConnection, createProtocolConnection, type Connection, type InitializeParams, type MessageWriter } from 'vscode-languageserver';
import type { LanguageService } from '../language-service.ts';
import type { ValueReader } from './frame-reader.ts';
import { EditsInFlight } from './edits-in-flight.ts';
import { MessageGate } from './message-gate.ts';
import { startServer, type ServerOptions } from './server.ts';

export interface ServeOptions extends ServerOptions {
  /** The server is done: `exit` came (0 after `shutdown`, else 1) or the input ended (the same codes). Called once. */
  onExit: (code: number) => void;
  /** The server's log (Node: stderr): one line per problem, never an answer to the client. */
  log: (line: string) => void;
  /** Internal failures are logged with their stack (else one line). */
  debug?: boolean;
  /** The client's process id from `initialize`, to end when it is gone (Node); the browser has none to watch. */
  watchClient?: (processId: number) => void;
}

export interface Served {
  connection: Connection;
  service: LanguageService;
  gate: MessageGate;
}

export function serve(reader: ValueReader, writer: MessageWriter, options: ServeOptions): Served {
  const editsInFlight = new EditsInFlight();
  const gate = new MessageGate(reader, writer, options.log, editsInFlight);
  let exited = false;
  const exit = (code: number): void => {
    if (exited) return;
    exited = true;
    options.onExit(code);
  };
  const watchDog = {
    shutdownReceived: false,
    initialize: (params: InitializeParams): void => {
      if (typeof params.processId === 'number') options.watchClient?.(params.processId);
    },
    exit,
  };
  const connection = createConnection((logger) => createProtocolConnection(gate, writer, logger), watchDog);
  gate.onClose(() => exit(gate.state === 'shut-down' ? 0 : 1));
  const onInternalError = (error: unknown): void => {
    const text = options.debug && error instanceof Error && error.stack !== undefined ? error.stack : error instanceof Error ? error.message : String(error);
    options.log(`houserules lsp: internal error: ${text}`);
  };
  const service = startServer(connection, { ...options, editsInFlight, onInternalError: options.onInternalError ?? onInternalError });
  connection.listen();
  return { connection, service, gate };
}
