// The language service in the page: markers as you type and their quick fixes, completion of a member, hover
// with the cited sentence. The waits are long: on a loaded machine (the whole suite runs beside) the language
// service answers late.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { problemsOf, useBrowserSession, focusEditor } from './browser.ts';

const browser = useBrowserSession();

/** Where a line holding some text is drawn in the editor, read from Monaco's DOM (it draws only the lines in view). */
interface LinesInView {
  /** the line number of the first line drawn */
  first: number;
  /** the line holding the text, when it is drawn wholly inside the editor's view: its number and a point on it */
  found: { line: number; x: number; y: number; covered: boolean } | null;
}

function linesInView(text: string): LinesInView {
  const editor = document.querySelector('[data-testid="editor"] .monaco-editor');
  const numbers = [...(editor?.querySelectorAll('.margin-view-overlays .line-numbers') ?? [])].map((n) => ({ n: Number(n.textContent), top: n.closest<HTMLElement>('.margin-view-overlays > div')?.style.top }));
  const view = editor?.querySelector('.editor-scrollable')?.getBoundingClientRect();
  let found: LinesInView['found'] = null;
  for (const line of editor?.querySelectorAll<HTMLElement>('.view-lines .view-line') ?? []) {
    if (!line.textContent?.replace(/\u00a0/g, ' ').includes(text)) continue;
    const box = line.getBoundingClientRect();
    const number = numbers.find((n) => n.top === line.style.top)?.n;
    if (!view || number === undefined || box.top < view.top || box.bottom > view.bottom) continue;
    // a point on the line inside the view (the lines may be scrolled sideways), and whether a widget covers it
    const x = Math.max(box.left, view.left) + 2;
    const y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    found = { line: number, x, y, covered: !(hit !== null && (line.contains(hit) || hit.closest('.view-lines') !== null)) };
  }
  return { first: Math.min(...numbers.map((n) => n.n).filter((n) => n > 0)), found };
}

/**
 * Puts the cursor at the start of the first line that contains `text` (and shows that line), without the keyboard
 * until the editor has the focus: the mouse wheel over the gutter scrolls the line into view (Monaco draws only the
 * lines in view), a click on the line itself puts the cursor there and focuses the editor, and the gutter's active
 * line number must then be that line's. Every step waits for what it did to show, so a loaded machine or an editor
 * still loading only makes it slower. (It used Monaco's find widget, which did not always open on a loaded machine.)
 */
async function goToLineWith(p: Page, text: string): Promise<void> {
  // Monaco loads after the page is checked (its own chunk): wait for the editor and its first lines.
  await p.waitForSelector('[data-testid="editor"]:not([data-loading]) .monaco-editor .view-lines .view-line', { timeout: 150_000 });
  // The gutter is as tall as the whole file: the mouse goes to its middle within the editor's view.
  const gutter = await p.locator('[data-testid="editor"] .monaco-editor .margin').boundingBox();
  const view = await p.locator('[data-testid="editor"] .monaco-editor .editor-scrollable').boundingBox();
  if (!gutter || !view) throw new Error('the editor has no gutter');
  const state = async (): Promise<LinesInView> => p.evaluate(linesInView, text);
  // Scrolls by `dy` and waits until the lines drawn change; false when they did not (the end of the file).
  const scroll = async (dy: number): Promise<boolean> => {
    const before = await state();
    await p.mouse.move(gutter.x + gutter.width / 2, view.y + view.height / 2);
    await p.mouse.wheel(0, dy);
    return p
      .waitForFunction(
        (first) => {
          const drawn = [...document.querySelectorAll('[data-testid="editor"] .margin-view-overlays .line-numbers')].map((n) => Number(n.textContent)).filter((n) => n > 0);
          return drawn.length > 0 && Math.min(...drawn) !== first;
        },
        before.first,
        { timeout: 5_000 },
      )
      .then(
        () => true,
        () => false,
      );
  };
  for (let attempt = 0; ; attempt++) {
    // The mouse leaves the lines (a hover it showed goes) and Escape closes a widget the keyboard left open.
    await p.mouse.move(gutter.x + gutter.width / 2, view.y + view.height / 2);
    await p.keyboard.press('Escape');
    // From the top of the file down, half a view at a time, until the line is wholly in view.
    while ((await state()).first > 1) if (!(await scroll(-100_000))) break;
    let now = await state();
    while (now.found === null) {
      if (!(await scroll(view.height / 2))) throw new Error(`no line of the editor holds ${JSON.stringify(text)}`);
      now = await state();
    }
    const at = now.found;
    if (!at.covered) {
      await p.mouse.click(at.x, at.y);
      const placed = await p
        .waitForFunction((n) => document.querySelector('[data-testid="editor"] .monaco-editor.focused .line-numbers.active-line-number')?.textContent === String(n), at.line, { timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
      if (placed) break;
    }
    // Something covered the line, or the lines moved between reading and clicking (code lenses arrived): again.
    if (attempt === 20) throw new Error(`the cursor did not reach the line holding ${JSON.stringify(text)}`);
  }
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
    // The lines must not be left scrolled out of Monaco's view (Chromium once scrolled them for the find widget).
    await expect(page.evaluate(() => document.querySelector('[data-testid="editor"] .editor-scrollable')?.scrollLeft)).resolves.toBe(0);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('set relics_collected = relics_colected');
    await page.waitForSelector('[data-testid="editor"] .squiggly-error', { timeout: 150_000 });
    const hover = await hoverUntil(page, 'relics_colected', 'relics_colected');
    // a name in a marker's message is quoted, not a raw markdown `span`
    expect(hover).not.toContain('`');
    await session.screenshot(page, 'typo-language-service');
    await page.keyboard.press('Escape');
    // The quick fix (Ctrl+.) offers the declared name and puts it in place; the marker goes.
    await focusEditor(page);
    await goToLineWith(page, 'set relics_collected = relics_colected');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+.');
    const fix = page.locator('.action-widget .action-item, .action-widget .monaco-list-row', { hasText: 'relics_collected' }).first();
    await fix.waitFor({ timeout: 150_000 });
    // the light bulb is there, and the fix's title is whole (not cut short)
    expect(await page.locator('[data-testid="editor"] .lightBulbWidget').count()).toBe(1);
    const title = fix.locator('.title');
    await expect(title.evaluate((t) => t.scrollWidth <= t.clientWidth + 1)).resolves.toBe(true);
    await session.screenshot(page, 'quick-fix');
    // … and F1 lists it as a command
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    await page.keyboard.type('quick fix');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Quick Fix' }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await fix.waitFor({ timeout: 150_000 });
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
