// The views and the editor, loaded after the engine worker has started.
import { render } from 'preact';
import { App } from './app.tsx';
import type { Playground } from './playground.ts';
import './styles.css';

export function mountApp(pg: Playground, root: HTMLElement): void {
  render(<App pg={pg} />, root);
  // The benchmark reads this: the page is drawn (its views; Monaco is still on its way).
  performance.mark('houserules:shell');
}
