import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { OutputStream } from '../cli-io.ts';
import { ChunkSizer } from './chunk-sizer.ts';
import { emptyPartial, mergePartial, type ChunkResult, type GameOutcome, type SimulationPartial, type SimulationSpec } from '@houserules/simulation';
import { nowMs } from '../clock.ts';

/** Messages between the pool and simulate-worker.ts. */
export type WorkerRequest = { from: number; to: number } | { stop: true };
export type WorkerReply = { chunk: ChunkResult } | { error: string };

/** A whole run: its merged aggregate (the log went to `onLog`, game by game, as it came). */
export interface RunResult {
  partial: SimulationPartial;
  /** each game's outcome in game order, when the spec asks for them (`outcomes`) */
  outcomes?: GameOutcome[];
}

/**
 * The bundled worker script. In the bundle it sits next to houserules.js, one
 * folder above the chunk this code is in (dist/chunks/); when the command runs
 * from source (tests), the last build's dist/ is used.
 */
export function findWorkerScript(): string | undefined {
  const candidates = [
    new URL('../simulate-worker.js', import.meta.url),
    new URL('../../dist/simulate-worker.js', import.meta.url),
    new URL('../dist/simulate-worker.js', import.meta.url),
  ];
  for (const url of candidates) {
    if (url.protocol !== 'file:') continue;
    const path = fileURLToPath(url);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/**
 * The threads a `--workers N` gets: at most one per core of this machine, since
 * more only add overhead (and 400 threads exhaust memory); a larger N is lowered
 * with a message on `stderr` (`simulate`, `diff --balance`).
 */
export function workersForCores(requested: number | undefined, command: string, stderr: OutputStream): number {
  const cores = availableParallelism();
  const wanted = requested ?? 1;
  if (wanted <= cores) return wanted;
  stderr.write(`houserules ${command}: --workers ${wanted} is more than the ${cores} core${cores === 1 ? '' : 's'} of this machine; using ${cores}\n`);
  return cores;
}

/** Games `from` ≤ i < `to` of a run (a shard's slice, or the whole run from 0). */
export interface GameRange {
  from: number;
  to: number;
}

/** Plays games [from, to) on the calling thread (its runner is already loaded and warm). */
export type LocalChunkPlayer = (from: number, to: number) => ChunkResult;

/**
 * Plays games [range.from, range.to) on `workers` threads. Chunks are handed out on
 * demand (fast workers take more). A worker answers a chunk with an integer
 * aggregate, which the main thread merges, and log text, which it joins in
 * chunk order, so the result does not depend on the schedule. Each worker has
 * two chunks in hand, so it never waits for the main thread between chunks.
 * Log text goes to `onLog` in game order as soon as the chunks before it are
 * in: only the chunks in flight are ever held, never the whole run.
 *
 * With `local`, the calling thread is one of the `workers`: it starts
 * `workers − 1` worker threads and plays chunks itself between their messages,
 * so its runner (loaded already) starts at once instead of a worker's that must
 * load the bundle and the graph first, and no core waits on an idle main thread.
 */
export async function runGamesInWorkers(
  script: string,
  spec: SimulationSpec,
  range: GameRange,
  workers: number,
  ruleCount: number,
  onProgress: (done: number) => void,
  onLog: (text: string) => void = () => {},
  local?: LocalChunkPlayer,
): Promise<RunResult> {
  // loaded only when there are workers: worker_threads costs a one-thread run's start-up about 37M instructions
  const { Worker } = await import('node:worker_threads');
  const games = range.to - range.from;
  // With a log, a chunk is one game, so no thread holds more than a few games' text. Else
  // chunks are sized by the clock (the bar moves by time) and small enough to share the work out.
  const maxChunk = Math.max(1, Math.min(1024, Math.ceil(games / (workers * 8))));
  const sizer = new ChunkSizer(100, maxChunk);
  // The calling thread's chunks are shorter: it answers the workers between two of them.
  const localSizer = new ChunkSizer(25, maxChunk);
  const sentAt = new Map<number, number>();
  const inFlight = new Map<Worker, number>();
  const partial = emptyPartial(spec.players, ruleCount);
  const outcomes: GameOutcome[] = [];
  // Log text of chunks that came back before an earlier one, keyed by their first game.
  const waiting = new Map<number, { to: number; log: string }>();
  let logged = range.from;
  let next = range.from;
  let done = 0;
  return new Promise((resolve, reject) => {
    const pool: Worker[] = [];
    let finished = false;
    let running = 0;
    let localPlaying = local !== undefined;
    const failWith = (error: unknown): void => {
      if (finished) return;
      finished = true;
      for (const w of pool) void w.terminate();
      reject(error);
    };
    const fail = (message: string): void => failWith(new Error(message));
    const settleIfDone = (): void => {
      if (running > 0 || localPlaying || finished) return;
      finished = true;
      if (done === games) resolve(spec.outcomes === true ? { partial, outcomes: outcomes.sort((x, y) => x.index - y.index) } : { partial });
      else reject(new Error(`simulation workers stopped after ${done} of ${games} games`));
    };
    /** Folds in one chunk's aggregate and log (from a worker or this thread); false when writing the log failed. */
    const take = (chunk: ChunkResult): boolean => {
      const { from, to } = chunk;
      mergePartial(partial, chunk.partial);
      if (chunk.outcomes) outcomes.push(...chunk.outcomes);
      if (chunk.log !== undefined) {
        waiting.set(from, { to, log: chunk.log });
        for (let ready = waiting.get(logged); ready !== undefined; ready = waiting.get(logged)) {
          waiting.delete(logged);
          try {
            onLog(ready.log);
          } catch (error) {
            failWith(error);
            return false;
          }
          logged = ready.to;
        }
      }
      done += to - from;
      onProgress(done);
      return true;
    };
    const feed = (worker: Worker): void => {
      if (next >= range.to) {
        if ((inFlight.get(worker) ?? 0) === 0) worker.postMessage({ stop: true } satisfies WorkerRequest);
        return;
      }
      const from = next;
      const to = Math.min(range.to, from + (spec.log ? 1 : sizer.next()));
      sentAt.set(from, nowMs());
      next = to;
      inFlight.set(worker, (inFlight.get(worker) ?? 0) + 1);
      worker.postMessage({ from, to } satisfies WorkerRequest);
    };
    const count = Math.max(1, Math.min(workers, games)) - (local === undefined ? 0 : 1);
    for (let i = 0; i < count; i++) {
      const worker = new Worker(script, { workerData: spec });
      pool.push(worker);
      running++;
      worker.on('message', (reply: WorkerReply) => {
        if (finished) return;
        if ('error' in reply) return fail(reply.error);
        const { from, to } = reply.chunk;
        // From sending to the answer, with two chunks in hand per worker: about two chunks' time.
        sizer.record(2 * (to - from), nowMs() - (sentAt.get(from) ?? nowMs()));
        sentAt.delete(from);
        inFlight.set(worker, (inFlight.get(worker) ?? 1) - 1);
        if (!take(reply.chunk)) return;
        feed(worker);
      });
      worker.on('error', (error) => fail(`simulation worker failed: ${error.message}`));
      worker.on('exit', () => {
        running--;
        settleIfDone();
      });
      feed(worker);
      feed(worker);
    }
    if (local !== undefined) {
      // One chunk, then back to the event loop (the workers' answers), then the next.
      const playLocal = (): void => {
        if (finished) return;
        if (next >= range.to) {
          localPlaying = false;
          settleIfDone();
          return;
        }
        const from = next;
        const to = Math.min(range.to, from + (spec.log ? 1 : localSizer.next()));
        next = to;
        const started = nowMs();
        let chunk: ChunkResult;
        try {
          chunk = local(from, to);
        } catch (error) {
          failWith(error);
          return;
        }
        localSizer.record(to - from, nowMs() - started);
        if (take(chunk)) setImmediate(playLocal);
      };
      setImmediate(playLocal);
    }
  });
}
