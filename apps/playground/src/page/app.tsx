import type { PhonePane, Playground } from './playground.ts';
import { PANEL_LABELS } from './panel.tsx';
import { TopBar } from './top-bar.tsx';
import { FileList } from './file-list.tsx';
import { EditorPane } from './editor-pane.tsx';
import { Panel } from './panel.tsx';
import { Gallery } from './gallery.tsx';
import { StatusBar } from './status-bar.tsx';
import { LinkChoiceDialog } from './link-choice.tsx';

export function App({ pg }: { pg: Playground }) {
  return (
    <div class={`shell${pg.panelWide.value ? ' wide' : ''}`} data-pane={pg.phonePane.value}>
      <TopBar pg={pg} />
      <PhoneTabs pg={pg} />
      <main class="body">
        <FileList pg={pg} />
        <EditorPane pg={pg} />
        <Panel pg={pg} />
      </main>
      <StatusBar pg={pg} />
      {pg.galleryOpen.value && <Gallery pg={pg} />}
      <LinkChoiceDialog pg={pg} />
    </div>
  );
}

/** On a phone-sized screen (the CSS shows this bar there only), the three panes become tabs. */
function PhoneTabs({ pg }: { pg: Playground }) {
  const pane = pg.phonePane.value;
  const panes: { id: PhonePane; label: string }[] = [
    { id: 'files', label: 'Files' },
    { id: 'editor', label: pg.active.value ? pg.active.value.slice(pg.active.value.lastIndexOf('/') + 1) : 'Editor' },
    { id: 'panel', label: PANEL_LABELS[pg.panel.value] },
  ];
  return (
    <nav class="phone-tabs" role="tablist" aria-label="panes">
      {panes.map((p) => (
        <button key={p.id} role="tab" class={`phone-tab${pane === p.id ? ' active' : ''}`} aria-selected={pane === p.id} data-testid={`pane:${p.id}`} onClick={() => (pg.phonePane.value = p.id)}>
          {p.label}
        </button>
      ))}
    </nav>
  );
}
