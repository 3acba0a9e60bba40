/**
 * The one door every message comes in through (both flavours): it answers
 * what is not a JSON-RPC message, enforces LSP's lifecycle and checks params
 * (`method-params.ts`) before the connection sees anything, so no handler
 * meets a shape it does not expect and no client mistake becomes an
 * InternalError.
 *
 * - Not a JSON-RPC 2.0 request, notification or response (not an object, a
 *   batch, a `method` that is not a string, an `id` that is neither a number
 *   nor a string): InvalidRequest (-32600), with the request's id when it has
 *   a usable one, else id null. Content that is not JSON: ParseError (-32700),
 *   id null. A message over the reader's budget: InvalidRequest, id null.
 * - Before `initialize`: requests are answered ServerNotInitialized (-32002);
 *   notifications are dropped, except `exit`.
 * - After `shutdown`: requests are answered InvalidRequest; notifications are
 *   dropped, except `exit`. `initialize` a second time: InvalidRequest.
 * - A method the server does not handle: MethodNotFound (-32601) for a request,
 *   dropped for a notification. Params that do not fit: InvalidParams (-32602)
 *   saying what is wrong; a notification's are dropped with a line in the log.
 */

import {
  AbstractMessageReader, ErrorCodes, type DataCallback, type Disposable, type Message, type MessageWriter, type NotificationMessage,
  type RequestMessage, type ResponseMessage,
} from 'vscode-languageserver';
import { MAX_LSP_JSON_DEPTH, MAX_LSP_MESSAGE_BYTES } from './budgets.ts';
import type { EditsInFlight } from './edits-in-flight.ts';
import type { FrameProblem, ValueReader } from './frame-reader.ts';
import { NOTIFICATION_PARAMS, REQUEST_PARAMS } from './method-params.ts';

/** Where the server is in LSP's lifecycle. */
export type LifecycleState = 'not-initialized' | 'running' | 'shut-down';

type Id = number | string | null;

export class MessageGate extends AbstractMessageReader {
  private lifecycle: LifecycleState = 'not-initialized';

  constructor(
    private readonly input: ValueReader,
    private readonly writer: MessageWriter,
    /** the server's log: one line per problem */
    private readonly log: (line: string) => void,
    /** edits counted as they arrive, before the connection queues them (the server answers requests they make stale) */
    private readonly edits?: EditsInFlight,
  ) {
    super();
    input.onClose(() => this.fireClose());
    input.onError((error) => this.log(`houserules lsp: the input failed: ${error.message}`));
    input.onProblem?.((problem) => this.onProblem(problem));
  }

  get state(): LifecycleState {
    return this.lifecycle;
  }

  listen(callback: DataCallback): Disposable {
    return this.input.listen((value) => {
      const message = this.admit(value);
      if (message !== undefined) callback(message);
    });
  }

