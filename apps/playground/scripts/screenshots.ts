// Regenerates the README's screenshots (docs/screenshots/*.png) from the built playground in Debian's Chromium:
//   pnpm --filter @houserules/playground build && pnpm --filter @houserules/playground screenshots
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSession, whenChecked } from '../test/e2e/browser.ts';

const out = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');
mkdirSync(out, { recursive: true });

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
    await option.click();
    await page.waitForTimeout(150);
  }
  await keep('play');
  await page.click('[data-testid="panel:graph"]');
  await page.waitForSelector('[data-testid="rule-graph"]');
  await keep('rule-graph');
  const problems = [...session.problems.console, ...session.problems.pageErrors];
  if (problems.length > 0) throw new Error(`the page reported errors:\n${problems.join('\n')}`);
  process.stdout.write(`screenshots written to ${out}\n`);
} finally {
  await session.close();
}
