// The page's comparison worker: a comparison is cancelled by ending its worker (the witness search cannot hear a
// cancel message), a new one gets a fresh worker, and a worker kept warm serves the next comparison.
import { describe, expect, it } from 'vitest';
import { ComparisonWorker, type EndableWorker } from '../../src/protocol/comparison-worker.ts';
import type { CompareParams, CompareResult, PageToWorker, WorkerToPage } from '../../src/protocol/engine-protocol.ts';

/** A worker that answers `files/author` at once and `compare/run` only when told to (as a long search would). */
class FakeWorker implements EndableWorker {
  terminated = false;
  readonly received: PageToWorker[] = [];
  private readonly listeners: { message: ((e: MessageEvent<WorkerToPage>) => void)[]; error: ((e: ErrorEvent) => void)[] } = { message: [], error: [] };

  addEventListener(type: 'message' | 'error', listener: never): void {
    this.listeners[type].push(listener);
  }

  postMessage(m: PageToWorker): void {
    if (this.terminated) return;
    this.received.push(m);
    if (m.kind === 'request' && m.method === 'files/author') queueMicrotask(() => this.send({ kind: 'result', id: m.id, result: null }));
  }

  /** answers the last comparison the page asked for */
  finish(result: CompareResult): void {
    const request = this.received.findLast((m) => m.kind === 'request' && m.method === 'compare/run');
    if (request && !this.terminated) this.send({ kind: 'result', id: request.id, result });
  }

  fail(message: string): void {
    for (const l of this.listeners.error) l({ message } as ErrorEvent);
  }

  terminate(): void {
    this.terminated = true;
  }

  private send(m: WorkerToPage): void {
    for (const l of this.listeners.message) l({ data: m } as MessageEvent<WorkerToPage>);
  }
}

const params: CompareParams = { a: 'x.rules', b: 'x.rules#v', budgetSeconds: 60, seed: 1, balanceGames: 0 };
const answer: CompareResult = { ok: false, diagnostics: [] };
const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function setUp() {
  const spawned: FakeWorker[] = [];
  const comparisons = new ComparisonWorker(() => {
    const w = new FakeWorker();
    spawned.push(w);
    return w;
  }, () => {});
  return { spawned, comparisons };
}

describe('the comparison worker', () => {
  it('sends the author\'s files, then the comparison, and keeps the worker for the next one', async () => {
    const { spawned, comparisons } = setUp();
    const first = comparisons.start({ 'a.rules': 'module a' }, params, () => {});
    await settled();
    expect(spawned[0]!.received.map((m) => (m.kind === 'request' ? m.method : m.kind))).toEqual(['files/author', 'compare/run']);
    spawned[0]!.finish(answer);
    await expect(first.result).resolves.toEqual(answer);
    const second = comparisons.start({}, params, () => {});
    await settled();
    spawned[0]!.finish(answer);
    await expect(second.result).resolves.toEqual(answer);
    expect(spawned).toHaveLength(1);
    expect(spawned[0]!.terminated).toBe(false);
  });

  it('cancels by ending the worker: the result is null at once, and the next comparison has a new worker', async () => {
    const { spawned, comparisons } = setUp();
    const running = comparisons.start({}, params, () => {});
    await settled();
    running.cancel();
    await expect(running.result).resolves.toBeNull();
    expect(spawned[0]!.terminated).toBe(true);
    const next = comparisons.start({}, params, () => {});
    await settled();
    expect(spawned).toHaveLength(2);
    spawned[1]!.finish(answer);
    await expect(next.result).resolves.toEqual(answer);
  });

  it('cancels the comparison still running when another starts', async () => {
    const { spawned, comparisons } = setUp();
    const old = comparisons.start({}, params, () => {});
    const fresh = comparisons.start({}, { ...params, b: 'y.rules' }, () => {});
    await expect(old.result).resolves.toBeNull();
    expect(spawned[0]!.terminated).toBe(true);
    await settled();
    spawned[1]!.finish(answer);
    await expect(fresh.result).resolves.toEqual(answer);
    // cancelling a finished comparison ends nothing
    fresh.cancel();
    expect(spawned[1]!.terminated).toBe(false);
  });

  it('reports a worker that fails instead of waiting for it forever', async () => {
    const { spawned, comparisons } = setUp();
    const running = comparisons.start({}, params, () => {});
    await settled();
    spawned[0]!.fail('out of memory');
    await expect(running.result).rejects.toThrow(/out of memory/);
    comparisons.start({}, params, () => {});
    expect(spawned).toHaveLength(2);
  });
});
