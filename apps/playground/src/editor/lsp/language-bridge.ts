// Starts the language-service worker and bridges it to Monaco: from then on markers come from it, as you type,
// and completion, hover and the rest are its answers.
import LanguageWorker from '@houserules/language-service/browser?worker';
import bundled from 'virtual:houserules/scenarios';
import type { Playground } from '../../page/playground.ts';
import { testBench } from '../../page/test-bench.ts';
import { uriOf, type EditorHost } from '../editor-host.ts';
import { monaco } from '../monaco-setup.ts';
import { startLspClient, type LspClient } from './lsp-client.ts';
import { registerLspProviders } from './lsp-providers.ts';

export async function installLanguageService(host: EditorHost, pg: Playground): Promise<LspClient> {
  const worker = new LanguageWorker({ name: 'language-service' });
  worker.addEventListener('error', (e) => console.error(`The language service stopped: ${e.message}`));
  const client = await startLspClient(worker, Object.fromEntries(bundled.map((f) => [f.path, f.text])));
  const bench = testBench(pg);
  registerLspProviders(client, (command, args) => {
    // the language service's test commands (its coverage lenses) run on the page's own runner
    if (command === 'houserules.runTests' || command === 'houserules.runTest') {
      pg.showPanel('tests');
      const [uri, name] = args as [unknown, unknown];
      const file = typeof uri === 'string' ? uri.replace(/^file:\/\/\//, '') : '';
      void (command === 'houserules.runTest' && typeof name === 'string' ? bench.runOne(file, name) : bench.runAll());
      return;
    }
    pg.notice.value = { kind: 'info', text: `The language service asked for ${command}(${args.map(String).join(', ')}), which the playground does not run.` };
  });
  host.useLanguageServiceMarkers();
  pg.languageServiceLive = true;
  // the benchmark reads this mark: from navigation to the language service marking the editor as the author types
  performance.mark('houserules:language-service');
  // The author's files the editor has not opened: the language service reads them as they are. Only what changed
  // is sent, and never a file open in the editor (its model is synced as you type; resending it at each keystroke
  // would make the service check every open document again).
  const sent = new Map<string, string>();
  const sendAuthored = (): void => {
    const changed: Record<string, string> = {};
    const authored = pg.workspace.authored();
    // a file reset since: the repo's text again
    const paths = new Set([...Object.keys(authored), ...sent.keys()]);
    for (const path of paths) {
      const text = authored[path] ?? pg.workspace.text(path);
      if (text === undefined || sent.get(path) === text || monaco.editor.getModel(uriOf(path)) !== null) continue;
      changed[path] = text;
      sent.set(path, text);
    }
    if (Object.keys(changed).length > 0) client.setFiles(changed, false);
  };
  sendAuthored();
  pg.workspace.onChange(sendAuthored);
  return client;
}
