import type { Playground, PanelView } from './playground.ts';
import { ProblemsView } from './views/problems-view.tsx';
import { TestsView } from './views/tests-view.tsx';
import { SimulateView } from './views/simulate-view.tsx';
import { PlayView } from './views/play-view.tsx';
import { CompareView } from './views/compare-view.tsx';
import { GraphView } from './views/graph-view.tsx';

const VIEWS: { id: PanelView; label: string }[] = [
  { id: 'problems', label: 'Problems' },
  { id: 'tests', label: 'Tests' },
  { id: 'simulate', label: 'Simulate' },
  { id: 'play', label: 'Play' },
  { id: 'compare', label: 'Compare' },
  { id: 'graph', label: 'Rule graph' },
];

export function Panel({ pg }: { pg: Playground }) {
  const view = pg.panel.value;
  const errors = pg.errorCount.value;
  return (
    <aside class="panel">
      <div class="panel-tabs" role="tablist">
        {VIEWS.map((v) => (
          <button key={v.id} role="tab" class={`panel-tab${view === v.id ? ' active' : ''}`} aria-selected={view === v.id} data-testid={`panel:${v.id}`} onClick={() => (pg.panel.value = v.id)}>
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
        <div hidden={view !== 'simulate'}><SimulateView pg={pg} /></div>
        <div hidden={view !== 'play'}><PlayView pg={pg} /></div>
        <div hidden={view !== 'compare'}><CompareView pg={pg} active={view === 'compare'} /></div>
        <div hidden={view !== 'graph'}><GraphView pg={pg} active={view === 'graph'} /></div>
      </div>
    </aside>
  );
}
