// Playing in the page: what is on screen for a viewer is that seat's view only (Diamant: the bots' secret plans stay
// "chooses (secretly)" in every panel, and p1 cannot answer again once the plans and the next card are out), and
// a Catan game is played by clicking the board (an option hovered in the list lights its site; a site clicked
// picks its option).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { problemsOf, useBrowserSession, whenChecked } from './browser.ts';

const browser = useBrowserSession({ width: 1440, height: 900 });

const steps = (page: Page): Promise<number> => page.getAttribute('[data-testid="game"]', 'data-steps').then(Number);

/** The text of the panels that show the game: steps, event log, players' table, shared values, the decision. */
async function panelsText(page: Page): Promise<string> {
  const parts = await Promise.all(['steps', 'event-log', 'players', 'state-pictures', 'decision-p1'].map((id) => page.locator(`[data-testid="${id}"]`).allTextContents()));
  return parts.flat().join('\n');
}

describe('playing in the page', () => {
  it('shows p1 only what p1 may see in Diamant, and keeps an answer once what it hid is out', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="panel:play"]');
    await page.click('[data-testid="play-start"]');
    await page.waitForSelector('[data-testid="decision-p1"]');
    // The bots have chosen their plans in secret: p1 reads that they chose, not what.
    let text = await panelsText(page);
    expect(text).toContain('p2 chooses (secretly)');
    expect(text).toContain('p3 chooses (secretly)');
    expect(text).not.toMatch(/p[2-4] chooses (continue|exit)|p[2-4] (continue|exit)\b/);
    expect(await page.locator('[data-testid="players"] tbody th', { hasText: /^plan$/ }).count()).toBe(0);
    // A spectator sees no secret either, and has no options to choose.
    await page.selectOption('[data-testid="viewer"]', '-1');
    await page.waitForSelector('[data-testid="game"][data-viewer="-1"]');
    text = await panelsText(page);
    expect(text).not.toMatch(/p[1-4] chooses (continue|exit)/);
    expect(await page.locator('[data-testid="option"]').count()).toBe(0);
    await expect(page.textContent('[data-testid="waiting"]')).resolves.toContain('p1');
    await page.click('[data-testid="take-seat-p1"]');
    await page.waitForSelector('[data-testid="game"][data-viewer="0"] [data-testid="decision-p1"]');
    // p1 continues: the plans and the next card come to light. Back at that step, p1 may only walk forward.
    const before = await steps(page);
    await page.locator('[data-testid="decision-p1"] [data-testid="option"]', { hasText: 'continue' }).click();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="game"]')?.getAttribute('data-steps')) > n, before);
    for (let i = 0; i < 10 && (await page.locator('[data-testid="decision-p1"] .option-btn.taken').count()) === 0; i++) {
      const cursor = Number(await page.getAttribute('[data-testid="game"]', 'data-cursor'));
      await page.click('[data-testid="step-back"]');
      await page.waitForFunction((c) => Number(document.querySelector('[data-testid="game"]')?.getAttribute('data-cursor')) === c - 1, cursor);
    }
    await page.waitForSelector('[data-testid="locked"]');
    expect(await page.locator('[data-testid="decision-p1"] [data-testid="option"]:disabled').count()).toBe(1);
    await session.screenshot(page, 'play-honest');
    expect(problemsOf(session)).toEqual([]);
  });

  it('plays Catan on the board: an option hovered lights its site, a site clicked picks it', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="open-gallery"]');
    await page.click('[data-testid="entry:scenarios/catan/base.rules"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="open-gallery"]')?.textContent?.includes('Catan'));
    await whenChecked(page);
    await page.click('[data-testid="panel:play"]');
    await page.click('[data-testid="play-start"]');
    await page.waitForSelector('[data-testid="board-sites"] [data-testid="site-mark"]');
    const marks = await page.locator('[data-testid="site-mark"]').count();
    expect(marks).toBeGreaterThan(20);
    // The list names a corner as the terminal does, with the land around it.
    await page.click('.placed-options summary');
    const first = page.locator('[data-testid="decision-p1"] [data-testid="option"]').first();
    await expect(first.textContent()).resolves.toMatch(/^place_start_settlement\(corner\(-?\d, -?\d, \d\)\) \[[a-z]+ \d+/);
    await first.hover();
    expect(await page.locator('[data-testid="site-mark"].hot').count()).toBe(1);
    // A click on a marked corner places the settlement there; the road's edges are marked next.
    const n = await steps(page);
    await page.locator('circle[data-testid="site-mark"]').nth(3).click();
    await page.waitForFunction((k) => Number(document.querySelector('[data-testid="game"]')?.getAttribute('data-steps')) > k, n);
    await page.waitForSelector('line[data-testid="site-mark"]');
    await expect(page.locator('[data-testid="steps"] li').first().textContent()).resolves.toContain('p1 does place_start_settlement');
    // The players' table: seats as p1…, no scratch counters.
    const rows = await page.locator('[data-testid="players"] tbody th').allTextContents();
    expect(rows).toContain('hand');
    expect(rows.filter((r) => ['to_discard', 'offer_step', 'discard_choice', 'free_roads'].includes(r))).toEqual([]);
    await expect(page.textContent('[data-testid="shared"]')).resolves.not.toMatch(/largest_army_holder -?\d/);
    await session.screenshot(page, 'play-board');
    expect(problemsOf(session)).toEqual([]);
  });
});
