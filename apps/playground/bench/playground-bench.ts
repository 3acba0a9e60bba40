// `pnpm bench` (the playground's part): figures, not assertions, from the built playground in Debian's Chromium.
//   1. page load → the views drawn (`houserules:shell`) and → an editable, checked Diamant (`houserules:editable`),
//      fresh visitor each time, with the bytes of the page's scripts and styles fetched by each;
//   2. keystroke → markers in a 2,000-line file (a keydown, then the first error squiggle painted);
//   3. simulation in the browser's engine worker against `houserules simulate` on the same machine, alternated;
//   4. the bundle's size.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { encodeShareLink } from '../src/workspace/share-link.ts';
import { distDir, openSession, whenChecked } from '../test/e2e/browser.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = join(repoRoot, 'packages/cli/dist/houserules.js');
const LOADS = 5;
const KEYSTROKES = 7;
const SIM_GAMES = 4000;
const SIM_ROUNDS = 3;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (x: number, digits = 0): string => x.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const row = (cells: string[], widths: number[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');

/** One module of about `lines` lines: Diamant's kind of declarations and many small rules. */
function bigModule(lines: number): string {
  const head = ['module mine.big', '', 'scenario "A 2,000-line module" {', '  players 2..4', '}', '', 'token coin', 'pool bank { coin: unlimited }', 'per player {', '  pool purse { coin }', '  var score: number = 0', '}', 'event tick(n: number)', ''];
  const out = [...head];
  for (let i = 0; out.length < lines; i++) {
    out.push(`rule pay_${i} on tick(n) when n > ${i % 7} {`, `  cite "Rule ${i} pays."`, '  for p in players {', `    move ${1 + (i % 3)} coin from bank to p.purse`, `    set p.score = p.score + ${i % 5}`, '  }', '}', '');
  }
  out.push('rule start on game_start {', '  emit tick(3)', '}', '');
  return out.join('\n');
}

interface Load {
  /** navigation → the page's views drawn (ms) */
  shell: number;
  /** navigation → an open, checked, editable Diamant (ms) */
  editable: number;
  /** bytes of script and style fetched by then */
  shellBytes: number;
  editableBytes: number;
}

async function pageLoad(): Promise<Load[]> {
  const session = await openSession();
  try {
    const loads: Load[] = [];
    for (let i = 0; i < LOADS; i++) {
      const page = await session.freshPage();
      await whenChecked(page);
      await page.waitForFunction(() => performance.getEntriesByName('houserules:editable').length > 0, null, { timeout: 30_000 });
      // Raw entries only: a function declared inside evaluate() would need tsx's helpers in the page.
      const seen = await page.evaluate(() => ({
        shell: performance.getEntriesByName('houserules:shell')[0]!.startTime,
        editable: performance.getEntriesByName('houserules:editable')[0]!.startTime,
        fetched: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({ name: r.name, end: r.responseEnd, bytes: r.encodedBodySize })),
      }));
      // The page's own scripts and styles (the workers' scripts are fetched by the workers, after these).
      const own = seen.fetched.filter((r) => /\.(js|css)(\?|$)/.test(r.name) && !/worker/.test(r.name));
      const bytesBy = (t: number): number => own.filter((r) => r.end <= t).reduce((n, r) => n + r.bytes, 0);
      loads.push({ shell: seen.shell, editable: seen.editable, shellBytes: bytesBy(seen.shell), editableBytes: bytesBy(seen.editable) });
      await page.context().close();
    }
    return loads;
  } finally {
    await session.close();
  }
}

async function keystrokeToMarkers(): Promise<{ times: number[]; lines: number }> {
  const text = bigModule(2000);
  const path = 'scenarios/mine/big.rules';
  const session = await openSession();
  try {
    const page = await session.freshPage(encodeShareLink({ open: path, files: { [path]: text } }));
    await whenChecked(page);
    await page.click('[data-testid="editor"] .view-lines');
    const times: number[] = [];
    for (let i = 0; i < KEYSTROKES; i++) {
      await toTheEnd(page);
      // `emit tick(3)` → `emit tickx(3)`: an unknown event, marked at once.
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('End');
      for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowLeft');
      await armMarkerClock(page);
      await page.keyboard.type('x');
      await page.waitForFunction(() => (window as unknown as { markedAt?: number }).markedAt !== undefined, null, { timeout: 30_000 });
      times.push(await page.evaluate(() => (window as unknown as { markedAt: number; keyAt: number }).markedAt - (window as unknown as { keyAt: number }).keyAt));
      await page.keyboard.press('Backspace');
      await page.waitForSelector('[data-testid="editor"] .squiggly-error', { state: 'detached', timeout: 30_000 });
    }
    return { times, lines: text.split('\n').length };
  } finally {
    await session.close();
  }
}

/**
 * The cursor at the end of the file, with its last lines on screen: the code lenses (drawn once the language service
 * and the test marks are in) push the lines down after the cursor moved, and Monaco draws no marker off screen.
 */
async function toTheEnd(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await page.keyboard.press('Control+End');
    const shown = await page
      .waitForFunction(() => [...document.querySelectorAll('[data-testid="editor"] .view-line')].some((l) => l.textContent?.replace(/\u00a0/g, ' ').includes('emit tick(3)')), null, { timeout: 2_000 })
      .then(() => true, () => false);
    if (shown) return;
    if (attempt === 10) throw new Error('the end of the 2,000-line file never came into view');
  }
}

