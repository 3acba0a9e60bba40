// What every browser test needs: the real server on a free port, Debian's Chromium through playwright-core with
// a fresh profile, a page that records console errors, page errors and CSP violations, and screenshots saved as
// artefacts (test-results/, not committed). Everything is closed by `close()`; a test file takes all of it from
// `useBrowserSession()`.
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
// @ts-expect-error: a plain ES module without types (the server `pnpm start` runs)
import { startServer } from '../../scripts/serve.mjs';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
// PLAYGROUND_DIST: another build to serve (bench/ab-load.ts compares two builds' loads, alternated)
export const distDir = process.env['PLAYGROUND_DIST'] ?? join(appDir, 'dist');
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
  // Chromium 156 loads its omnibox popups' web pages (chrome://omnibox-popup.top-chrome, its "AI mode" one) in a
  // renderer of their own for every new browser context, headless too: seconds of CPU a fresh visitor's page load
  // competed with on this 2-core machine (bench/load-trace.ts), which a person's browser spent long before.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

export interface Problems {
  console: string[];
  pageErrors: string[];
}

export interface Session {
  url: string;
  browser: Browser;
  context: BrowserContext;
  /** a page in a new context: no storage shared with the others (a fresh visitor) */
  freshPage(path?: string): Promise<Page>;
  problems: Problems;
  newPage(path?: string): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

export interface SessionOptions {
  width?: number;
  height?: number;
}

export async function openSession(options: SessionOptions = {}): Promise<Session> {
  const { server, url } = (await startServer({ root: distDir, port: 0 })) as { server: Server; url: string };
  let browser: Browser;
  try {
    // playwright gives the browser a fresh profile of its own (a new --user-data-dir, removed on close).
    browser = await chromium.launch({ executablePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  } catch (error) {
    server.close();
    throw new Error(`cannot start Chromium (on Debian: apt-get install chromium): ${error instanceof Error ? error.message : String(error)}`);
  }
  const viewport = { width: options.width ?? 1500, height: options.height ?? 900 };
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const problems: Problems = { console: [], pageErrors: [] };
  mkdirSync(resultsDir, { recursive: true });
  return {
    url,
    browser,
    context,
    async freshPage(path = '') {
      const other = await browser.newContext({ viewport });
      const page = await other.newPage();
      watch(page, problems);
      await page.goto(url + path);
      return page;
    },
    problems,
    async newPage(path = '') {
      const page = await context.newPage();
      watch(page, problems);
      await page.goto(url + path);
      return page;
    },
    async screenshot(page, name) {
      const file = join(resultsDir, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async close() {
      await browser.close().catch(() => {});
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function watch(page: Page, problems: Problems): void {
  page.on('console', (m) => {
    if (m.type() === 'error') problems.console.push(m.text());
  });
  page.on('pageerror', (e) => problems.pageErrors.push(e.message));
}

/** Waits until the playground has opened a scenario, checked it, and read the gallery's catalog. */
export async function whenChecked(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForSelector('[data-testid="check-status"]:not([data-state="pending"])', { timeout });
  await page.waitForSelector('[data-testid="open-gallery"][data-ready="true"]', { timeout });
}

/**
 * Gives the editor the keyboard: a click in the text near the editor's top left corner, then a wait until Monaco has
 * focus. (Not a click on `.view-lines`: that element is as tall and wide as the whole file, its middle far below the
 * window, and a click there lands wherever scrolling it into view put something else.)
 */
export async function focusEditor(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForSelector('[data-testid="editor"]:not([data-loading]) .monaco-editor .view-lines .view-line', { timeout: 150_000 });
  const margin = await page.locator('[data-testid="editor"] .monaco-editor .margin').boundingBox();
  await page.click('[data-testid="editor"] .monaco-editor', { position: { x: (margin?.width ?? 60) + 40, y: 10 } });
  await page.waitForSelector('[data-testid="editor"] .monaco-editor.focused', { timeout });
}

/** Console errors and page errors of every page so far (what the tests require to stay empty). */
export function problemsOf(session: Session): string[] {
  return [...session.problems.console, ...session.problems.pageErrors];
}

/** A test file's browser: its session, and the page opened on the checked playground that its tests share. */
export interface BrowserTestSession {
  readonly session: Session;
  readonly page: Page;
}

/**
 * Opens a session (and, unless `page: false`, a page on the checked playground) before the file's tests and
 * closes it after them. Call it once at the top of a test file; read `session` and `page` inside the tests.
 */
export function useBrowserSession(options: SessionOptions & { page?: boolean } = {}): BrowserTestSession {
  let session: Session | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    session = await openSession(options);
    if (options.page === false) return;
    page = await session.newPage();
    await whenChecked(page);
  });
  afterAll(async () => {
    await session?.close();
  });
  return {
    get session() {
      if (!session) throw new Error('the browser session is opened before the tests (useBrowserSession at the top of the file)');
      return session;
    },
    get page() {
      if (!page) throw new Error(options.page === false ? 'this file asked for no shared page (page: false)' : 'the shared page is opened before the tests');
      return page;
    },
  };
}
