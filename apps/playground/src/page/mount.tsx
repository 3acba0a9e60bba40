// The views and the editor, loaded after the engine worker has started.
import { render } from 'preact';
import { App } from './app.tsx';
import type { Playground } from './playground.ts';
import './styles.css';

export function mountApp(pg: Playground, root: HTMLElement): void {
  render(<App pg={pg} />, root);
}
