import { useSignal } from '@preact/signals';
import type { Playground } from './playground.ts';

export function TopBar({ pg }: { pg: Playground }) {
  const shared = useSignal<string | null>(null);
  const entry = pg.entry.value;
  const share = async () => {
    // The link goes to the clipboard and the box beside the button, never into this page's address: a reload
    // of the page would take it again, over the edits made since.
    const link = pg.shareLink(window.location.href);
    shared.value = link;
    try {
      await navigator.clipboard.writeText(link);
      pg.notice.value = { kind: 'info', text: 'Link copied: it holds your files, compressed. Anyone who opens it gets the same sources.' };
    } catch {
      pg.notice.value = { kind: 'info', text: 'The browser refused the clipboard: copy the link from the box beside Share.' };
    }
  };
  return (
    <header class="top-bar">
      <div class="brand">
        <svg viewBox="0 0 32 32" class="logo" aria-hidden="true">
          <path d="M16 2 29 9.5v13L16 30 3 22.5v-13z" fill="#c2662d" />
          <path d="M16 8l7 4v8l-7 4-7-4v-8z" fill="#fff6e6" />
        </svg>
        <span class="brand-name">Houserules</span>
        <span class="brand-sub">playground</span>
      </div>
      <button class="entry-picker" data-testid="open-gallery" data-ready={String(entry !== null)} onClick={() => (pg.galleryOpen.value = true)} title="Choose a scenario or variant">
        <span class="entry-title">{entry ? entry.title : (pg.check.value?.title ?? 'Loading…')}</span>
        {entry?.variant && <span class="entry-variant">{entry.variantTitle ?? entry.variant}</span>}
        <span class="caret">▾</span>
      </button>
      <CheckChip pg={pg} />
      <div class="spacer" />
      <button class="btn" data-testid="new-house-rule" onClick={() => void pg.newHouseRule()} title="A new module that extends this scenario, to override its rules by name">
        + House rule
      </button>
      <button class="btn" data-testid="share" onClick={() => void share()} title="A link that carries your files">
        Share
      </button>
      <button class="btn" data-testid="download" onClick={() => pg.download()} title="Your edited and new files (a .zip when there are several)">
        Download
      </button>
      {shared.value && <input class="share-link" data-testid="share-link" readOnly value={shared.value} onFocus={(e) => (e.target as HTMLInputElement).select()} />}
    </header>
  );
}

function CheckChip({ pg }: { pg: Playground }) {
  const check = pg.check.value;
  const errors = pg.errorCount.value;
  const warnings = pg.warningCount.value;
  const state = !check ? 'pending' : errors > 0 ? 'bad' : warnings > 0 ? 'warn' : 'good';
  const label = !check
    ? 'checking…'
    : errors > 0
      ? `${errors} error${errors === 1 ? '' : 's'}`
      : `checked${warnings > 0 ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}`;
  return (
    <button class={`check-chip ${state}${pg.checking.value ? ' busy' : ''}`} data-testid="check-status" data-state={state} onClick={() => pg.showPanel('problems')}>
      <span class="dot" />
      {label}
      {check && errors === 0 && (
        <span class="muted">
          {' '}
          · {check.rules.filter((r) => r.status === 'active').length} rules · base{check.variants.length > 0 && ` + ${check.variants.length} variant${check.variants.length === 1 ? '' : 's'}`}
          {!check.built && ` · ${check.ms.toFixed(0)} ms`}
        </span>
      )}
    </button>
  );
}
