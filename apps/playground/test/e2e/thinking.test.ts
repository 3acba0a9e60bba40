// A bot that searches in Play (`mcts`, given a large budget): the page says it is thinking and how far it is, the
// editor takes keystrokes meanwhile (the search runs in the engine worker, in slices), and "stop" ends the search
// with the game before that bot's answer, after which the seat may be given another agent and the game goes on.
import { describe, expect, it } from 'vitest';
import { problemsOf, useBrowserSession, whenChecked, focusEditor } from './browser.ts';

const browser = useBrowserSession({ width: 1440, height: 900 });

describe('a bot that thinks', () => {
  it('shows a Diamant search as thinking, keeps the editor typing, and stops it cleanly', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="panel:play"]');
    // p2: the search agent at a million playouts a decision (minutes of search: only a stop ends it)
    await page.selectOption('[data-testid="seat-2"]', { label: 'bot: mcts' });
    await page.fill('[data-testid="seat-2-playouts"]', '1000000');
    await page.press('[data-testid="seat-2-playouts"]', 'Tab');
    await page.click('[data-testid="play-start"]');
    await page.waitForSelector('[data-testid="thinking"]', { timeout: 30_000 });
    await expect(page.textContent('[data-testid="thinking"]')).resolves.toMatch(/p2 \(mcts\(iterations=1000000\)\) is thinking: [\d,]+ of 1,000,000 playouts/);
    // The playouts count goes up while the page stays the page's.
    const playouts = async (): Promise<number> => Number(/thinking: ([\d,]+)/.exec((await page.textContent('[data-testid="thinking"]')) ?? '')![1]!.replace(/,/g, ''));
    const first = await playouts();
    await page.waitForFunction((n) => Number(/thinking: ([\d,]+)/.exec(document.querySelector('[data-testid="thinking"]')?.textContent ?? '')?.[1]?.replace(/,/g, '')) > n, first, { timeout: 30_000 });
    // The editor takes keystrokes during the search.
    await focusEditor(page);
    await page.keyboard.press('Control+Home');
    // (a comment on the first line, before the file's own: no completion to accept, nothing for the check to mark;
    // Monaco draws spaces as no-break spaces)
    await page.keyboard.type('// typed while p2 thinks ');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="editor"] .view-line')].some((l) => l.textContent?.replace(/\u00a0/g, ' ').includes('typed while p2 thinks')), null, { timeout: 30_000 });
    expect(await page.locator('[data-testid="thinking"]').count()).toBe(1);
    await session.screenshot(page, 'play-thinking');
    // Stop: no error, the game before p2's answer (no step taken), and p2's seat waiting for a way on.
    await page.click('[data-testid="stop-thinking"]');
    await page.waitForSelector('[data-testid="stopped"]', { timeout: 30_000 });
    expect(await page.locator('[data-testid="thinking"]').count()).toBe(0);
    expect(await page.getAttribute('[data-testid="game"]', 'data-steps')).toBe('0');
    await expect(page.textContent('[data-testid="stopped"]')).resolves.toContain('p2');
    // Another agent for p2: the bots (p2, p3, p4) answer, and p1 may decide.
    await page.selectOption('[data-testid="stopped-agent"]', { label: 'random' });
    await page.click('[data-testid="give-agent"]');
    await page.waitForSelector('[data-testid="game"][data-steps="3"]', { timeout: 30_000 });
    expect(await page.locator('[data-testid="stopped"]').count()).toBe(0);
    expect(await page.locator('[data-testid="decision-p1"] [data-testid="option"]:enabled').count()).toBe(2);
    await expect(page.textContent('[data-testid="players"]')).resolves.toContain('bot');
    expect(problemsOf(session)).toEqual([]);
  });

  it('stops a search when another scenario opens, and plays the new one', async () => {
    const { page, session } = browser;
    await page.click('[data-testid="panel:play"]');
    await page.click('.play-setup summary');
    await page.selectOption('[data-testid="seat-2"]', { label: 'bot: mcts' });
    await page.fill('[data-testid="seat-2-playouts"]', '1000000');
    await page.press('[data-testid="seat-2-playouts"]', 'Tab');
    await page.click('[data-testid="play-start"]');
    await page.waitForSelector('[data-testid="thinking"]', { timeout: 30_000 });
    await page.click('[data-testid="open-gallery"]');
    await page.click('[data-testid="entry:scenarios/catan/base.rules"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="open-gallery"]')?.textContent?.includes('Catan'));
    await whenChecked(page);
    // the old game's search is gone from the page (the play view resets once it has drawn the new scenario, without
    // any other step), and a Catan game starts and waits for p1
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="thinking"], [data-testid="game"]').length === 0, null, { timeout: 10_000 });
    await page.click('[data-testid="play-start"]');
    await page.waitForSelector('[data-testid="decision-p1"]', { timeout: 30_000 });
    expect(await page.locator('[data-testid="thinking"]').count()).toBe(0);
    expect(problemsOf(session)).toEqual([]);
  });
});
