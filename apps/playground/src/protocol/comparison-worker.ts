// Comparisons run in an engine worker of their own. The witness search is one synchronous call of @houserules/diff
// (up to a minute, and as much again to shrink what it found): a `cancel` message would wait behind it. So the page
// cancels a comparison by ending its worker, which stops it at once, and the next comparison starts another. While
// a search runs, the page's engine worker stays free for checks, tests and play.
import { EngineClient, type PortLike } from './engine-client.ts';
import type { CompareParams, CompareResult, ProgressOf, WorkerToPage } from './engine-protocol.ts';

/** What the page needs of a Worker: its port, its failures, and ending it. */
export interface EndableWorker extends PortLike {
  addEventListener(type: 'message', listener: (e: MessageEvent<WorkerToPage>) => void): void;
  addEventListener(type: 'error', listener: (e: ErrorEvent) => void): void;
  terminate(): void;
}

export interface RunningComparison {
  /** the comparison, or null once cancelled */
  readonly result: Promise<CompareResult | null>;
  /** stops the comparison: its worker is ended (nothing more of it arrives) */
  cancel(): void;
}

export class ComparisonWorker {
  /** the worker of the last comparison, kept warm (its compiler's parse cache and JIT) until one is cancelled */
  private current: { worker: EndableWorker; client: EngineClient; failed: Promise<never> } | null = null;
  private running: (() => void) | null = null;

  constructor(
    private readonly spawn: () => EndableWorker,
    private readonly onViolation: (directive: string, blocked: string) => void,
  ) {}

  /** Runs a comparison on the author's files; a comparison still running is cancelled first. */
  start(files: Record<string, string>, params: CompareParams, onProgress: (p: ProgressOf<'compare/run'>) => void): RunningComparison {
    this.running?.();
    const { client, failed } = this.worker();
    let settle: () => void = () => {};
    const cancelled = new Promise<null>((resolve) => (settle = () => resolve(null)));
    const run = async (): Promise<CompareResult> => {
      await client.request('files/author', { files });
      return client.start('compare/run', params, onProgress).result;
    };
    const cancel = (): void => {
      if (this.running !== cancel) return;
      this.running = null;
      this.end();
      settle();
    };
    this.running = cancel;
    const result = Promise.race([run(), failed, cancelled]).finally(() => {
      if (this.running === cancel) this.running = null;
    });
    return { result, cancel };
  }

  /** Ends the worker (and any comparison in it). */
  dispose(): void {
    this.running?.();
    this.end();
  }

  private worker(): NonNullable<ComparisonWorker['current']> {
    if (this.current) return this.current;
    const worker = this.spawn();
    const client = new EngineClient(worker);
    client.onViolation = this.onViolation;
    const failed = new Promise<never>((_, reject) =>
      worker.addEventListener('error', (e) => {
        if (this.current?.worker === worker) this.current = null;
        reject(new Error(`the comparison's worker failed: ${e.message || 'no message'}`));
      }),
    );
    failed.catch(() => {});
    this.current = { worker, client, failed };
    return this.current;
  }

  private end(): void {
    this.current?.worker.terminate();
    this.current = null;
  }
}
