// The language service in the page: markers as you type and their quick fixes, completion of a member, hover
// with the cited sentence. The waits are long: on a loaded machine (the whole suite runs beside) the language
// service answers late.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { problemsOf, useBrowserSession } from './browser.ts';

const browser = useBrowserSession();

/**
 * Puts the cursor at the start of the first line that contains `text` (and shows that line). The keys go to the find
 * widget's own input and its match count is awaited: keystrokes sent before the widget has focus would land in the
 * file (the machine may be loaded).
 */
async function goToLineWith(p: Page, text: string): Promise<void> {
  const input = p.locator('[data-testid="editor"] .find-widget.visible .find-part textarea');
  // Ctrl+F opens Monaco's find widget only once the editor has the focus (a widget left open may hold it).
  for (let attempt = 0; ; attempt++) {
    await p.keyboard.press('Escape');
    await p.click('[data-testid="editor"] .view-lines');
    await p.keyboard.press('Control+Home');
    await p.keyboard.press('Control+f');
    const opened = await input.waitFor({ timeout: 10_000 }).then(() => true, () => false);
    if (opened) break;
    if (attempt === 5) throw new Error('the find widget did not open');
  }
  // Typed key by key, as a person does: the widget visits matches on long lines on the way.
  await input.pressSequentially(text);
  await p.waitForFunction(() => /^1 of \d+$/.test(document.querySelector('[data-testid="editor"] .find-widget .matchesCount')?.textContent ?? ''), undefined, { timeout: 60_000 });
  await p.keyboard.press('Escape');
  await p.waitForSelector('[data-testid="editor"] .find-widget.visible', { state: 'detached', timeout: 60_000 });
  await p.keyboard.press('Home');
}

/**
 * Hovers the word `word` in the editor until Monaco's hover shows `expected`. A hover shown while markers are
 * still arriving (the language service first, the engine's check after it) is hidden again when they redraw, and
 * Monaco shows it again only when the mouse moves: so the mouse leaves and comes back, as a person's would.
 */
async function hoverUntil(p: Page, word: string, expected: string): Promise<string> {
  const target = p.locator('[data-testid="editor"] .view-line span', { hasText: new RegExp(`^${word}$`) }).first();
  const deadline = Date.now() + 150_000;
  for (;;) {
    await p.mouse.move(0, 0);
    await target.hover();
    const shown = await p
      .waitForFunction((text) => [...document.querySelectorAll('.monaco-hover:not(.hidden)')].find((h) => h.textContent?.includes(text))?.textContent ?? false, expected, { timeout: 5_000 })
      .then((handle) => handle.jsonValue() as Promise<string>)
      .catch(() => null);
    if (shown !== null) return shown;
    if (Date.now() > deadline) throw new Error(`no hover on \`${word}\` showed ${JSON.stringify(expected)}`);
  }
}

describe('the language service in the editor', () => {
  it('completes a member: p. offers the per-player declarations', async () => {
    const { page, session } = browser;
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
    const { page, session } = browser;
    await goToLineWith(page, 'if in_cave_count == 0');
    // The find widget passed matches on long lines: the lines must not be left scrolled out of Monaco's view.
    await expect(page.evaluate(() => document.querySelector('[data-testid="editor"] .editor-scrollable')?.scrollLeft)).resolves.toBe(0);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('set relics_collected = relics_colected');
    await page.waitForSelector('[data-testid="editor"] .squiggly-error', { timeout: 150_000 });
    await hoverUntil(page, 'relics_colected', 'relics_colected');
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
    const { page, session } = browser;
    await goToLineWith(page, 'rule share_treasure on explored');
    const hover = await hoverUntil(page, 'share_treasure', 'Take Rubies');
    expect(hover).toContain('Take Rubies from the reserve equal to the number shown.');
    await session.screenshot(page, 'hover-citation');
    expect(problemsOf(session)).toEqual([]);
  });
});
