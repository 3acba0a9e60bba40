import type { Playground } from './playground.ts';

/** Asked when a shared link has its own version of files the author edited: nothing is replaced without an answer. */
export function LinkChoiceDialog({ pg }: { pg: Playground }) {
  const choice = pg.linkChoice.value;
  if (!choice) return null;
  const files = Object.keys(choice.project.files).length;
  return (
    <div class="overlay">
      <div class="link-choice" role="dialog" aria-modal="true" aria-labelledby="link-choice-title" data-testid="link-choice">
        <h2 id="link-choice-title">Open this shared link?</h2>
        <p>
          It carries {files} file{files === 1 ? '' : 's'}, and its own version of {choice.conflicts.length === 1 ? 'a file' : `${choice.conflicts.length} files`} you have edited:
        </p>
        <ul>
          {choice.conflicts.map((p) => (
            <li key={p}>
              <code>{p}</code>
            </li>
          ))}
        </ul>
        <div class="link-choice-actions">
          <button class="btn primary" data-testid="link-theirs" onClick={() => void pg.takeLink('theirs')} title="The link's files open; your versions are kept in this browser, to restore">
            Open it, keep mine aside
          </button>
          <button class="btn" data-testid="link-mine" onClick={() => void pg.takeLink('mine')} title="Your versions stay; the link's other files are added">
            Keep mine, add the rest
          </button>
          <button class="btn" data-testid="link-ignore" onClick={() => void pg.takeLink('ignore')}>
            Don’t open it
          </button>
        </div>
      </div>
    </div>
  );
}
