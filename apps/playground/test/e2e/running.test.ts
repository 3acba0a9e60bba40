// Running scenarios in a real browser: the tests pass with their marks, 200 games simulate into charts, and a
// Diamant round is played by hand as seat 1 against bots, then stepped back; after an edit the results say they
// are stale, in another scenario they are gone, and a notice goes by itself.
import { describe, expect, it } from 'vitest';
import { problemsOf, useBrowserSession, focusEditor } from './browser.ts';

const browser = useBrowserSession();

describe('running a scenario in the playground', () => {
  it('runs every test of Diamant and shows them passed, with coverage', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="panel:tests"]');
    await page.waitForSelector('[data-testid="test-row"]');
    const total = await page.locator('[data-testid="test-row"]').count();
    expect(total).toBeGreaterThan(10);
    await page.click('[data-testid="run-all-tests"]');
    await page.waitForSelector('[data-testid="test-summary"]', { timeout: 90_000 });
    expect(await page.locator('[data-testid="test-row"][data-status="passed"]').count()).toBe(total);
    await expect(page.textContent('[data-testid="test-summary"]')).resolves.toContain(`${total} passed`);
    await expect(page.textContent('[data-testid="coverage"]')).resolves.toContain('100% of rules fired');
    // The gutter marks the tests of the open test file, with one run lens per test.
    await page.click('[data-testid="file:scenarios/diamant/tests/leftovers.rules"]');
    await page.waitForSelector('[data-testid="editor"] .glyph-pass');
    const lensTexts = async (): Promise<string[]> => page.locator('[data-testid="editor"] .codelens-decoration').allTextContents();
    await expect.poll(async () => (await lensTexts()).filter((t) => /run test/i.test(t)).length, { timeout: 60_000 }).toBe(await page.locator('.test-file', { hasText: 'tests/leftovers.rules' }).locator('[data-testid="test-row"]').count());
    expect((await lensTexts()).filter((t) => /run test.*run test/i.test(t))).toEqual([]);
    // The rules' lenses know the run: the rule most tests fired, opened from the coverage, reads as many above it
    // (never "run the tests" after they ran). Only the lenses in view are read: those are the ones Monaco redraws
    // (one out of view keeps the text it was built with until it is scrolled to).
    const chip = page.locator('[data-testid="coverage"]').first().locator('[data-testid="rule-chip"]').last();
    const fired = Number(await chip.getAttribute('data-tests'));
    expect(fired).toBeGreaterThan(0);
    await chip.click();
    await page.waitForSelector('[data-testid="editor"] .monaco-editor.focused');
    const lensesInView = async (): Promise<string[]> => page.locator('[data-testid="editor"] .codelens-decoration:visible').allTextContents();
    await expect.poll(async () => (await lensesInView()).some((t) => t.includes(`fired by ${fired} of ${total} tests`)), { timeout: 60_000 }).toBe(true);
    expect((await lensesInView()).filter((t) => t.includes('coverage: run the tests'))).toEqual([]);
    await page.click('[data-testid="file:scenarios/diamant/tests/leftovers.rules"]');
    await session.screenshot(page, 'tests');
    expect(problemsOf(session)).toEqual([]);
  });

  it('simulates 200 games with progress and draws the charts', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="panel:simulate"]');
    await page.fill('[data-testid="sim-games"]', '200');
    await page.click('[data-testid="sim-run"]');
    await page.waitForSelector('[data-testid="sim-charts"]', { timeout: 90_000 });
    await expect(page.textContent('[data-testid="sim-charts"]')).resolves.toContain('200 games');
    for (const chart of ['chart-wins', 'chart-scores', 'chart-length', 'chart-ends', 'chart-rules']) {
      expect(await page.locator(`[data-testid="${chart}"] svg rect, [data-testid="${chart}"] .bar-fill`).count(), chart).toBeGreaterThan(0);
    }
    // Every seat's win rate is drawn; together they make at least 100% (shared wins count 1/k each).
    const rates = (await page.locator('[data-testid="chart-wins"] .bar-value').allTextContents()).map((t) => Number.parseFloat(t));
    expect(rates).toHaveLength(4);
    expect(rates.reduce((a, b) => a + b, 0)).toBeGreaterThan(99);
    // each win rate with its 95% interval; lengths in rounds (Diamant has no turns); ends by the condition's name
    expect(await page.locator('[data-testid="chart-wins"] [data-testid="interval"]').count()).toBe(4);
    await expect(page.textContent('[data-testid="chart-length"] figcaption')).resolves.toContain('rounds');
    await expect(page.textContent('[data-testid="chart-ends"]')).resolves.not.toMatch(/end:|\bend [a-z]|flow-ended/);
    // Diamant's games end when the flow runs out (`over by flow` in a test), each share with its 95% interval
    await expect(page.textContent('[data-testid="chart-ends"]')).resolves.toMatch(/flow.*100\.0% \(200\) · \d+(\.\d)?%–100\.0%/);
    await session.screenshot(page, 'simulate');
    expect(problemsOf(session)).toEqual([]);
  });

  it('cancels a long simulation part way', async () => {
    const { page } = browser;
    await page.fill('[data-testid="sim-games"]', '1000000');
    await page.click('[data-testid="sim-run"]');
    await page.waitForSelector('[data-testid="sim-progress"]');
    await page.waitForTimeout(300);
    await page.click('[data-testid="sim-cancel"]');
    await page.waitForSelector('[data-testid="sim-run"]', { timeout: 30_000 });
    await expect(page.textContent('[data-testid="sim-charts"]')).resolves.toContain('(cancelled)');
  });

  it('plays a Diamant round by hand as seat 1 against bots, then steps back', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="panel:play"]');
    await page.click('[data-testid="play-start"]');
    await page.waitForSelector('[data-testid="game"]');
    const round = async (): Promise<number> => Number(/round (\d+)/.exec((await page.textContent('.game-head .round')) ?? '')?.[1] ?? 0);
    expect(await round()).toBe(1);
    // Continue twice, then leave: the round ends once everybody has left or a trap has sprung.
    let answers = 0;
    while (answers < 40) {
      // p1's next decision, or round 1 over (p1 has left, or a trap sprang): between the two the view may show neither
      await page.waitForFunction(() => document.querySelector('[data-testid="decision-p1"]') !== null || !/round 1\b/.test(document.querySelector('.game-head .round')?.textContent ?? ''), null, { timeout: 30_000 });
      if ((await round()) !== 1) break;
      const decision = page.locator('[data-testid="decision-p1"]');
      const choice = answers < 2 ? 'continue' : 'exit';
      await decision.locator('[data-testid="option"]', { hasText: choice }).click();
      answers++;
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="game"]')?.getAttribute('data-steps')) >= n, answers);
    }
    expect(answers).toBeGreaterThan(0);
    await page.waitForFunction(() => /round 2/.test(document.querySelector('.game-head .round')?.textContent ?? ''), null, { timeout: 30_000 });
    expect(await page.locator('[data-testid="event-log"] li').count()).toBeGreaterThan(5);
    expect(await page.locator('[data-testid="zone:path"]').count()).toBe(1);
    await session.screenshot(page, 'play');
    // Step back: the step before is restored; further back, round 1 with p1's decision open again.
    const before = Number(await page.getAttribute('[data-testid="game"]', 'data-cursor'));
    await page.click('[data-testid="step-back"]');
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="game"]')?.getAttribute('data-cursor')) === n - 1, before);
    for (let i = 0; i < 40 && ((await round()) !== 1 || (await page.locator('[data-testid="decision-p1"]').count()) === 0); i++) {
      const c = Number(await page.getAttribute('[data-testid="game"]', 'data-cursor'));
      await page.click('[data-testid="step-back"]');
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="game"]')?.getAttribute('data-cursor')) === n - 1, c);
    }
    expect(await round()).toBe(1);
    expect(await page.locator('[data-testid="decision-p1"]').count()).toBe(1);
    await session.screenshot(page, 'play-stepped-back');
    expect(problemsOf(session)).toEqual([]);
  });

  it('says the results are stale after an edit, clears them in another scenario, and lets a notice go', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="file:scenarios/diamant/diamant.rules"]');
    await focusEditor(page);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n// a note');
    await page.click('[data-testid="panel:tests"]');
    await page.waitForSelector('[data-testid="test-summary"][data-stale="true"]');
    await page.click('[data-testid="panel:simulate"]');
    await page.waitForSelector('[data-testid="sim-stale"]');
    await page.click('[data-testid="panel:play"]');
    await page.waitForSelector('[data-testid="play-stale"]');
    // the gutter no longer marks results of files since changed
    await page.click('[data-testid="file:scenarios/diamant/tests/leftovers.rules"]');
    await page.waitForSelector('[data-testid="editor"] .glyph-pass', { state: 'detached' });
    await session.screenshot(page, 'stale');
    // A notice that only informs goes by itself.
    await page.click('[data-testid="share"]');
    await page.waitForSelector('[data-testid="notice"]');
    await page.waitForSelector('[data-testid="notice"]', { state: 'detached', timeout: 20_000 });
    // Another scenario: the last one's results are gone.
    await page.click('[data-testid="open-gallery"]');
    await page.click('[data-testid="entry:scenarios/catan/base.rules"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="open-gallery"]')?.textContent?.includes('Catan'));
    await page.click('[data-testid="panel:tests"]');
    expect(await page.locator('[data-testid="test-summary"]').count()).toBe(0);
    expect(problemsOf(session)).toEqual([]);
  });
});
