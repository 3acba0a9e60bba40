import type { Playground } from './playground.ts';

export function StatusBar({ pg }: { pg: Playground }) {
  const notice = pg.notice.value;
  const active = pg.active.value;
  return (
    <footer class="status-bar">
      <span>{active ?? ''}</span>
      {active && <span class="muted">{pg.isEditable(active) ? (pg.workspace.origin(active) === 'repo' ? 'editable' : pg.workspace.origin(active)) : 'read-only'}</span>}
      <span class="spacer" />
      {notice && (
        <span class={`notice ${notice.kind}`} data-testid="notice">
          {notice.text}
          {notice.action && (
            <button class="btn small" data-testid="notice-action" onClick={() => { const run = notice.action!.run; pg.notice.value = null; run(); }}>
              {notice.action.label}
            </button>
          )}
          <button class="link" onClick={() => (pg.notice.value = null)} aria-label="dismiss">
            ×
          </button>
        </span>
      )}
      <span class="muted">works offline · engine in a worker · no eval</span>
    </footer>
  );
}
