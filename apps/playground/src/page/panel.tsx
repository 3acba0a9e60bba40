import { useEffect } from 'preact/hooks';
import { lazyView } from './lazy-view.tsx';
import type { Playground, PanelView } from './playground.ts';
import { ProblemsView } from './views/problems-view.tsx';
import { TestsView } from './views/tests-view.tsx';

// Problems and Tests (which puts the ▶ above each test block) are drawn at once; the others load on first use.
const SimulateView = lazyView(() => import('./views/simulate-view.tsx').then((m) => m.SimulateView));
const PlayView = lazyView(() => import('./views/play-view.tsx').then((m) => m.PlayView));
const CompareView = lazyView(() => import('./views/compare-view.tsx').then((m) => m.CompareView));
const GraphView = lazyView(() => import('./views/graph-view.tsx').then((m) => m.GraphView));
const LAZY_VIEWS = [SimulateView, PlayView, CompareView, GraphView];

/** How long after the page is ready the other views' code is fetched, if the browser is not idle before. */
const PRELOAD_WITHIN_MS = 3000;

export const PANEL_LABELS: Record<PanelView, string> = { problems: 'Problems', tests: 'Tests', simulate: 'Simulate', play: 'Play', compare: 'Compare', graph: 'Rule graph' };
const VIEWS = (Object.keys(PANEL_LABELS) as PanelView[]).map((id) => ({ id, label: PANEL_LABELS[id] }));

export function Panel({ pg }: { pg: Playground }) {
  const view = pg.panel.value;
  const errors = pg.errorCount.value;
  const ready = pg.ready.value;
  useEffect(() => {
    if (!ready) return;
    const preload = (): void => void Promise.all(LAZY_VIEWS.map((v) => v.preload())).catch(() => {});
    if (typeof requestIdleCallback === 'function') requestIdleCallback(preload, { timeout: PRELOAD_WITHIN_MS });
    else setTimeout(preload, PRELOAD_WITHIN_MS);
  }, [ready]);
  return (
    <aside class="panel">
      <div class="panel-tabs" role="tablist">
        {VIEWS.map((v) => (
          <button key={v.id} role="tab" class={`panel-tab${view === v.id ? ' active' : ''}`} aria-selected={view === v.id} data-testid={`panel:${v.id}`} onClick={() => pg.showPanel(v.id)}>
            {v.label}
            {v.id === 'problems' && errors > 0 && <span class="badge err">{errors}</span>}
          </button>
        ))}
        <span class="spacer" />
        <button class="link" title={pg.panelWide.value ? 'narrower' : 'wider'} onClick={() => (pg.panelWide.value = !pg.panelWide.value)}>
          {pg.panelWide.value ? '⇥' : '⇤'}
        </button>
      </div>
      <div class="panel-body">
        {/* Views stay mounted, so a running simulation or a game survives a look at another view. */}
        <div hidden={view !== 'problems'}><ProblemsView pg={pg} /></div>
        <div hidden={view !== 'tests'}><TestsView pg={pg} /></div>
        <div hidden={view !== 'simulate'}><SimulateView.View pg={pg} show={view === 'simulate'} /></div>
        <div hidden={view !== 'play'}><PlayView.View pg={pg} show={view === 'play'} /></div>
        <div hidden={view !== 'compare'}><CompareView.View pg={pg} active={view === 'compare'} show={view === 'compare'} /></div>
        <div hidden={view !== 'graph'}><GraphView.View pg={pg} active={view === 'graph'} show={view === 'graph'} /></div>
      </div>
    </aside>
  );
}
