// The page runs under a strict Content-Security-Policy: no inline script, no eval, in the page or its workers.
// The policy is proved in force (an injected inline script is refused and reported), and using the playground
// — checking, testing, simulating, playing — breaks none of it.
import { describe, expect, it } from 'vitest';
import { problemsOf, useBrowserSession, whenChecked } from './browser.ts';

const browser = useBrowserSession({ page: false });

describe('the Content-Security-Policy', () => {
  it('is sent with the page and with each worker script, without unsafe-eval', async () => {
    const { session } = browser;
    const page = await session.newPage();
    const response = await page.request.get(session.url);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    await whenChecked(page);
    const workers = page.workers().map((w) => w.url());
    expect(workers.some((u) => /engine-worker/.test(u))).toBe(true);
    for (const url of workers.filter((u) => u.startsWith('http'))) {
      const r = await page.request.get(url);
      expect(r.headers()['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('is in force: an injected inline script does not run and is reported', async () => {
    const { session } = browser;
    const page = await session.newPage();
    await whenChecked(page);
    const errorsBefore = session.problems.console.length;
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: boolean };
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.body.append(s);
      await new Promise((r) => setTimeout(r, 100));
      return w.injected === true;
    });
    expect(ran).toBe(false);
    await page.waitForFunction(() => true);
    const reported = session.problems.console.slice(errorsBefore);
    expect(reported.some((m) => /Content-Security-Policy|Content Security Policy/i.test(m))).toBe(true);
    // This refusal was provoked on purpose; it is not one of the app's.
    session.problems.console.length = errorsBefore;
  });

  it('is never broken by the app: check, tests, simulation and play run with no violation', async () => {
    const { session } = browser;
    const page = await session.newPage();
    await whenChecked(page);
    await page.click('[data-testid="panel:tests"]');
    await page.click('[data-testid="run-all-tests"]');
    await page.waitForSelector('[data-testid="test-summary"]', { timeout: 90_000 });
    await page.click('[data-testid="panel:simulate"]');
    await page.fill('[data-testid="sim-games"]', '50');
    await page.click('[data-testid="sim-run"]');
    await page.waitForSelector('[data-testid="sim-charts"]', { timeout: 90_000 });
    await page.click('[data-testid="panel:play"]');
    await page.click('[data-testid="play-start"]');
    await page.waitForSelector('[data-testid="game"]');
    await page.click('[data-testid="panel:graph"]');
    await page.waitForSelector('[data-testid="rule-graph"]', { timeout: 60_000 });
    expect(problemsOf(session)).toEqual([]);
  });
});
