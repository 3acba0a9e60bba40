import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  AbstractMessageReader, AbstractMessageWriter, createProtocolConnection, type CompletionList, type DataCallback, type Disposable, type Hover, type Message,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver/node';
import { DIAMANT, DIAMANT_FILE } from './fixtures.ts';

const WORKER_ENTRY = new URL('../src/lsp/browser-worker.ts', import.meta.url).pathname;

/** Two ends of a worker's message channel, as a page and a worker see them. */
function channel() {
  type Listener = (event: { data: unknown }) => void;
  const end = () => {
    const listeners: Listener[] = [];
    return {
      other: null as null | { deliver(data: unknown): void },
      onmessage: null as Listener | null,
      postMessage(data: unknown) { queueMicrotask(() => this.other!.deliver(data)); },
      deliver(data: unknown) { this.onmessage?.({ data }); for (const l of listeners) l({ data }); },
      addEventListener(type: string, l: Listener) { if (type === 'message') listeners.push(l); },
      removeEventListener() {},
    };
  };
  const page = end();
  const worker = end();
  page.other = worker;
  worker.other = page;
  return { page, worker };
}

/** The page's side of the worker's messages (what vscode-jsonrpc's browser reader and writer do, over a port). */
class PortReader extends AbstractMessageReader {
  constructor(private readonly port: { onmessage: ((e: { data: unknown }) => void) | null }) { super(); }
  listen(callback: DataCallback): Disposable {
    this.port.onmessage = (e) => callback(e.data as Message);
    return { dispose: () => { this.port.onmessage = null; } };
  }
}

class PortWriter extends AbstractMessageWriter {
  constructor(private readonly port: { postMessage(data: unknown): void }) { super(); }
  async write(msg: Message): Promise<void> { this.port.postMessage(msg); }
  end(): void {}
}

describe('the browser worker', () => {
  it('bundles for a browser (no Node module) and serves diagnostics, completion and hover over worker messages', async () => {
    // platform browser: a Node built-in anywhere in the worker's imports fails the build
    const bundle = await build({ entryPoints: [WORKER_ENTRY], bundle: true, platform: 'browser', format: 'iife', write: false, logLevel: 'silent' });
    const code = bundle.outputFiles[0]!.text;
    expect(code).not.toMatch(/require\(["']node:/);

    const { page, worker } = channel();
    new Function('self', code)(worker);
    const client = createProtocolConnection(new PortReader(page), new PortWriter(page));
    const published: PublishDiagnosticsParams[] = [];
    client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => { published.push(p); });
    client.listen();
    const uri = `file://${DIAMANT_FILE}`;
    const init = await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {}, initializationOptions: { files: {} } }) as { capabilities: { hoverProvider?: boolean } };
    expect(init.capabilities.hoverProvider).toBe(true);
    client.sendNotification('initialized', {});

    const broken = DIAMANT.replace('if in_cave_count == 0', 'if in_cave_cont == 0');
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'houserules', version: 1, text: broken } });
    await waitFor(() => published.some((p) => p.uri === uri && p.version === 1));
    const diagnostics = published.find((p) => p.version === 1)!.diagnostics;
    expect(diagnostics.map((d) => d.code)).toContain('resolve/unknown-name');

    const line = broken.split('\n').findIndex((l) => l.includes('in_cave_cont =='));
    const character = broken.split('\n')[line]!.indexOf('in_cave_cont');
    const completion = await client.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line, character } }) as CompletionList;
    expect(completion.items.map((i) => i.label)).toContain('in_cave_count');

    const hover = await client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: broken.split('\n').findIndex((l) => l.startsWith('derive in_cave_count')), character: 9 } }) as Hover;
    expect(JSON.stringify(hover.contents)).toContain('in_cave_count: number');
    client.dispose();
  });
});

async function waitFor(condition: () => boolean, ms = 20_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
