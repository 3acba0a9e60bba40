// The engine worker's entry: small, so the worker is up at once. While every file is the repo's it answers what a
// fresh visitor's page asks during its load (the opening check, the catalog, the test lists) from the build
// (first-answers.ts); everything else goes to the engine (engine-handlers.ts: the compiler, the engine, the runner,
// the simulation, the diff), loaded on the first request that needs it: the author's first edit, a link's or the
// stored files, a test run, a game, a comparison. That module is 1.8 MB the worker compiles on its own thread, which
// on a fresh load took CPU from Monaco's parse on the same two cores, and the opening check waited for it.
import bundled from 'virtual:houserules/scenarios';
import firstAnswerSet from 'virtual:houserules/first-answers';
import type { PageToWorker, WorkerToPage } from '../protocol/engine-protocol.ts';
import { FirstAnswers } from './first-answers.ts';

export { DEFAULT_ENTRY } from '../protocol/engine-protocol.ts';

interface WorkerScope {
  postMessage(message: WorkerToPage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<PageToWorker>) => void): void;
  addEventListener(type: 'securitypolicyviolation', listener: (e: SecurityPolicyViolationEvent) => void): void;
}
const scope = self as unknown as WorkerScope;

const first = new FirstAnswers(firstAnswerSet, Object.fromEntries(bundled.map((f) => [f.path, f.text])));

let engine: Promise<typeof import('./engine-handlers.ts')> | null = null;

/** The answer from the build, if it has one for this request and the files are still the repo's. */
function fromBuild(message: PageToWorker): unknown {
  if (message.kind !== 'request') return undefined;
  const params = message.params as { entry?: string; file?: string };
  if (message.method === 'check') return first.check(params.entry ?? '');
  if (message.method === 'catalog') return first.catalog();
  if (message.method === 'tests/list') return first.tests(params.file ?? '');
  return undefined;
}

function receive(message: PageToWorker): void {
  // The files the author has are noted at once, so a request sent after a change is never answered from the build.
  if (message.kind === 'request' && message.method === 'files/author') first.authored((message.params as { files: Record<string, string> }).files);
  if (message.kind === 'request' && message.method === 'files/change') {
    const { path, text } = message.params as { path: string; text: string | null };
    first.changed(path, text);
  }
  const answer = fromBuild(message);
  if (answer !== undefined && message.kind === 'request') {
    scope.postMessage({ kind: 'result', id: message.id, result: answer });
    return;
  }
  // in the order they came: each waits for the same module, then runs as the engine always ran them
  engine ??= import('./engine-handlers.ts');
  void engine.then(
    ({ handle }) => handle(message),
    (error: unknown) => {
      if (message.kind === 'request') scope.postMessage({ kind: 'error', id: message.id, message: `the engine did not load: ${error instanceof Error ? error.message : String(error)}` });
    },
  );
}

scope.addEventListener('message', (e) => receive(e.data));
scope.addEventListener('securitypolicyviolation', (e) =>
  scope.postMessage({ kind: 'event', event: { type: 'csp-violation', directive: e.violatedDirective, blocked: e.blockedURI } }),
);
