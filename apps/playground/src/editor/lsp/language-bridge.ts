// Starts the language-service worker and bridges it to Monaco: from then on markers come from it, as you type,
// and completion, hover and the rest are its answers.
import LanguageWorker from '@houserules/language-service/browser?worker';
import bundled from 'virtual:houserules/scenarios';
import type { Playground } from '../../page/playground.ts';
import { testBench } from '../../page/test-bench.ts';
import type { EditorHost } from '../editor-host.ts';
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
  // The author's files the editor has not opened: the language service reads them as they are.
  const sendAuthored = (): void => client.setFiles(pg.workspace.authored(), false);
  sendAuthored();
  pg.workspace.onChange(sendAuthored);
  return client;
}
