// Comparing two printings in a real browser: Durango 2017 against the 2016 card — the differences by name with
// their citations, a witness game replayed on two boards side by side up to the first divergence, and the
// witness copied as a test.
import { describe, expect, it } from 'vitest';
import { problemsOf, useBrowserSession, whenChecked } from './browser.ts';

const browser = useBrowserSession();

describe('comparing two printings', () => {
  it('compares Durango 2017 and 2016: the differences, the witness on two boards, copy as test', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="open-gallery"]');
    await page.click('[data-testid="entry:scenarios/durango/durango.rules"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="open-gallery"]')?.textContent?.includes('Durango'));
    await whenChecked(page);
    await page.click('[data-testid="panel:compare"]');
    await page.selectOption('[data-testid="compare-right"]', 'scenarios/durango/durango.rules#durango_2016');
    // The search's longest budget (shared by the differences); it starts a few seeds in so a loaded machine reaches a town settlement in time.
    await page.fill('[data-testid="compare-seconds"]', '60');
    await page.fill('[data-testid="compare-seed"]', '10');
    await page.fill('[data-testid="compare-balance-games"]', '20');
    await page.click('[data-testid="compare-run"]');
    await page.waitForSelector('[data-testid="witness"]', { timeout: 150_000 });

    // The structural diff: the town's limits and the option only the 2016 card has, each with its sentence.
    await expect(page.textContent('[data-testid="structure-summary"]')).resolves.toMatch(/\d+ differences? by name/);
    const options = (await page.textContent('[data-testid="changes:option"]')) ?? '';
    expect(options).toContain('roads_do_not_block');
    expect(options).toContain('Roads do not block intersections on this tile.');

    // The witness: found, on two boards, opened at the first divergence.
    expect(await page.locator('[data-testid="divergence"]').count()).toBe(1);
    expect(await page.locator('[data-testid="witness"] [data-testid="board"] svg').count()).toBe(2);
    await expect(page.textContent('[data-testid="witness"]')).resolves.toContain('the first divergence');
    expect(await page.locator('[data-testid="balance"] tbody tr').count()).toBeGreaterThan(3);
    // Each difference the search sought is listed with what it found; the witness shown is one of them.
    expect(await page.locator('[data-testid="witness-list"] li.sought').count()).toBeGreaterThan(1);
    const shown = page.locator('[data-testid="witness-list"] li.sought.shown button');
    const label = (await shown.textContent()) ?? '';
    expect(label.length).toBeGreaterThan(0);
    await expect(page.textContent('[data-testid="witness"] h4')).resolves.toContain(`Witness of ${label}`);
    await page.locator('[data-testid="witness"]').scrollIntoViewIfNeeded();
    await session.screenshot(page, 'compare-witness');

    // Copy as tests: a module that extends the first printing, with a test block per witness.
    await page.click('[data-testid="copy-as-test"]');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/extends "\.\.\/durango\.rules"/);
    expect(copied).toMatch(/test "witness/);
    expect(problemsOf(session)).toEqual([]);
  }, 300_000);
});
