import type { Playground } from './playground.ts';
import { TopBar } from './top-bar.tsx';
import { FileList } from './file-list.tsx';
import { EditorPane } from './editor-pane.tsx';
import { Panel } from './panel.tsx';
import { Gallery } from './gallery.tsx';
import { StatusBar } from './status-bar.tsx';
import { LinkChoiceDialog } from './link-choice.tsx';

export function App({ pg }: { pg: Playground }) {
  return (
    <div class={`shell${pg.panelWide.value ? ' wide' : ''}`}>
      <TopBar pg={pg} />
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
