// The language-service worker, started as soon as the page asks for the editor (while Monaco loads, not after it):
// the worker's script, its `initialize` with the repo's modules as read-only files, and its first reading of them
// run beside Monaco's loading, so the service marks the first keystrokes (measured: started after Monaco, it came
// up a few hundred ms before the bench's first keystroke, whose markers waited for it). Nothing here needs Monaco.
import LanguageWorker from '@houserules/language-service/browser?worker';
import bundled from 'virtual:houserules/scenarios';
import { BrowserMessageReader, BrowserMessageWriter, createProtocolConnection, InitializedNotification, InitializeRequest, type ProtocolConnection, type ServerCapabilities } from 'vscode-languageserver-protocol/browser';

export const uriString = (path: string): string => `file:///${path}`;

export interface StartedLanguageService {
  connection: ProtocolConnection;
  capabilities: ServerCapabilities;
}

let started: Promise<StartedLanguageService> | null = null;

/** The language service, started once (the first call starts it; later ones get the same). */
export function startLanguageService(): Promise<StartedLanguageService> {
  started ??= start();
  return started;
}

async function start(): Promise<StartedLanguageService> {
  const worker = new LanguageWorker({ name: 'language-service' });
  worker.addEventListener('error', (e) => console.error(`The language service stopped: ${e.message}`));
  const connection = createProtocolConnection(new BrowserMessageReader(worker), new BrowserMessageWriter(worker));
  connection.listen();
  const files: Record<string, string> = {};
  for (const f of bundled) if (f.path.endsWith('.rules')) files[uriString(f.path)] = f.text;
  const init = await connection.sendRequest(InitializeRequest.type, {
    processId: null,
    rootUri: 'file:///',
    capabilities: {
      textDocument: {
        synchronization: { didSave: false, dynamicRegistration: false },
        completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'source'] } }, dataSupport: true },
        rename: { prepareSupport: true },
        documentSymbol: { hierarchicalDocumentSymbolSupport: true },
      },
      // the server may ask for the lenses to be drawn again (src/editor/lsp/lsp-providers.ts answers it)
      workspace: { codeLens: { refreshSupport: true } },
    },
    initializationOptions: { files, readOnly: true },
    workspaceFolders: null,
  });
  await connection.sendNotification(InitializedNotification.type, {});
  return { connection, capabilities: init.capabilities };
}
