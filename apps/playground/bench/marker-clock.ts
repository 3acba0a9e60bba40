import type { Page } from 'playwright-core';

/**
 * Arms the page's clock for one keystroke: the next keydown's time (`window.keyAt`)
 * and the time the editor first shows an error mark after it (`window.markedAt`).
 * The playground bench and the keystroke trace time a keystroke by it.
 */
export async function armMarkerClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { keyAt?: number; markedAt?: number };
    delete w.keyAt;
    delete w.markedAt;
    document.addEventListener('keydown', () => (w.keyAt = performance.now()), { capture: true, once: true });
    const editor = document.querySelector('[data-testid="editor"]')!;
    const seen = new MutationObserver(() => {
      if (w.keyAt !== undefined && editor.querySelector('.squiggly-error')) {
        w.markedAt = performance.now();
        seen.disconnect();
      }
    });
    seen.observe(editor, { subtree: true, childList: true, attributes: true });
  });
}
