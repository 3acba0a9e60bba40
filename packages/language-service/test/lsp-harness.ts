// A whole server (`serve`) in process, spoken to as a client would: values
// (or bytes, through the frame reader) in, the messages it writes out, its
// log and its exit code.
// installs vscode-jsonrpc's Node runtime (timers, encodings), as the CLI's flavour does
import 'vscode-languageserver/node';
import { AbstractMessageReader, AbstractMessageWriter, type DataCallback, type Disposable, type Message } from 'vscode-languageserver';
import { FrameReader, serve, type ServeOptions, type Served, type ValueReader } from '../src/lsp/index.ts';

/** What the server wrote: answers (with an id) and notifications. */
export interface Written {
  id?: number | string | null;
  result?: unknown;
  error?: { code: number; message: string };
  method?: string;
  params?: unknown;
}

/** A reader the test pushes JSON values into (as a worker's messages arrive). */
class ValueChannel extends AbstractMessageReader implements ValueReader {
  private callback: DataCallback | undefined;
  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    return { dispose: () => { this.callback = undefined; } };
  }
  push(value: unknown): void {
    this.callback?.(value as Message);
  }
  end(): void {
    this.fireClose();
  }
}

class CaptureWriter extends AbstractMessageWriter {
  constructor(private readonly out: Written[]) { super(); }
  async write(message: Message): Promise<void> {
    this.out.push(JSON.parse(JSON.stringify(message)) as Written);
  }
  end(): void {}
}

export interface TestServer {
  served: Served;
  out: Written[];
  log: string[];
  exitCode: () => number | undefined;
  /** sends a JSON value as it is (no framing) */
  send(value: unknown): void;
  /** sends bytes through the frame reader (servers made with `{ frames: true }`) */
  sendBytes(bytes: string | Uint8Array): void;
  notify(method: string, params?: unknown): void;
  /** sends a request and waits for its answer */
  request(method: string, params?: unknown): Promise<Written>;
  /** waits until `found` finds something in what the server wrote */
  waitFor<T>(found: () => T | undefined, what?: string): Promise<T>;
  end(): void;
}

let nextId = 1;

export function startTestServer(options: Partial<ServeOptions> & { frames?: boolean } = {}): TestServer {
  const out: Written[] = [];
  const log: string[] = [];
  let code: number | undefined;
  const channel = new ValueChannel();
  let feed: ((chunk: Uint8Array) => void) | undefined;
  let endBytes: (() => void) | undefined;
  const reader: ValueReader = options.frames ? new FrameReader({ onData: (l) => { feed = l; }, onEnd: (l) => { endBytes = l; } }) : channel;
  const served = serve(reader, new CaptureWriter(out), {
    diagnosticsDelay: 0,
    ...options,
    log: (line) => log.push(line),
    onExit: (c) => { code = c; },
  });
  const send = (value: unknown): void => {
    if (options.frames) {
      const body = new TextEncoder().encode(JSON.stringify(value));
      feed!(new Uint8Array([...new TextEncoder().encode(`Content-Length: ${body.length}\r\n\r\n`), ...body]));
    } else channel.push(value);
  };
  const waitFor = async <T>(found: () => T | undefined, what = 'an answer'): Promise<T> => {
    const start = Date.now();
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      if (Date.now() - start > 20_000) throw new Error(`no ${what} within 20 s`);
      await new Promise((r) => setTimeout(r, 1));
    }
  };
  return {
    served,
    out,
    log,
    exitCode: () => code,
    send,
    sendBytes: (bytes) => feed!(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes),
    notify: (method, params) => send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params }),
    request: (method, params) => {
      const id = nextId++;
      send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
      return waitFor(() => out.find((m) => m.id === id), `answer to ${method}`);
    },
    waitFor,
    end: () => (options.frames ? endBytes!() : channel.end()),
  };
}

/** `initialize` with the least a client sends. */
export async function initialized(server: TestServer, params: Record<string, unknown> = {}): Promise<Written> {
  const answer = await server.request('initialize', { processId: null, rootUri: null, capabilities: {}, ...params });
  server.notify('initialized', {});
  return answer;
}

/** A stack trace's line, as Node prints one. */
export const STACK_LINE = /\n\s+at /;
