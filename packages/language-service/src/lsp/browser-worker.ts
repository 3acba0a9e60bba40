/**
 * The browser flavour of the server: load this module in a web worker and it
 * serves LSP over the worker's messages. The page sends the files the open
 * documents may load (`initializationOptions.files` or the
 * `houserules/setFiles` notification); nothing is read from a file system.
 *
 *   // Vite: import LanguageWorker from '@houserules/language-service/browser?worker';
 *   const worker = new LanguageWorker();
 */

import { BrowserMessageReader, BrowserMessageWriter } from 'vscode-languageserver/browser';
import { serve } from './serve.ts';

declare const self: DedicatedWorkerGlobalScope;

serve(new BrowserMessageReader(self), new BrowserMessageWriter(self), {
  log: (line) => console.error(line),
  // the page ends the worker; `exit` ends it from inside
  onExit: () => self.close(),
});
