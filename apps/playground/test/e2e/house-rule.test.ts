// The "done when": an author writes a house rule for Catan, tests it, simulates it, plays it and compares it
// with the base game, without leaving the page.
import { describe, expect, it } from 'vitest';
import { problemsOf, useBrowserSession, whenChecked, focusEditor } from './browser.ts';

const browser = useBrowserSession();

const HOUSE_RULE = [
  '',
  '// The table plays to 8 points and discards only above 9 cards.',
  'variant quick "A quicker game" {',
  'option points_to_win = 8',
  'option discard_limit = 9',
  'option round_limit = 200',
  '}',
  '',
  'test "a quick game is won at 8 points" {',
  'variant quick',
  'players 3',
  'expect points_to_win == 8',
  '}',
].join('\n');

describe('a house rule for Catan', () => {
  it('is written, tested, simulated, played and compared with the base game in the page', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="open-gallery"]');
    await page.click('[data-testid="entry:scenarios/catan/base.rules"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="open-gallery"]')?.textContent?.includes('Catan'));
    await whenChecked(page);
    await page.click('[data-testid="new-house-rule"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="open-gallery"]')?.textContent?.includes('house rules'), null, { timeout: 60_000 });
    await focusEditor(page);
    await page.keyboard.press('Control+End');
    // Pasted at the end of the file (typed key by key, a completion list that opens late would swallow an Enter).
    await page.evaluate((text) => navigator.clipboard.writeText(text), HOUSE_RULE);
    await page.keyboard.press('Control+v');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="editor"] .view-line')].some((l) => l.textContent?.replace(/\u00a0/g, ' ').includes('expect points_to_win == 8')), null, { timeout: 60_000 });
    await page.waitForSelector('[data-testid="check-status"][data-state="good"], [data-testid="check-status"][data-state="warn"]', { timeout: 120_000 });
    await session.screenshot(page, 'house-rule');

    // Its test passes.
    await page.click('[data-testid="panel:tests"]');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="test-row"]')].some((r) => r.textContent?.includes('a quick game is won at 8 points')), null, { timeout: 60_000 });
    await page.locator('[data-testid="test-row"]', { hasText: 'a quick game is won at 8 points' }).locator('button.run').click();
    await page.waitForSelector('[data-testid="test-row"]:not([data-status="not-run"])', { timeout: 120_000 }).catch(async (error: unknown) => {
      await session.screenshot(page, 'house-rule-test-not-run');
      throw error;
    });
    if ((await page.getAttribute('[data-testid="test-row"]', 'data-status')) !== 'passed') await session.screenshot(page, 'house-rule-test-failed');
    expect(await page.getAttribute('[data-testid="test-row"]', 'data-status')).toBe('passed');

    // It simulates, under its variant.
    await page.click('[data-testid="panel:simulate"]');
    await page.selectOption('.simulate-view select >> nth=0', 'quick');
    await page.fill('[data-testid="sim-games"]', '10');
    await page.click('[data-testid="sim-run"]');
    await page.waitForSelector('[data-testid="sim-charts"]', { timeout: 120_000 });
    await expect(page.textContent('[data-testid="sim-charts"]')).resolves.toContain('10 games');

    // It plays, with bots in every seat but the first.
    await page.click('[data-testid="panel:play"]');
    await page.click('[data-testid="play-start"]');
    await page.waitForSelector('[data-testid="game"]', { timeout: 60_000 });
    // p1 places a settlement by clicking a marked corner of the board
    await page.waitForSelector('[data-testid="board-sites"] [data-testid="site-mark"]');
    await page.locator('[data-testid="board-sites"] [data-testid="site-mark"]').first().click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="game"]')?.getAttribute('data-cursor')) > 0);

    // And it compares with the base game, source by source.
    await page.click('[data-testid="panel:compare"]');
    await page.waitForSelector('[data-testid="source-diff"] .monaco-diff-editor', { timeout: 60_000 });
    expect(await page.inputValue('[data-testid="compare-right"]')).toBe('scenarios/catan/base.rules');
    // The structural diff names what the house rule's variant changes (a short search: the witness is the compare test's).
    const quick = await page.locator('[data-testid="compare-left"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).find((v) => v.endsWith('#quick')));
    expect(quick).toBeTruthy();
    await page.selectOption('[data-testid="compare-left"]', quick!);
    await page.fill('[data-testid="compare-seconds"]', '1');
    await page.fill('[data-testid="compare-balance-games"]', '0');
    await page.click('[data-testid="compare-run"]');
    await page.waitForSelector('[data-testid="structure-summary"]', { timeout: 120_000 });
    expect(await page.locator('[data-testid="sentence-group"] [data-testid="change:option:points_to_win"]').count()).toBe(1);
    await session.screenshot(page, 'house-rule-compare');
    expect(problemsOf(session)).toEqual([]);
  }, 300_000);
});
