import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { editor as MonacoEditor } from 'monaco-editor/editor';
import { monaco } from '../../editor/monaco-setup.ts';
import { editorHost } from '../editor-pane.tsx';
import type { CatalogEntry } from '../../protocol/engine-protocol.ts';
import type { Playground } from '../playground.ts';

const entryLabel = (e: CatalogEntry): string => `${e.title}${e.variant ? ` — ${e.variantTitle ?? e.variant}` : ''}`;

/** The entry to compare with by default: the scenario it extends (a house rule and its base game), else another variant of it. */
export function defaultCounterpart(entries: CatalogEntry[], current: CatalogEntry | null): string {
  if (!current) return entries[0]?.id ?? '';
  const bases = entries.filter((e) => current.dependencies.includes(e.file) && e.variant === null);
  // The nearest base: the one that itself builds on the others.
  const base = bases.sort((a, b) => b.dependencies.length - a.dependencies.length)[0];
  if (base) return base.id;
  const sibling = entries.find((e) => e.file === current.file && e.id !== current.id);
  return sibling?.id ?? current.id;
}

export function CompareView({ pg, active }: { pg: Playground; active: boolean }) {
  const entries = pg.catalog.value.entries;
  const left = useSignal('');
  const right = useSignal('');
  const box = useRef<HTMLDivElement>(null);
  const diffEditor = useRef<MonacoEditor.IStandaloneDiffEditor | null>(null);
  useEffect(() => {
    left.value = pg.entryId.value;
    right.value = defaultCounterpart(entries, pg.entry.value);
  }, [pg.entryId.value, entries.length]);
  const a = entries.find((e) => e.id === left.value) ?? null;
  const b = entries.find((e) => e.id === right.value) ?? null;
  useEffect(() => {
    if (!active || !box.current || !a || !b) return;
    diffEditor.current ??= monaco.editor.createDiffEditor(box.current, { theme: 'houserules', readOnly: true, automaticLayout: true, renderSideBySide: true, minimap: { enabled: false }, fontSize: 12.5, originalEditable: false });
    const host = editorHost.current;
    const ma = host?.model(a.file);
    const mb = host?.model(b.file);
    if (ma && mb) diffEditor.current.setModel({ original: ma, modified: mb });
  }, [active, left.value, right.value, pg.revision.value]);
  useEffect(() => () => diffEditor.current?.dispose(), []);
  const sameFile = a && b && a.file === b.file;
  return (
    <div class="compare-view" data-testid="compare-view">
      <div class="toolbar">
        <select value={left.value} data-testid="compare-left" onChange={(e) => (left.value = (e.target as HTMLSelectElement).value)}>
          {entries.map((e) => (
            <option key={e.id} value={e.id}>
              {entryLabel(e)}
            </option>
          ))}
        </select>
        <span>vs</span>
        <select value={right.value} data-testid="compare-right" onChange={(e) => (right.value = (e.target as HTMLSelectElement).value)}>
          {entries.map((e) => (
            <option key={e.id} value={e.id}>
              {entryLabel(e)}
            </option>
          ))}
        </select>
      </div>
      <p class="muted">
        {sameFile
          ? 'Both are written in the same file (one is a variant of it): the sources below are the same; what the variant changes is its block.'
          : 'The two sources, side by side.'}{' '}
        The structural diff (rules added, removed and changed, by name, with their citations), the behavioural witness replayed on two boards and the balance table need @houserules/diff, which has not landed yet.
      </p>
      <div class="diff-editor" ref={box} data-testid="source-diff" />
    </div>
  );
}