  /** The message to hand on, or undefined after answering or dropping it. */
  admit(value: unknown): Message | undefined {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return this.refuse(null, ErrorCodes.InvalidRequest, 'a message must be a JSON object (batches are not supported)');
    const m = value as Record<string, unknown>;
    const id: Id = typeof m.id === 'number' || typeof m.id === 'string' ? m.id : null;
    if (!withinDepth(m)) return this.refuse(id, ErrorCodes.InvalidRequest, `the message is nested deeper than ${MAX_LSP_JSON_DEPTH} levels`);
    if (!('method' in m)) return this.response(m, id);
    if (typeof m.method !== 'string') return this.refuse(id, ErrorCodes.InvalidRequest, 'the method must be a string');
    if (m.jsonrpc !== '2.0') return this.refuse(id, ErrorCodes.InvalidRequest, 'the message must say "jsonrpc": "2.0"');
    const params = m.params;
    if ('id' in m) {
      if (id === null) return this.refuse(null, ErrorCodes.InvalidRequest, 'a request id must be a number or a string');
      return this.request(m as unknown as RequestMessage, id);
    }
    if (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params)) && m.method !== 'exit') {
      this.log(`houserules lsp: ${shown(m.method)} with params that are not an object (ignored)`);
      return undefined;
    }
    return this.notification(m as unknown as NotificationMessage);
  }

  private request(m: RequestMessage, id: number | string): Message | undefined {
    const method = shown(m.method);
    if (this.lifecycle === 'not-initialized' && m.method !== 'initialize') {
      return this.refuse(id, ErrorCodes.ServerNotInitialized, `the server is not initialized: send initialize before ${method}`);
    }
    if (this.lifecycle === 'shut-down') return this.refuse(id, ErrorCodes.InvalidRequest, `the server is shut down: ${method} is not answered, only exit is accepted`);
    if (this.lifecycle === 'running' && m.method === 'initialize') return this.refuse(id, ErrorCodes.InvalidRequest, 'the server is already initialized');
    const check = Object.hasOwn(REQUEST_PARAMS, m.method) ? REQUEST_PARAMS[m.method]! : undefined;
    if (check === undefined) return this.refuse(id, ErrorCodes.MethodNotFound, `the server does not handle ${method}`);
    const problem = check(m.params, 'params');
    if (problem !== undefined) return this.refuse(id, ErrorCodes.InvalidParams, `${method}: ${problem}`);
    if (m.method === 'initialize') this.lifecycle = 'running';
    if (m.method === 'shutdown') this.lifecycle = 'shut-down';
    return m;
  }

  private notification(m: NotificationMessage): Message | undefined {
    if (m.method === 'exit') return m;
    if (this.lifecycle !== 'running') return undefined;
    const check = Object.hasOwn(NOTIFICATION_PARAMS, m.method) ? NOTIFICATION_PARAMS[m.method]! : undefined;
    if (check === undefined) return undefined;
    const problem = check(m.params, 'params');
    if (problem !== undefined) {
      this.log(`houserules lsp: ${shown(m.method)} ignored: ${problem}`);
      return undefined;
    }
    if (m.method === 'textDocument/didChange') this.edits?.arrived((m.params as { textDocument: { uri: string } }).textDocument.uri);
    return m;
  }

  /** A client's answer to one of the server's requests: handed on only while running, and only if it is one. */
  private response(m: Record<string, unknown>, id: Id): Message | undefined {
    const error = m.error as Record<string, unknown> | undefined;
    const wellFormed = m.jsonrpc === '2.0' && 'id' in m && ('result' in m || (error !== null && typeof error === 'object' && Number.isSafeInteger(error.code) && typeof error.message === 'string'));
    if (!wellFormed) return this.refuse(null, ErrorCodes.InvalidRequest, 'not a JSON-RPC request, notification or response');
    if (this.lifecycle !== 'running' || id === null) return undefined;
    return m as unknown as ResponseMessage;
  }

  private onProblem(problem: FrameProblem): void {
    if (problem.kind === 'not-json') this.refuse(null, ErrorCodes.ParseError, `a message of ${problem.length} bytes is not JSON`);
    else if (problem.kind === 'too-large') this.refuse(null, ErrorCodes.InvalidRequest, `a message of ${problem.length} bytes is longer than the ${MAX_LSP_MESSAGE_BYTES} the server reads`);
    else this.log(`houserules lsp: skipped ${problem.bytes} bytes that were not a message (${problem.reason})`);
  }

  /** Answers an error (when there is an id to answer, or id null as JSON-RPC says when there is none). */
  private refuse(id: Id, code: number, message: string): undefined {
    this.writer.write({ jsonrpc: '2.0', id, error: { code, message } } as ResponseMessage).catch(() => this.log('houserules lsp: an answer could not be written'));
    return undefined;
  }
}

/** A method name as an answer or the log shows it: a client's string, so never more than a line. */
function shown(method: string): string {
  return method.length > 100 ? `${method.slice(0, 100)}…` : method;
}

/** Whether `value` is nested at most MAX_LSP_JSON_DEPTH deep (walked without recursion). */
function withinDepth(value: object): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_LSP_JSON_DEPTH) return false;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return true;
}
