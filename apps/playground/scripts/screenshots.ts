// Regenerates the README's screenshots (docs/screenshots/*.png) from the built playground in Debian's Chromium:
//   pnpm --filter @houserules/playground build && pnpm --filter @houserules/playground screenshots
// Diamant's tests, 1,000 simulated games, a Diamant round played by hand (seen by p1: the bots' plans stay secret),
// the rule graph, Catan played on the board (the legal corners marked, the one of the option hovered lit), a search
// bot thinking in Catan, and Durango 2017 compared with the 2016 card (the differences and a witness on two boards).
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { openSession, problemsOf, whenChecked } from '../test/e2e/browser.ts';

const out = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');
mkdirSync(out, { recursive: true });

async function openEntry(page: Page, id: string, title: string): Promise<void> {
  await page.click('[data-testid="open-gallery"]');
  await page.click(`[data-testid="entry:${id}"]`);
  await page.waitForFunction((t) => document.querySelector('[data-testid="open-gallery"]')?.textContent?.includes(t), title);
  await whenChecked(page);
}

/** The panel as wide as it goes (a board or two need the room), or back. */
async function widePanel(page: Page, wide: boolean): Promise<void> {
  if ((await page.locator('.shell.wide').count() > 0) !== wide) await page.click('.panel-tabs .spacer + button');
}

const session = await openSession({ width: 1440, height: 860 });
try {
  const page = await session.newPage();
  await whenChecked(page);
  const keep = async (name: string): Promise<void> => {
    await page.waitForTimeout(400); // Monaco paints on the next frames
    copyFileSync(await session.screenshot(page, name), join(out, `${name}.png`));
  };
  await page.click('[data-testid="panel:tests"]');
  await page.click('[data-testid="run-all-tests"]');
  await page.waitForSelector('[data-testid="test-summary"]', { timeout: 90_000 });
  await page.click('[data-testid="file:scenarios/diamant/tests/leftovers.rules"]');
  await keep('tests');
  await page.click('[data-testid="file:scenarios/diamant/diamant.rules"]');
  await page.click('[data-testid="panel:simulate"]');
  await page.fill('[data-testid="sim-games"]', '1000');
  await page.click('[data-testid="sim-run"]');
  await page.waitForSelector('[data-testid="sim-charts"]', { timeout: 90_000 });
  await keep('simulate');
  await page.click('[data-testid="panel:play"]');
  await page.click('[data-testid="play-start"]');
  await page.waitForSelector('[data-testid="game"]');
  for (let i = 0; i < 2; i++) {
    const option = page.locator('[data-testid="decision-p1"] [data-testid="option"]', { hasText: 'continue' });
    if ((await option.count()) === 0) break;
    const steps = Number(await page.getAttribute('[data-testid="game"]', 'data-steps'));
    await option.click();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="game"]')?.getAttribute('data-steps')) > n, steps);
  }
  // the players' table and the event log as p1 saw it (the bots' plans: "chooses (secretly)")
  await page.locator('[data-testid="event-log"]').scrollIntoViewIfNeeded();
  await keep('play');
  await page.click('[data-testid="panel:graph"]');
  await page.waitForSelector('[data-testid="rule-graph"]');
  await keep('rule-graph');

  // Catan played on the board as p1 against bots: a settlement placed by a click, the road's edges marked, one of
  // them lit by the option hovered in the list.
  await openEntry(page, 'scenarios/catan/base.rules', 'Catan');
  await page.click('[data-testid="panel:play"]');
  await page.click('[data-testid="play-start"]');
  await page.waitForSelector('[data-testid="board-sites"] circle[data-testid="site-mark"]', { timeout: 60_000 });
  await page.locator('circle[data-testid="site-mark"]').nth(3).click();
  await page.waitForSelector('[data-testid="board-sites"] line[data-testid="site-mark"]', { timeout: 60_000 });
  await page.locator('[data-testid="decision-p1"] [data-testid="option"]').first().hover();
  await page.locator('[data-testid="game"] [data-testid="board"]').scrollIntoViewIfNeeded();
  await keep('board');

  // A new Catan game against a searching bot: once p1 has placed its settlement and road, p2 (mcts, a million
  // playouts a decision) thinks, shown with its playouts so far and a stop button; stopped after the shot.
  await page.click('.play-setup summary');
  await page.selectOption('[data-testid="seat-2"]', { label: 'bot: mcts' });
  await page.fill('[data-testid="seat-2-playouts"]', '1000000');
  await page.press('[data-testid="seat-2-playouts"]', 'Tab');
  await page.click('[data-testid="play-start"]');
  await page.waitForSelector('[data-testid="board-sites"] circle[data-testid="site-mark"]', { timeout: 60_000 });
  await page.locator('circle[data-testid="site-mark"]').nth(5).click();
  await page.waitForSelector('[data-testid="board-sites"] line[data-testid="site-mark"]', { timeout: 60_000 });
  await page.locator('[data-testid="decision-p1"] [data-testid="option"]').first().click();
  await page.waitForSelector('[data-testid="thinking"]', { timeout: 60_000 });
  await page.waitForTimeout(1_500);
  await page.locator('[data-testid="thinking"]').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await keep('play-thinking');
  await page.click('[data-testid="stop-thinking"]');
  await page.waitForSelector('[data-testid="stopped"]', { timeout: 60_000 });

  // Durango 2017 against the 2016 card: the differences by name, what the search found for each, a witness.
  await openEntry(page, 'scenarios/durango/durango.rules', 'Durango');
  await widePanel(page, true);
  await page.click('[data-testid="panel:compare"]');
  await page.selectOption('[data-testid="compare-right"]', 'scenarios/durango/durango.rules#durango_2016');
  await page.fill('[data-testid="compare-seconds"]', '60');
  await page.fill('[data-testid="compare-seed"]', '10');
  await page.fill('[data-testid="compare-balance-games"]', '100');
  await page.click('[data-testid="compare-run"]');
  await page.waitForSelector('[data-testid="witness"]', { timeout: 300_000 });
  await page.locator('[data-testid="witness-list"]').scrollIntoViewIfNeeded();
  await keep('compare');
  await page.locator('[data-testid="witness"] .witness-boards').scrollIntoViewIfNeeded();
  await keep('compare-witness');
  await widePanel(page, false);

  const problems = problemsOf(session);
  if (problems.length > 0) throw new Error(`the page reported errors:\n${problems.join('\n')}`);
  process.stdout.write(`screenshots written to ${out}\n`);
} finally {
  await session.close();
}
