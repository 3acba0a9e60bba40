import { parentPort, workerData } from 'node:worker_threads';
import { createGameRunner, playChunk, type SimulationSpec } from '@houserules/simulation';
import type { WorkerReply, WorkerRequest } from './worker-pool.ts';

// A simulation worker: loads the graph once, then plays the chunks it is sent
// and answers each with its integer aggregate (and log text), not per-game records.
const port = parentPort;
if (port) {
  const spec = workerData as SimulationSpec;
  const runner = createGameRunner(spec);
  port.on('message', (request: WorkerRequest) => {
    if ('stop' in request) {
      port.close();
      return;
    }
    try {
      if (!runner.ok) throw new Error(runner.message);
      port.postMessage({ chunk: playChunk(runner, spec.players, request.from, request.to, spec.outcomes === true) } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply);
    }
  });
}
