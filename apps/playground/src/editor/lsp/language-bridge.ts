// Starts the language-service worker and bridges it to Monaco: from then on markers come from it, as you type,
// and completion, hover and the rest are its answers.
import LanguageWorker from '@houserules/language-service/browser?worker';
import bundled from 'virtual:houserules/scenarios';
import type { Playground } from '../../page/playground.ts';
import { testBench } from '../../page/test-bench.ts';
import { uriOf, type EditorHost } from '../editor-host.ts';
import { monaco } from '../monaco-setup.ts';
import { CodeLensRequest, DidChangeTextDocumentNotification, DidCloseTextDocumentNotification, DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol/browser';
import type { editor as MonacoEditor } from 'monaco-editor/editor';
import { RULES_LANGUAGE } from '../rules-language.ts';
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
  whenIdle(() => void warmUp(client, host.editor.getModel()));
  return client;
}

/** Runs `f` once the page has nothing else to do (or after a second at most). */
function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(f, { timeout: 1000 });
  else setTimeout(f, 200);
}

/** The name the warm-up copy's module takes (its own, so it is never mistaken for the file it copies). */
const WARM_UP_MODULE = 'houserules_warm_up';

/**
 * The language service's first edits run cold: on the 2,000-line file of the bench the first two keystrokes took
 * 0.66 and 0.71 s to their markers, the next ones about 0.1 s. Once the page is idle, a copy of the open file (under
 * a module name of its own, in the same folder so its imports resolve) is opened, given a typo and had it removed,
 * each edit analysed (a request that needs the analysis waits for it), then closed: the author's own first
 * keystrokes find the analysis warm. Its markers go nowhere (no model has its URI) and it is never a file of the
 * workspace.
 */
async function warmUp(client: LspClient, model: MonacoEditor.ITextModel | null): Promise<void> {
  if (!model || model.getLanguageId() !== RULES_LANGUAGE) return;
  const c = client.connection;
  const uri = model.uri.toString(true).replace(/[^/]*$/, `${WARM_UP_MODULE}.rules`);
  const lines = model.getLinesContent().map((l) => l.replace(/^(\s*module\s+)[A-Za-z_][\w.]*/, `$1${WARM_UP_MODULE}`));
  const last = lines.length - 1;
  const end = { line: last, character: lines[last]!.length };
  const settle = async (): Promise<void> => {
    // the code lenses need the edited text analysed; the diagnostics follow on the server's short timer
    await c.sendRequest(CodeLensRequest.type, { textDocument: { uri } }).catch(() => null);
    await new Promise((r) => setTimeout(r, 100));
  };
  try {
    await c.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'houserules', version: 1, text: lines.join('\n') } });
    await settle();
    await c.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: end, end }, text: 'x' }] });
    await settle();
    await c.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 3 }, contentChanges: [{ range: { start: end, end: { ...end, character: end.character + 1 } }, text: '' }] });
    await settle();
  } finally {
    await c.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } }).catch(() => {});
  }
}