async function armMarkerClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { keyAt?: number; markedAt?: number };
    delete w.keyAt;
    delete w.markedAt;
    document.addEventListener('keydown', () => (w.keyAt = performance.now()), { capture: true, once: true });
    const editor = document.querySelector('[data-testid="editor"]')!;
    const seen = new MutationObserver(() => {
      if (w.keyAt !== undefined && editor.querySelector('.squiggly-error')) {
        w.markedAt = performance.now();
        seen.disconnect();
      }
    });
    seen.observe(editor, { subtree: true, childList: true, attributes: true });
  });
}

async function browserSimulation(page: Page): Promise<number> {
  await page.click('[data-testid="panel:simulate"]');
  await page.fill('[data-testid="sim-games"]', String(SIM_GAMES));
  await page.click('[data-testid="sim-run"]');
  await page.waitForSelector('[data-testid="sim-run"]', { timeout: 300_000 });
  return Number(((await page.textContent('[data-testid="sim-rate"]')) ?? '').replace(/[^0-9]/g, ''));
}

function cliSimulation(): number {
  const out = execFileSync(process.execPath, [cli, 'simulate', join(repoRoot, 'scenarios/diamant'), '--games', String(SIM_GAMES), '--players', '4', '--seed', '1', '--json'], { encoding: 'utf8' });
  return (JSON.parse(out) as { timing: { gamesPerSecond: number } }).timing.gamesPerSecond;
}

async function simulation(): Promise<{ browser: number[]; cli: number[]; ratios: number[] }> {
  const session = await openSession();
  try {
    const page = await session.newPage();
    await whenChecked(page);
    await browserSimulation(page); // warm-up: the worker's JIT
    const browser: number[] = [];
    const cliRates: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < SIM_ROUNDS; i++) {
      const b = await browserSimulation(page);
      const c = cliSimulation();
      browser.push(b);
      cliRates.push(c);
      ratios.push(c / b);
    }
    return { browser, cli: cliRates, ratios };
  } finally {
    await session.close();
  }
}

function bundleSizes(): { file: string; bytes: number; gzip: number }[] {
  const assets = join(distDir, 'assets');
  return readdirSync(assets)
    .map((file) => {
      const bytes = statSync(join(assets, file)).size;
      return { file, bytes, gzip: gzipSync(readFileSync(join(assets, file))).length };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

console.log('\nPlayground (built app in Debian\'s Chromium, headless, on this machine)');
const loads = await pageLoad();
const keys = await keystrokeToMarkers();
const sim = await simulation();
const w = [44, 12, 12, 12, 16];
console.log(row(['measure', 'median', 'min', 'max', 'goal'], w));
const editable = loads.map((l) => l.editable);
const shell = loads.map((l) => l.shell);
console.log(row(['page load → views drawn (ms)', fmt(median(shell)), fmt(Math.min(...shell)), fmt(Math.max(...shell)), ''], w));
console.log(row(['page load → editable, checked Diamant (ms)', fmt(median(editable)), fmt(Math.min(...editable)), fmt(Math.max(...editable)), '< 1,500'], w));
console.log(row([`keystroke → markers, ${fmt(keys.lines)}-line file (ms)`, fmt(median(keys.times)), fmt(Math.min(...keys.times)), fmt(Math.max(...keys.times)), '< 100'], w));
console.log(row([`simulate in the engine worker (games/s)`, fmt(median(sim.browser)), fmt(Math.min(...sim.browser)), fmt(Math.max(...sim.browser)), ''], w));
console.log(row([`houserules simulate, same games (games/s)`, fmt(median(sim.cli)), fmt(Math.min(...sim.cli)), fmt(Math.max(...sim.cli)), ''], w));
console.log(row(['CLI / browser, each round paired', fmt(median(sim.ratios), 2), fmt(Math.min(...sim.ratios), 2), fmt(Math.max(...sim.ratios), 2), '≤ 2.0'], w));
console.log(`(${LOADS} loads, ${KEYSTROKES} keystrokes, ${SIM_ROUNDS} alternated rounds of ${fmt(SIM_GAMES)} Diamant games, 4 random seats, seed 1)`);
const sizes = bundleSizes();
const total = sizes.reduce((n, s) => n + s.bytes, 0);
const totalGz = sizes.reduce((n, s) => n + s.gzip, 0);
console.log(`\nThe page's scripts and styles fetched by the views' first paint: ${fmt(median(loads.map((l) => l.shellBytes)) / 1024)} kB; by an editable Diamant: ${fmt(median(loads.map((l) => l.editableBytes)) / 1024)} kB (uncompressed; the workers' scripts apart)`);
console.log('\nBundle (apps/playground/dist/assets)');
for (const s of sizes) console.log(row([s.file, `${fmt(s.bytes / 1024)} kB`, `${fmt(s.gzip / 1024)} kB gz`], [44, 12, 14]));
console.log(row(['total', `${fmt(total / 1024)} kB`, `${fmt(totalGz / 1024)} kB gz`], [44, 12, 14]));
