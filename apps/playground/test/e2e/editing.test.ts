// The editor in a real browser: the app opens on Diamant, checked and editable; the gallery opens another
// scenario; a typo is marked where it is; a shared link opened by a fresh visitor gives the same sources.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { problemsOf, useBrowserSession, whenChecked, focusEditor } from './browser.ts';

const browser = useBrowserSession();

/**
 * Puts the cursor at the end of the editor's open file. Monaco loads after the page is checked (its own chunk), and
 * keys sent before the editor has the focus are lost on a loaded machine: wait for the editor's lines, click them,
 * wait for the focus, then go to the end.
 */
async function toEndOfFile(p: Page): Promise<void> {
  await focusEditor(p);
  await p.keyboard.press('Control+End');
}

/** Types a new last line in the editor's open file. */
async function typeAtEnd(p: Page, text: string): Promise<void> {
  await toEndOfFile(p);
  await p.keyboard.press('Enter');
  await p.keyboard.type(text);
}

describe('editing in the playground', () => {
  it('opens on Diamant, checked, with its tests as tabs and the scenario editable', async () => {
    const { page, session } = browser;
    await expect(page.textContent('[data-testid="open-gallery"]')).resolves.toContain('Diamant');
    expect(await page.getAttribute('[data-testid="check-status"]', 'data-state')).toBe('good');
    expect(await page.locator('.tab').count()).toBeGreaterThan(5);
    expect(await page.locator('[data-testid="editor"] .view-line').first().textContent()).toContain('Diamant');
    // the opening check is the build's: the Problems view gives no time of this page's for it
    await page.click('[data-testid="panel:problems"]');
    expect(await page.getAttribute('[data-testid="check-summary"]', 'data-checked-by')).toBe('build');
    expect(await page.locator('[data-testid="check-ms"]').count()).toBe(0);
    await session.screenshot(page, 'open-diamant');
    expect(problemsOf(session)).toEqual([]);
  });

  it('loads Durango from the gallery, checked, with the Catan base it builds on read-only', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="open-gallery"]');
    await page.waitForSelector('[data-testid="gallery"]');
    await session.screenshot(page, 'gallery');
    expect(await page.locator('[data-testid^="entry:"]').count()).toBeGreaterThanOrEqual(5);
    expect(await page.locator('[data-testid="entry:scenarios/durango/durango.rules#durango_2016"]').count()).toBe(1);
    await page.click('[data-testid="entry:scenarios/durango/durango.rules"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="open-gallery"]')?.textContent?.includes('Durango'));
    await whenChecked(page);
    await page.waitForFunction(() => document.querySelector('[data-testid="check-status"]')?.getAttribute('data-state') === 'good', null, { timeout: 60_000 });
    expect(await page.locator('[data-testid^="file:scenarios/durango/tests/"]').count()).toBeGreaterThan(2);
    await session.screenshot(page, 'durango');
    await page.click('[data-testid="file:scenarios/catan/base.rules"]');
    await focusEditor(page);
    await page.keyboard.type('zzz');
    // A read-only model refuses the keystrokes (Monaco says why in a tooltip).
    expect(await page.locator('[data-testid="editor"] .view-line').first().textContent()).not.toContain('zzz');
    await page.click('[data-testid="open-gallery"]');
    await page.click('[data-testid="entry:scenarios/diamant/diamant.rules"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="open-gallery"]')?.textContent?.includes('Diamant'));
    expect(problemsOf(session)).toEqual([]);
  });

  it('marks a typo where it is, with its code, and clears it when fixed', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="file:scenarios/diamant/diamant.rules"]');
    await typeAtEnd(page, 'derive oops: number = in_cave_cont + 1');
    await page.waitForSelector('[data-testid="check-status"][data-state="bad"]', { timeout: 60_000 });
    await page.waitForSelector('[data-testid="editor"] .squiggly-error', { timeout: 60_000 });
    await page.click('[data-testid="panel:problems"]');
    const problem = page.locator('.diag.error').first();
    await expect(problem.textContent()).resolves.toContain('resolve/unknown-name');
    await expect(problem.textContent()).resolves.toContain('in_cave_cont');
    // the page's own check, timed here
    expect(await page.getAttribute('[data-testid="check-summary"]', 'data-checked-by')).toBe('page');
    expect(Number(await page.textContent('[data-testid="check-ms"]'))).toBeGreaterThan(0);
    await session.screenshot(page, 'typo-marker');
    // Fixing it: the missing letter (in_cave_co|nt + 1).
    await focusEditor(page);
    await page.keyboard.press('Control+End');
    for (let i = 0; i < 'nt + 1'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('u');
    await page.waitForSelector('[data-testid="check-status"]:not([data-state="bad"])', { timeout: 60_000 });
    expect(await page.locator('[data-testid="editor"] .squiggly-error').count()).toBe(0);
    expect(problemsOf(session)).toEqual([]);
  });

  it('shares the sources in a link that a fresh visitor opens to the same files', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="share"]');
    const link = await page.inputValue('[data-testid="share-link"]');
    expect(link).toMatch(/#share=[A-Za-z0-9_-]+$/);
    const fresh = await session.freshPage(link.slice(session.url.length));
    await whenChecked(fresh);
    await fresh.click('[data-testid="file:scenarios/diamant/diamant.rules"]');
    await toEndOfFile(fresh);
    // Monaco draws only the lines in view: the file's end is drawn once the editor has scrolled there.
    const drawnLines = async (p: Page): Promise<string> => (await p.locator('[data-testid="editor"] .view-line').allTextContents()).map((l) => l.replace(/\u00a0/g, ' ')).filter((l) => l.trim()).join('\n');
    await expect.poll(() => drawnLines(fresh), { timeout: 30_000 }).toContain('derive oops: number = in_cave_count + 1');
    expect(await fresh.locator('[data-testid="file:scenarios/diamant/diamant.rules"] .badge.edited').count()).toBe(1);
    await session.screenshot(fresh, 'shared-link');
    // The link is taken once: out of the address, so a reload after an edit keeps the edit.
    expect(fresh.url()).not.toContain('#share=');
    await typeAtEnd(fresh, '// my own line');
    await fresh.waitForFunction(() => localStorage.getItem('houserules-playground/v1')?.includes('my own line'), null, { timeout: 30_000 });
    await fresh.reload();
    await whenChecked(fresh);
    await toEndOfFile(fresh);
    await expect.poll(() => drawnLines(fresh), { timeout: 30_000 }).toContain('// my own line');
    // The same link again would replace the edited file: the page asks, and "keep mine aside" can be undone.
    await fresh.goto(link);
    await fresh.waitForSelector('[data-testid="link-choice"]');
    await expect(fresh.textContent('[data-testid="link-choice"]')).resolves.toContain('scenarios/diamant/diamant.rules');
    await fresh.click('[data-testid="link-theirs"]');
    await fresh.waitForSelector('[data-testid="notice-action"]');
    expect(fresh.url()).not.toContain('#share=');
    await toEndOfFile(fresh);
    await expect.poll(() => drawnLines(fresh), { timeout: 30_000 }).not.toContain('// my own line');
    await fresh.click('[data-testid="notice-action"]');
    await toEndOfFile(fresh);
    await expect.poll(() => drawnLines(fresh), { timeout: 30_000 }).toContain('// my own line');
    // A damaged link is a message in the page, never an exception.
    const broken = await session.freshPage('#share=@@not-base64');
    await broken.waitForSelector('[data-testid="notice"]');
    await expect(broken.textContent('[data-testid="notice"]')).resolves.toContain('damaged');
    expect(problemsOf(session)).toEqual([]);
  });
});
