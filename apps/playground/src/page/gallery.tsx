import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { CatalogEntry } from '../protocol/engine-protocol.ts';
import type { Playground } from './playground.ts';

const folderOf = (file: string): string => file.replace(/^scenarios\//, '').replace(/\/[^/]*$/, '');

export function Gallery({ pg }: { pg: Playground }) {
  const query = useSignal('');
  const filter = useRef<HTMLInputElement>(null);
  // Opened, it takes the keys: typing filters it, Escape closes it (wherever the focus was when it opened).
  useEffect(() => {
    filter.current?.focus();
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') pg.galleryOpen.value = false;
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const q = query.value.trim().toLowerCase();
  const entries = pg.catalog.value.entries.filter((e) => !q || `${e.title} ${e.variant ?? ''} ${e.variantTitle ?? ''} ${e.file}`.toLowerCase().includes(q));
  const folders = new Map<string, CatalogEntry[]>();
  for (const e of entries) folders.set(folderOf(e.file), [...(folders.get(folderOf(e.file)) ?? []), e]);
  return (
    <div class="overlay" onClick={(e) => e.target === e.currentTarget && (pg.galleryOpen.value = false)}>
      <div class="gallery" role="dialog" aria-label="scenario gallery" data-testid="gallery">
        <header>
          <h2>Scenarios</h2>
          <p class="muted">Every scenario and variant in the repo. Open one to edit, test, simulate, play or compare it.</p>
          <input class="search" placeholder="Filter…" value={query.value} onInput={(e) => (query.value = (e.target as HTMLInputElement).value)} ref={filter} />
          <button class="link close" onClick={() => (pg.galleryOpen.value = false)} aria-label="close">
            ×
          </button>
        </header>
        <div class="gallery-body">
          {[...folders].map(([folder, list]) => (
            <section key={folder}>
              <h3>{folder}/</h3>
              <div class="cards">
                {list.map((e) => (
                  <button key={e.id} class={`card${e.id === pg.entryId.value ? ' current' : ''}`} data-testid={`entry:${e.id}`} onClick={() => void pg.openEntry(e.id)}>
                    <span class="card-title">{e.title}</span>
                    {e.variant ? <span class="card-variant">variant: {e.variantTitle ?? e.variant}</span> : <span class="card-variant base">base game</span>}
                    <span class="card-meta">
                      {e.module}
                      {e.players && ` · ${e.players.min}–${e.players.max} players`}
                      {` · ${e.tests.length} test file${e.tests.length === 1 ? '' : 's'}`}
                    </span>
                  </button>
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
