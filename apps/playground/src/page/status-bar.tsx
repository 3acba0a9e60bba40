import { useEffect } from 'preact/hooks';
import type { Playground } from './playground.ts';

/** How long a notice that only informs stays (an error stays until dismissed; one with a button, longer). */
const INFO_MS = 6_000;
const ACTION_MS = 30_000;

export function StatusBar({ pg }: { pg: Playground }) {
  const notice = pg.notice.value;
  // "Link copied" and the like are true only for a moment: they go by themselves
  useEffect(() => {
    if (!notice || notice.kind !== 'info') return;
    const timer = setTimeout(() => {
      if (pg.notice.value === notice) pg.notice.value = null;
    }, notice.action ? ACTION_MS : INFO_MS);
    return () => clearTimeout(timer);
  }, [notice]);
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
