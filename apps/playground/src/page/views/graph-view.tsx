import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { GraphDrawing, GraphNode } from '../../protocol/engine-protocol.ts';
import type { Playground } from '../playground.ts';

/** Which node the cursor is in: the innermost rule, action, event or state declared around the cursor's line. */
function nodeAtCursor(d: GraphDrawing, cursor: { file: string; line: number } | null): string | null {
  if (!cursor) return null;
  let best: GraphNode | null = null;
  for (const n of d.nodes) {
    const l = n.link;
    if (!l || l.file !== cursor.file || cursor.line < l.range.start.line || cursor.line > l.range.end.line) continue;
    if (!best || l.range.end.offset - l.range.start.offset < best.link!.range.end.offset - best.link!.range.start.offset) best = n;
  }
  return best?.id ?? null;
}

export function GraphView({ pg, active }: { pg: Playground; active: boolean }) {
  const drawing = useSignal<GraphDrawing | null>(null);
  const showState = useSignal(false);
  const loading = useSignal(false);
  const drawnFor = useSignal('');
  const box = useRef<HTMLDivElement>(null);
  const key = `${pg.entryId.value}|${pg.check.value?.ms ?? 0}|${showState.value}`;
  useEffect(() => {
    if (!active || drawnFor.value === key || !pg.check.value) return;
    drawnFor.value = key;
    loading.value = true;
    void pg.engine.request('graph/drawing', { entry: pg.entryFile.value, variant: pg.variant.value, state: showState.value }).then((d) => {
      drawing.value = d;
      loading.value = false;
    });
  }, [active, key]);
  const d = drawing.value;
  const current = d ? nodeAtCursor(d, pg.cursor.value) : null;
  useEffect(() => {
    if (!current || !box.current || !d) return;
    const n = d.nodes.find((x) => x.id === current);
    if (!n) return;
    const el = box.current;
    const scale = el.clientWidth / Math.max(el.clientWidth, d.width);
    el.scrollTo({ left: n.x * scale - el.clientWidth / 2, top: n.y * scale - el.clientHeight / 2, behavior: 'smooth' });
  }, [current]);
  const near = new Set<string>();
  if (d && current) for (const e of d.edges) if (e.from === current || e.to === current) near.add(e.from).add(e.to);
  return (
    <div class="graph-view" data-testid="graph-view">
      <div class="toolbar">
        <span class="legend">
          <span class="lg event">event</span> → <span class="lg rule">rule</span> → <span class="lg event">event</span> <span class="lg action">action</span>
          {showState.value && <span class="lg state">state</span>} <span class="lg overridden">overridden</span>
        </span>
        <span class="spacer" />
        <label class="toggle">
          <input type="checkbox" checked={showState.value} onChange={(e) => (showState.value = (e.target as HTMLInputElement).checked)} /> state read and written
        </label>
      </div>
      {loading.value && <p class="muted pad">Laying out the graph…</p>}
      {!loading.value && !d && <p class="muted pad">{pg.check.value?.ok === false ? 'The scenario does not compile, so there is no graph to draw.' : 'No graph yet.'}</p>}
      {d && (
        <div class="graph-scroll" ref={box}>
          <svg width={d.width} height={d.height} viewBox={`0 0 ${d.width} ${d.height}`} class="rule-graph" data-testid="rule-graph">
            <defs>
              <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" class="arrow-head" />
              </marker>
            </defs>
            {d.edges.map((e, i) => (
              <polyline key={i} points={e.points.map((p) => `${p.x},${p.y}`).join(' ')} class={`edge ${e.kind}${current && (e.from === current || e.to === current) ? ' near' : ''}`} marker-end="url(#arrow)" />
            ))}
            {d.nodes.map((n) => (
              <g
                key={n.id}
                class={`node ${n.kind}${n.status && n.status !== 'active' ? ' overridden' : ''}${n.id === current ? ' current' : ''}${near.has(n.id) ? ' near' : ''}${n.link ? ' clickable' : ''}`}
                transform={`translate(${n.x - n.width / 2},${n.y - n.height / 2})`}
                onClick={() => pg.goTo(n.link)}
                data-node={n.id}
              >
                <title>{`${n.kind} ${n.label}${n.status && n.status !== 'active' ? ` (${n.status})` : ''}${n.link?.cite ? `\n“${n.link.cite}”` : ''}`}</title>
                <rect width={n.width} height={n.height} rx={n.kind === 'event' ? n.height / 2 : n.kind === 'state' ? 4 : 6} />
                <text x={n.width / 2} y={n.height / 2 + 4} text-anchor="middle">
                  {n.label}
                </text>
              </g>
            ))}
          </svg>
        </div>
      )}
    </div>
  );
}
