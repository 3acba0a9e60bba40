// The page: the workspace (the repo's scenarios, bundled at build time, with the author's files), the engine
// worker, the editor, and the views.
import { render } from 'preact';
import bundled from 'virtual:houserules/scenarios';
import { App } from './page/app.tsx';
import { Playground } from './page/playground.ts';
import { EngineClient } from './protocol/engine-client.ts';
import { Workspace } from './workspace/workspace.ts';
import EngineWorker from './engine-worker/engine-worker.ts?worker';
import './page/styles.css';

function reportViolation(where: string, directive: string, blocked: string): void {
  console.error(`Content-Security-Policy: the ${where} refused ${blocked || 'something'} (${directive}).`);
}

document.addEventListener('securitypolicyviolation', (e) => reportViolation('page', e.violatedDirective, e.blockedURI));

const engine = new EngineClient(new EngineWorker({ name: 'engine' }));
engine.onViolation = (directive, blocked) => reportViolation('engine worker', directive, blocked);
const playground = new Playground(new Workspace(bundled), engine, window.localStorage);

render(<App pg={playground} />, document.getElementById('app')!);
void playground.boot(window.location.hash);
window.addEventListener('hashchange', () => {
  if (window.location.hash.startsWith('#share=')) void playground.boot(window.location.hash);
});
