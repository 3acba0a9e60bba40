/**
 * The browser flavour of the server: load this module in a web worker and it
 * serves LSP over the worker's messages. The page sends the files the open
 * documents may load (`initializationOptions.files` or the
 * `houserules/setFiles` notification); nothing is read from a file system.
 *
 *   // Vite: import LanguageWorker from '@houserules/language-service/browser?worker';
 *   const worker = new LanguageWorker();
 */

import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { startServer } from './server.ts';

declare const self: DedicatedWorkerGlobalScope;

const connection = createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self));
startServer(connection);
connection.listen();
