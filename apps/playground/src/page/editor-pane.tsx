import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { EditorHost } from '../editor/editor-host.ts';
import type { Playground } from './playground.ts';
import { StaticCode } from './static-code.tsx';

/** The editor host is made once per page; other parts (bridges, decorations) reach it here. */
export const editorHost: { current: EditorHost | null; listeners: ((h: EditorHost) => void)[] } = { current: null, listeners: [] };

export function onEditor(f: (h: EditorHost) => void): void {
  if (editorHost.current) f(editorHost.current);
  else editorHost.listeners.push(f);
}

export function EditorPane({ pg }: { pg: Playground }) {
  const box = useRef<HTMLDivElement>(null);
  const loaded = useSignal(false);
  useEffect(() => {
    let gone = false;
    let host: EditorHost | null = null;
    // Monaco comes in a chunk of its own, after the page's first paint; the language service's client after it.
    void import('../editor/editor-host.ts')
      .then(({ EditorHost }) => {
        if (gone) return;
        host = new EditorHost(box.current!, pg);
        editorHost.current = host;
        loaded.value = true;
        for (const f of editorHost.listeners.splice(0)) f(host);
        pg.editorReady();
        const shown = host;
        void import('../editor/lsp/language-bridge.ts').then(({ installLanguageService }) => installLanguageService(shown, pg)).catch((error: unknown) => {
          pg.notice.value = { kind: 'error', text: `The language service did not start (${error instanceof Error ? error.message : String(error)}); markers come from the check.` };
        });
      })
      .catch((error: unknown) => {
        pg.notice.value = { kind: 'error', text: `The editor did not load (${error instanceof Error ? error.message : String(error)}); reload the page.` };
      });
    return () => {
      gone = true;
      host?.dispose();
      editorHost.current = null;
    };
  }, []);
  void pg.revision.value;
  const active = pg.active.value;
  const staticText = loaded.value || active === null ? undefined : pg.workspace.text(active);
  return (
    <section class="editor-pane">
      <div class="tabs" role="tablist">
        {pg.tabs.value.map((t) => (
          <div key={t} role="tab" class={`tab${pg.active.value === t ? ' active' : ''}`} aria-selected={pg.active.value === t}>
            <button class="tab-name" onClick={() => pg.openFile(t)} title={t}>
              {t.slice(t.lastIndexOf('/') + 1)}
              {pg.workspace.origin(t) !== 'repo' && <span class="dirty">●</span>}
            </button>
            <button class="tab-close" onClick={() => pg.closeTab(t)} aria-label={`close ${t}`}>
              ×
            </button>
          </div>
        ))}
      </div>
      <div class="editor-box">
        {/* Monaco owns this element's children: the page draws none in it. Until it is there, the file is drawn beside. */}
        <div class="editor" ref={box} data-testid="editor" data-loading={loaded.value ? undefined : 'true'} />
        {!loaded.value && staticText !== undefined && <StaticCode text={staticText} />}
      </div>
    </section>
  );
}
