/**
 * The LSP server, for the Node and the browser flavours: `serve(reader,
 * writer, options)` runs a whole server (message gate, lifecycle, the core);
 * `FrameReader` reads LSP's frames from bytes (stdin); `startServer` is the
 * core alone, on a connection.
 */
export { startServer, SERVER_CAPABILITIES, type ServerOptions, type InitializationOptions } from './server.ts';
export { serve, type ServeOptions, type Served } from './serve.ts';
export { FrameReader, type ByteSource, type FrameProblem, type ValueReader } from './frame-reader.ts';
export { MessageGate, type LifecycleState } from './message-gate.ts';
export { NOTIFICATION_PARAMS, REQUEST_PARAMS } from './method-params.ts';
export * from './budgets.ts';
export * from './protocol.ts';
