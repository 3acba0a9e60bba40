// The page's side of the engine worker's protocol: typed requests, progress, cancel.
import type { EngineMethod, PageToWorker, ParamsOf, ProgressOf, ResultOf, WorkerToPage } from './engine-protocol.ts';

export interface Pending<M extends EngineMethod> {
  readonly id: number;
  readonly result: Promise<ResultOf<M>>;
  cancel(): void;
}

type Waiter = { resolve: (v: unknown) => void; reject: (e: Error) => void; progress?: (p: unknown) => void };

export interface PortLike {
  postMessage(message: PageToWorker): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<WorkerToPage>) => void): void;
}

export class EngineClient {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();
  /** a CSP violation reported from inside the worker */
  onViolation: (directive: string, blocked: string) => void = () => {};

  constructor(private readonly port: PortLike) {
    port.addEventListener('message', (e) => this.receive(e.data));
  }

  start<M extends EngineMethod>(method: M, params: ParamsOf<M>, onProgress?: (p: ProgressOf<M>) => void): Pending<M> {
    const id = this.nextId++;
    const result = new Promise<ResultOf<M>>((resolve, reject) => {
      const waiter: Waiter = { resolve: resolve as (v: unknown) => void, reject };
      if (onProgress) waiter.progress = onProgress as (p: unknown) => void;
      this.waiting.set(id, waiter);
    });
    this.port.postMessage({ kind: 'request', id, method, params });
    return { id, result, cancel: () => this.port.postMessage({ kind: 'cancel', id }) };
  }

  request<M extends EngineMethod>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    return this.start(method, params).result;
  }

  private receive(m: WorkerToPage): void {
    if (m.kind === 'event') {
      this.onViolation(m.event.directive, m.event.blocked);
      return;
    }
    const waiter = this.waiting.get(m.id);
    if (!waiter) return;
    if (m.kind === 'progress') {
      waiter.progress?.(m.progress);
      return;
    }
    this.waiting.delete(m.id);
    if (m.kind === 'result') waiter.resolve(m.result);
    else waiter.reject(new Error(m.message));
  }
}
