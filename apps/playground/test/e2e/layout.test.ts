// The layout at a desktop's, a small laptop's and a phone's size: the page never scrolls sideways, every panel tab
// can be reached and shows whole, buttons keep to one line, and on a phone the panes (files, editor, panel) are tabs.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { problemsOf, useBrowserSession } from './browser.ts';

const browser = useBrowserSession({ width: 1440, height: 900 });

/** What must hold at every size, with the view that is open. */
async function holds(page: Page, size: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `${size}: the page scrolls sideways`).toBeLessThanOrEqual(width);
  // every visible button of the top bar and the panel keeps to one line
  const tall = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.top-bar .btn, .panel-tab, .time-travel .btn, .sim-actions .btn')]
      .filter((b) => b.offsetParent !== null && b.getBoundingClientRect().height > 40)
      .map((b) => b.textContent),
  );
  expect(tall, `${size}: buttons on several lines`).toEqual([]);
}

/** Whether an element lies wholly inside the window (not cut off at its right). */
const inside = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    return r.width > 0 && r.left >= 0 && r.right <= window.innerWidth + 0.5;
  }, selector);

describe('the layout', () => {
  it('holds at 1440×900, 1024×700 and 414×896', async () => {
    const { page, session } = browser;
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      const size = `${width}×${height}`;
      await page.setViewportSize({ width, height });
      await page.click('[data-testid="panel:graph"]');
      await page.waitForSelector('[data-testid="rule-graph"]');
      expect(await inside(page, '[data-testid="panel:graph"]'), `${size}: the Rule graph tab is cut off`).toBe(true);
      await holds(page, size);
      await page.click('[data-testid="panel:play"]');
      if ((await page.locator('[data-testid="game"]').count()) === 0) await page.click('[data-testid="play-start"]');
      await page.waitForSelector('[data-testid="decision-p1"]');
      await holds(page, size);
      await session.screenshot(page, `layout-${width}`);
    }
    // A phone: one pane at a time, chosen by tabs; the panel is reached, its views too.
    await page.setViewportSize({ width: 414, height: 896 });
    await page.click('[data-testid="pane:editor"]');
    expect(await page.locator('.panel').isVisible()).toBe(false);
    expect(await page.locator('[data-testid="editor"]').isVisible()).toBe(true);
    await page.click('[data-testid="pane:panel"]');
    expect(await page.locator('.panel').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="editor"]').isVisible()).toBe(false);
    for (const view of ['problems', 'tests', 'simulate', 'play', 'compare', 'graph']) expect(await inside(page, `[data-testid="panel:${view}"]`), view).toBe(true);
    await page.click('[data-testid="panel:play"]');
    await page.waitForSelector('[data-testid="decision-p1"]');
    await holds(page, '414×896');
    await session.screenshot(page, 'layout-414-play');
    await page.click('[data-testid="pane:files"]');
    await page.click('[data-testid="file:scenarios/diamant/tests/leftovers.rules"]');
    // a file chosen opens the editor pane on it
    await page.waitForSelector('[data-testid="editor"]:visible');
    await holds(page, '414×896');
    await session.screenshot(page, 'layout-414-editor');
    expect(problemsOf(session)).toEqual([]);
  });
});
