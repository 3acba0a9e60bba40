/** The LSP server core: `startServer(connection, options)`, for the Node and the browser flavours. */
export { startServer, SERVER_CAPABILITIES, type ServerOptions, type InitializationOptions } from './server.ts';
export * from './protocol.ts';
