// The language service in the page: markers as you type and their quick fixes, completion of a member, hover
// with the cited sentence. The waits are long: on a loaded machine (the whole suite runs beside) the language
// service answers late.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, problemsOf, whenChecked, type Session } from './browser.ts';

let session: Session;
let page: Page;

beforeAll(async () => {
  session = await openSession();
  page = await session.newPage();
  await whenChecked(page);
});

afterAll(async () => {
  await session?.close();
});

/** Puts the cursor at the start of the first line that contains `text` (and shows that line). */
async function goToLineWith(p: Page, text: string): Promise<void> {
  await p.click('[data-testid="editor"] .view-lines');
  await p.keyboard.press('Control+Home');
  await p.keyboard.press('Control+f');
  await p.keyboard.type(text);
  await p.keyboard.press('Enter');
  await p.keyboard.press('Escape');
  await p.keyboard.press('Home');
}

describe('the language service in the editor', () => {
  it('completes a member: p. offers the per-player declarations', async () => {
    await goToLineWith(page, 'let share = c.value / in_cave_count');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('let mine = c.gem');
    await page.waitForSelector('.suggest-widget.visible', { timeout: 150_000 });
    const offered = await page.locator('.suggest-widget .monaco-list-row').allTextContents();
    expect(offered.some((o) => o.includes('gems'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('.ruby');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="editor"] .view-line')].some((l) => l.textContent?.replace(/\u00a0/g, ' ').includes('let mine = c.gems.ruby')));
    await session.screenshot(page, 'completion');
    // The binding is unused: a warning from the language service, and (once it has seen the last keystroke) no error.
    await page.waitForSelector('[data-testid="editor"] .squiggly-error', { state: 'detached', timeout: 150_000 });
    await page.waitForSelector('[data-testid="editor"] .squiggly-warning', { timeout: 150_000 });
    // Back to the repo's text.
    await page.click('[data-testid="file:scenarios/diamant/diamant.rules"] ~ .reset');
    await page.waitForSelector('[data-testid="editor"] .squiggly-warning', { state: 'detached', timeout: 150_000 });
    expect(problemsOf(session)).toEqual([]);
  });

  it('marks a typo as it is typed, and its quick fix puts the declared name in place', async () => {
    await goToLineWith(page, 'if in_cave_count == 0');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('set relics_collected = relics_colected');
    await page.waitForSelector('[data-testid="editor"] .squiggly-error', { timeout: 150_000 });
    await page.locator('[data-testid="editor"] .view-line span', { hasText: /^relics_colected$/ }).first().hover();
    await page.waitForSelector('.monaco-hover:not(.hidden)', { timeout: 30_000 });
    await expect(page.textContent('.monaco-hover:not(.hidden)')).resolves.toContain('relics_colected');
    await session.screenshot(page, 'typo-language-service');
    await page.keyboard.press('Escape');
    // The quick fix (Ctrl+.) offers the declared name and puts it in place; the marker goes.
    await page.click('[data-testid="editor"] .view-lines');
    await goToLineWith(page, 'set relics_collected = relics_colected');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+.');
    const fix = page.locator('.action-widget .action-item, .action-widget .monaco-list-row', { hasText: 'relics_collected' }).first();
    await fix.waitFor({ timeout: 150_000 });
    await session.screenshot(page, 'quick-fix');
    await fix.click();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="editor"] .view-line')].some((l) => l.textContent?.replace(/\u00a0/g, ' ').includes('set relics_collected = relics_collected')));
    await page.waitForSelector('[data-testid="editor"] .squiggly-error', { state: 'detached', timeout: 150_000 });
    await page.keyboard.press('End');
    for (let i = 0; i < 'set relics_collected = relics_collected'.length + 1; i++) await page.keyboard.press('Backspace');
    await page.waitForSelector('[data-testid="editor"] .squiggly-error', { state: 'detached', timeout: 150_000 });
  });

  it('shows a rule\'s cited sentence on hover', async () => {
    await goToLineWith(page, 'rule share_treasure on explored');
    const name = page.locator('[data-testid="editor"] .view-line span', { hasText: /^share_treasure$/ }).first();
    await name.hover();
    await page.waitForSelector('.monaco-hover:not(.hidden)', { timeout: 150_000 });
    const hover = await page.textContent('.monaco-hover:not(.hidden)');
    expect(hover).toContain('Take Rubies from the reserve equal to the number shown.');
    await session.screenshot(page, 'hover-citation');
    expect(problemsOf(session)).toEqual([]);
  });
});
