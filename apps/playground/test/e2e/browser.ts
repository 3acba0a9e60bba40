// What every browser test needs: the real server on a free port, Debian's Chromium through playwright-core with
// a fresh profile (a new --user-data-dir each session), a page that records console errors, page errors and CSP violations, and screenshots saved as
// artefacts (test-results/, not committed). Everything is closed by `close()`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
// @ts-expect-error: a plain ES module without types (the server `pnpm start` runs)
import { startServer } from '../../scripts/serve.mjs';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = join(appDir, 'dist');
export const resultsDir = join(appDir, 'test-results');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Problems {
  console: string[];
  pageErrors: string[];
}

export interface Session {
  url: string;
  context: BrowserContext;
  problems: Problems;
  newPage(path?: string): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

export async function openSession(options: { width?: number; height?: number } = {}): Promise<Session> {
  const { server, url } = (await startServer({ root: distDir, port: 0 })) as { server: Server; url: string };
  const profile = mkdtempSync(join(tmpdir(), 'houserules-chromium-'));
  let context: BrowserContext;
  try {
    // A fresh profile each time (playwright passes it as --user-data-dir).
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      viewport: { width: options.width ?? 1500, height: options.height ?? 900 },
      acceptDownloads: true,
    });
  } catch (error) {
    server.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const problems: Problems = { console: [], pageErrors: [] };
  mkdirSync(resultsDir, { recursive: true });
  return {
    url,
    context,
    problems,
    async newPage(path = '') {
      const page = context.pages().find((p) => p.url() === 'about:blank') ?? (await context.newPage());
      page.on('console', (m) => {
        if (m.type() === 'error') problems.console.push(m.text());
      });
      page.on('pageerror', (e) => problems.pageErrors.push(e.message));
      await page.goto(url + path);
      return page;
    },
    async screenshot(page, name) {
      const file = join(resultsDir, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async close() {
      await context.close().catch(() => {});
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until the playground has opened a scenario and checked it. */
export async function whenChecked(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForSelector('[data-testid="check-status"]:not([data-state="pending"])', { timeout });
}
