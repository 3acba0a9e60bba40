/**
 * The VS Code client: starts the Houserules language server (`houserules
 * lsp`, bundled with the extension, or the command the setting names) and
 * hands it every `.rules` document. Everything else — diagnostics,
 * completion, hover, navigation, rename, formatting, code lenses, quick
 * fixes, semantic tokens — is the server's.
 */

import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const configured = workspace.getConfiguration('houserules').get<string>('server.path') ?? '';
  const module = configured !== '' ? configured : context.asAbsolutePath('dist/houserules.js');
  const run = { module, args: ['lsp'], transport: TransportKind.stdio };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'houserules' }, { scheme: 'untitled', language: 'houserules' }],
    // modules the open documents load may change on disk: the server re-reads them
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/*.rules') },
  };
  client = new LanguageClient('houserules', 'Houserules', serverOptions, clientOptions);
  context.subscriptions.push(client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
