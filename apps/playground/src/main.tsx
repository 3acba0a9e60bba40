// The page. The engine worker starts first, so it loads and warms up (checking the scenario the page opens on)
// while the page loads the editor; the views and Monaco come in a chunk of their own.
import bundled from 'virtual:houserules/scenarios';
import { Playground } from './page/playground.ts';
import { ComparisonWorker } from './protocol/comparison-worker.ts';
import { EngineClient } from './protocol/engine-client.ts';
import { COMPARISON_WORKER } from './protocol/engine-protocol.ts';
import { SHARE_PREFIX } from './workspace/share-link.ts';
import { browserStore } from './workspace/storage.ts';
import { Workspace } from './workspace/workspace.ts';
import EngineWorker from './engine-worker/engine-worker.ts?worker';

function reportViolation(where: string, directive: string, blocked: string): void {
  console.error(`Content-Security-Policy: the ${where} refused ${blocked || 'something'} (${directive}).`);
}

document.addEventListener('securitypolicyviolation', (e) => reportViolation('page', e.violatedDirective, e.blockedURI));

const engine = new EngineClient(new EngineWorker({ name: 'engine' }));
engine.onViolation = (directive, blocked) => reportViolation('engine worker', directive, blocked);
// Started on the first comparison, and again after one is cancelled (which ends it).
const comparisons = new ComparisonWorker(
  () => new EngineWorker({ name: COMPARISON_WORKER }),
  (directive, blocked) => reportViolation('comparison worker', directive, blocked),
);
const playground = new Playground(new Workspace(bundled), engine, browserStore(), comparisons);
// A shared link is taken once: out of the address as soon as it is opened or refused, so a reload keeps the work.
playground.onLinkTaken = () => {
  if (window.location.hash.startsWith(SHARE_PREFIX)) history.replaceState(null, '', window.location.pathname + window.location.search);
};

const { mountApp } = await import('./page/mount.tsx');
mountApp(playground, document.getElementById('app')!);
void playground.boot(window.location.hash);
window.addEventListener('hashchange', () => {
  if (window.location.hash.startsWith(SHARE_PREFIX)) void playground.openLink(window.location.hash);
});
