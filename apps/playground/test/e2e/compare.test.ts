// Comparing two printings in a real browser: Durango 2017 against the 2016 card — the differences by name with
// their citations, a witness game replayed on two boards side by side up to the first divergence, and the
// witness copied as a test; a long witness search cancelled part way.
import { describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
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
    // Compare opens on the scenario's own variant (the 2016 card), not on the base game Durango extends.
    await expect.poll(() => page.inputValue('[data-testid="compare-left"]'), { timeout: 30_000 }).toBe('scenarios/durango/durango.rules');
    await expect.poll(() => page.inputValue('[data-testid="compare-right"]')).toBe('scenarios/durango/durango.rules#durango_2016');
    // The search's longest budget (shared by the differences); it starts a few seeds in so a loaded machine reaches a town settlement in time.
    await page.fill('[data-testid="compare-seconds"]', '60');
    await page.fill('[data-testid="compare-seed"]', '10');
    await page.fill('[data-testid="compare-balance-games"]', '20');
    await page.click('[data-testid="compare-run"]');
    await page.waitForSelector('[data-testid="witness"]', { timeout: 150_000 });

    // The structural diff, grouped by the sentences the changes cite, both sides' sentences side by side: the option
    // only the 2016 card has stands with the connection rule under the 2016 sentence they cite, and the two town
    // limits that 2017 states in one sentence are one group.
    await expect(page.textContent('[data-testid="structure-summary"]')).resolves.toMatch(/\d+ differences? by name/);
    const option = page.locator('[data-testid="sentence-group"]', { has: page.locator('[data-testid="change:option:roads_do_not_block"]') });
    expect(await option.count()).toBe(1);
    await expect(option.locator('.sentences .side.b').textContent()).resolves.toContain('Roads do not block intersections on this tile.');
    expect(await option.locator('[data-testid="change:constraint:settlement_connected"]').count()).toBe(1);
    const limits = page.locator('[data-testid="sentence-group"]', { has: page.locator('[data-testid="change:constraint:one_road_into_town"]') });
    expect(await limits.locator('[data-testid="change:constraint:one_settlement_in_town"]').count()).toBe(1);
    await expect(limits.locator('.sentences .side.a').textContent()).resolves.toContain('A single player can not build more than 1 road into town');
    expect(await limits.locator('.sentences .side.b blockquote').count()).toBe(2);

    // The witness: found, on two boards, opened at the first divergence.
    expect(await page.locator('[data-testid="divergence"]').count()).toBe(1);
    expect(await page.locator('[data-testid="witness"] [data-testid="board"] svg.board-svg').count()).toBe(2);
    await expect(page.textContent('[data-testid="witness"]')).resolves.toContain('the first divergence');
    // the balance, paired as the CLI's: a verdict per table, and how often the differences matter
    expect(await page.locator('[data-testid="balance"] tbody tr').count()).toBeGreaterThan(3);
    await expect(page.textContent('[data-testid="verdict:seats"]')).resolves.toMatch(/^Seats: /);
    await expect(page.textContent('[data-testid="matters"]')).resolves.toMatch(/in 20 paired games the winner changes in \d+/);
    // Each difference the search sought is listed with what it found; the witness shown is one of them.
    expect(await page.locator('[data-testid="witness-list"] li.sought').count()).toBeGreaterThan(1);
    const shown = page.locator('[data-testid="witness-list"] li.sought.shown button');
    const label = (await shown.textContent()) ?? '';
    expect(label.length).toBeGreaterThan(0);
    await expect(page.textContent('[data-testid="witness"] h4')).resolves.toContain(`Witness of ${label}`);
    // Its headline names what differs between the two games (in the divergence's words: what the first game or the
    // second has or offers), not the move that led there.
    const headline = (await page.textContent('[data-testid="witness-headline"]')) ?? '';
    expect(headline).toMatch(/\bthe (first|second)\b/);
    // It says where its game started, as the CLI's report does: from the start of a game, or from an arranged state
    // (then with the lines that arrange it); the boards replay either.
    const kind = page.locator('[data-testid="witness-kind"]');
    await expect(kind.textContent()).resolves.toMatch(/^(from the start|from the \S+ arrangement|arranged from the guard of .+)$/);
    if ((await kind.getAttribute('data-kind')) === 'arranged') expect(await page.locator('[data-testid="witness-arrange"]').count()).toBe(1);
    expect(await page.locator('[data-testid="not-replayed"]').count()).toBe(0);
    // It was run as a test on both sides before it was shown: the line that passes on the first and fails on the second.
    await expect(page.textContent('[data-testid="witness-verified"]')).resolves.toMatch(/ends with expect /);
    // Its headline is what that line checks, what a player sees (Durango: a hand), not a scratch value (owed_now).
    expect(headline).not.toContain('owed_now');
    const verifiedLine = (await page.textContent('[data-testid="witness-verified"] code')) ?? '';
    expect(verifiedLine).toMatch(/^expect /);
    // Both boards mark the sites where the two games differ at the divergence (the same sites on both): where a
    // move is legal on one side only, or the state of a site differs.
    const marks = await Promise.all(['a', 'b'].map((_, i) => page.locator('[data-testid="witness"] .witness-side').nth(i).locator('[data-testid="site-diff"]').count()));
    expect(marks[0]).toBe(marks[1]);
    if (/legal only in the (first|second)[^(]*\(hex\(/.test(headline)) expect(marks[0]).toBeGreaterThan(0);
    await page.locator('[data-testid="witness-headline"]').evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await session.screenshot(page, 'compare-witness');

    // Copy as tests: a module that extends the first printing, with a test block per witness.
    await page.click('[data-testid="copy-as-test"]');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/extends "\.\.\/durango\.rules"/);
    expect(copied).toMatch(/test "witness/);
    // The shown witness's test block ends on its verified line.
    const blocks = copied.split(/\n(?=test ")/).map((b) => b.trimEnd().split('\n').filter((l) => l.trim() !== '' && l.trim() !== '}'));
    expect(blocks.some((lines) => lines.at(-1)?.trim() === verifiedLine)).toBe(true);
    // Added to the author's files, the witness tests are Durango's at once: listed once, and they run.
    await page.click('[data-testid="add-witness"]');
    const witnessFile = 'scenarios/durango/tests/witness.rules';
    await page.waitForSelector(`[data-testid="file:${witnessFile}"]`);
    expect(await page.locator(`[data-testid="file:${witnessFile}"]`).count()).toBe(1);
    await page.click('[data-testid="panel:tests"]');
    const section = page.locator('.test-file', { hasText: 'durango/tests/witness.rules' });
    await section.locator('[data-testid="test-row"]').first().waitFor({ timeout: 60_000 });
    await section.locator('button', { hasText: 'run file' }).click();
    await section.locator('[data-testid="test-row"][data-status="passed"]').first().waitFor({ timeout: 120_000 });
    await page.click('[data-testid="panel:compare"]');
    expect(problemsOf(session)).toEqual([]);
  }, 300_000);

  it('cancels a long witness search: by Cancel or by changing a side, its worker ends while the engine worker stays free', async () => {
    const { page, session } = browser;
    // Durango against its 2016 card from seed 1: the search uses its whole minute (two differences have no witness).
    await page.selectOption('[data-testid="compare-right"]', 'scenarios/durango/durango.rules#durango_2016');
    await page.fill('[data-testid="compare-seconds"]', '60');
    await page.fill('[data-testid="compare-seed"]', '1');
    await page.fill('[data-testid="compare-balance-games"]', '0');

    const searching = await startSearch(page);
    // The search tells how far it is, from the search itself: the games searched, the differences witnessed so far
    // of those it seeks, and its seconds going by.
    await page.waitForSelector('[data-testid="compare-progress"]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="compare-progress"]')?.getAttribute('data-games')) > 0, null, { timeout: 60_000 });
    await expect(page.textContent('[data-testid="compare-progress"]')).resolves.toMatch(/[1-9][\d,]* games? searched · \d+ of [1-9]\d* differences? witnessed/);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="compare-progress"]')?.getAttribute('data-seconds')) >= 2, null, { timeout: 60_000 });
    // The engine worker answers meanwhile: a game of Durango starts in the Play view.
    await page.click('[data-testid="panel:play"]');
    await page.click('[data-testid="play-start"]');
    await page.waitForSelector('[data-testid="game"]', { timeout: 120_000 });
    expect(await page.locator('[data-testid="compare-phase"][data-phase="witness"]').count()).toBe(1);
    await page.click('[data-testid="panel:compare"]');
    const ended = searching.waitForEvent('close', { timeout: 30_000 });
    await page.click('[data-testid="compare-cancel"]');
    await ended;
    await page.waitForSelector('[data-testid="compare-cancelled"]');
    expect(await page.isEnabled('[data-testid="compare-run"]')).toBe(true);
    expect(await page.locator('[data-testid="structure-summary"]').count()).toBe(0);

    // Changing a side cancels too; the next comparison runs in a new worker.
    const again = await startSearch(page);
    expect(again).not.toBe(searching);
    const endedAgain = again.waitForEvent('close', { timeout: 30_000 });
    await page.selectOption('[data-testid="compare-right"]', 'scenarios/durango/durango.rules');
    await endedAgain;
    await page.waitForSelector('[data-testid="compare-cancelled"]');
    expect(await page.locator('[data-testid="compare-phase"]').count()).toBe(0);
    expect(problemsOf(session)).toEqual([]);
  }, 300_000);
});

/**
 * Starts the comparison set in the view and waits until its witness search runs; returns the comparison's worker.
 * It is told from the other workers by its name (the engine worker runs the same script), asked before the search
 * starts: a worker in a synchronous search answers nothing.
 */
async function startSearch(page: Page): Promise<Worker> {
  const named = async (w: Worker): Promise<string> => w.evaluate(() => (self as unknown as { name: string }).name);
  const idle = new Map<Worker, string>();
  for (const w of page.workers()) idle.set(w, await named(w));
  const started = page.waitForEvent('worker', { timeout: 60_000 }).catch(() => null);
  await page.click('[data-testid="compare-run"]');
  await page.waitForSelector('[data-testid="compare-phase"][data-phase="witness"]', { timeout: 120_000 });
  const kept = [...idle].find(([, name]) => name === 'compare')?.[0];
  const worker = kept ?? (await started);
  if (!worker) throw new Error('no worker runs the comparison');
  return worker;
}
