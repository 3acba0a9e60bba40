import { parentPort, workerData } from 'node:worker_threads';
import { createGameRunner, type SimulationSpec } from './game-runner.ts';
import type { WorkerReply, WorkerRequest } from './worker-pool.ts';

// A simulation worker: loads the graph once, then plays the chunks it is sent.
const port = parentPort;
if (port) {
  const runner = createGameRunner(workerData as SimulationSpec);
  port.on('message', (request: WorkerRequest) => {
    if ('stop' in request) {
      port.close();
      return;
    }
    try {
      if (!runner.ok) throw new Error(runner.message);
      const records = [];
      for (let i = request.from; i < request.to; i++) records.push(runner.play(i));
      port.postMessage({ records } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply);
    }
  });
}
