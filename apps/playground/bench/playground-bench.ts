// `pnpm bench` (the playground's part): figures, not assertions, from the built playground in Debian's Chromium.
//   1. page load → the views drawn (`houserules:shell`) and → an editable, checked Diamant (`houserules:editable`;
//      with its parts: the editor there, `houserules:editor`, and the scenario checked, `houserules:checked`),
//      fresh visitor each time, with the bytes fetched before the first edit (the page's own, and with the workers');
//   2. keystroke → markers in a 2,000-line file (a keydown, then the first error squiggle painted): median and p95;
//   3. simulation in the browser's engine worker against `houserules simulate` on the same machine, alternated;
//   4. the bundle's size.
// Every figure measured is printed even when another measure fails or times out (the failures are listed after).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { encodeShareLink } from '../src/workspace/share-link.ts';
import { distDir, openSession, whenChecked } from '../test/e2e/browser.ts';
import { bigModule } from './big-module.ts';
import { armMarkerClock } from './marker-clock.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = join(repoRoot, 'packages/cli/dist/houserules.js');
const LOADS = 7;
const KEYSTROKES = 15;
const SIM_GAMES = 4000;
const SIM_ROUNDS = 3;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** the value below which 95% of the samples lie (nearest rank) */
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.95 * xs.length) - 1)]!;
/** what failed or timed out, said after the figures that were measured */
const failures: string[] = [];
const failed = (what: string, error: unknown): void => void failures.push(`${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
const fmt = (x: number, digits = 0): string => x.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const row = (cells: string[], widths: number[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');

interface Load {
  /** navigation → the page's views drawn (ms) */
  shell: number;
  /** navigation → Monaco on the page, and → the scenario checked (ms): the two halves editable waits for */
  editor: number;
  checked: number;
  /** navigation → an open, checked, editable Diamant (ms) */
  editable: number;
  /** bytes fetched by then: the page's own scripts, styles and fonts, and everything (the workers' scripts too) */
  shellBytes: number;
  editableBytes: number;
  editableAllBytes: number;
}

async function pageLoad(): Promise<Load[]> {
  const session = await openSession();
  const loads: Load[] = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      try {
        const page = await session.freshPage();
        await page.waitForFunction(() => performance.getEntriesByName('houserules:editable').length > 0, null, { timeout: 30_000 });
        // Raw entries only: a function declared inside evaluate() would need tsx's helpers in the page.
        const seen = await page.evaluate(() => ({
          marks: Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
          fetched: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({ name: r.name, end: r.responseEnd, bytes: r.encodedBodySize })),
        }));
        const own = seen.fetched.filter((r) => /\.(js|css|ttf|woff2?)(\?|$)/.test(r.name) && !/worker/.test(r.name));
        const bytesBy = (t: number, list = own): number => list.filter((r) => r.end <= t).reduce((n, r) => n + r.bytes, 0);
        const mark = (name: string): number => seen.marks[`houserules:${name}`] ?? Number.NaN;
        loads.push({ shell: mark('shell'), editor: mark('editor'), checked: mark('checked'), editable: mark('editable'), shellBytes: bytesBy(mark('shell')), editableBytes: bytesBy(mark('editable')), editableAllBytes: bytesBy(mark('editable'), seen.fetched) });
        await page.context().close();
      } catch (error) {
        failed(`page load ${i + 1}`, error);
      }
    }
  } finally {
    await session.close();
  }
  return loads;
}

/** the first keystroke's time from navigation, and the language service's (null: not there yet) */
let firstKey: { key: number; languageService: number | null } | null = null;

async function keystrokeToMarkers(): Promise<{ times: number[]; lines: number }> {
  const text = bigModule(2000);
  const path = 'scenarios/mine/big.rules';
  const times: number[] = [];
  const session = await openSession();
  try {
    const page = await session.freshPage(encodeShareLink({ open: path, files: { [path]: text } }));
    await whenChecked(page);
    await page.click('[data-testid="editor"] .view-lines');
    // The tests' lenses, once drawn, push the lines under them down: a line the cursor was brought into view on the
    // last screen can leave it, and Monaco paints no marker off screen (1 first keystroke in 3 then timed out here
    // with its marker set). Keystrokes are timed on a settled editor.
    await page.waitForSelector('[data-testid="editor"] .codelens-decoration', { timeout: 30_000 });
    for (let i = 0; i < KEYSTROKES; i++) {
      try {
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
        // which marked it: the language service once it is there, before it the engine worker's check (after a pause)
        if (i === 0) firstKey = await page.evaluate(() => ({ key: (window as unknown as { keyAt: number }).keyAt, languageService: performance.getEntriesByName('houserules:language-service')[0]?.startTime ?? null }));
      } catch (error) {
        failed(`keystroke ${i + 1}`, error);
      }
      try {
        // back to the file as it was (a timed-out keystroke may have typed its x or not)
        await page.keyboard.press('Control+End');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('End');
        for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowLeft');
        if ((await page.evaluate(() => document.querySelector('[data-testid="editor"]')?.textContent?.includes('tickx') ?? false))) await page.keyboard.press('Backspace');
        await page.waitForSelector('[data-testid="editor"] .squiggly-error', { state: 'detached', timeout: 30_000 });
      } catch (error) {
        failed(`keystroke ${i + 1}, undoing it`, error);
      }
    }
  } catch (error) {
    failed('keystroke → markers', error);
  } finally {
    await session.close();
  }
  return { times, lines: text.split('\n').length };
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

const load = (): string => loadavg().map((x) => x.toFixed(1)).join(', ');
console.log(`\nPlayground (built app in Debian's Chromium, headless, on this machine; load average ${load()} at the start)`);
// PLAYGROUND_BENCH_ONLY=load|keys|sim measures one part (while working on it); the others print as not measured
const only = process.env['PLAYGROUND_BENCH_ONLY'];
const loads = only === undefined || only === 'load' ? await pageLoad() : [];
const keys = only === undefined || only === 'keys' ? await keystrokeToMarkers() : { times: [], lines: 0 };
let sim: { browser: number[]; cli: number[]; ratios: number[] } = { browser: [], cli: [], ratios: [] };
try {
  if (only === undefined || only === 'sim') sim = await simulation();
} catch (error) {
  failed('simulation', error);
}
const w = [44, 12, 12, 12, 16];
console.log(row(['measure', 'median', 'min', 'max', 'goal'], w));
/** a row, only for a measure that has figures */
const line = (label: string, xs: number[], goal = '', digits = 0): void => {
  const ok = xs.filter((x) => Number.isFinite(x));
  if (ok.length > 0) console.log(row([label, fmt(median(ok), digits), fmt(Math.min(...ok), digits), fmt(Math.max(...ok), digits), goal], w));
  else console.log(row([label, '—', '', '', goal], w));
};
line('page load → views drawn (ms)', loads.map((l) => l.shell));
line('page load → Monaco on the page (ms)', loads.map((l) => l.editor));
line('page load → Diamant checked (ms)', loads.map((l) => l.checked));
line('page load → editable, checked Diamant (ms)', loads.map((l) => l.editable), '< 1,500');
line(`keystroke → markers, ${fmt(keys.lines)}-line file (ms)`, keys.times, '< 100');
if (keys.times.length > 0) console.log(row([`  p95 of ${keys.times.length}`, fmt(p95(keys.times)), '', '', '< 200'], w));
if (keys.times.length > 0) console.log(`  (each keystroke in turn: ${keys.times.map((t) => fmt(t)).join(', ')} ms)`);
// set inside keystrokeToMarkers (the compiler does not follow it there)
const first = firstKey as { key: number; languageService: number | null } | null;
if (first) console.log(`  (the first keystroke ${fmt(first.key)} ms after navigation; the language service marking the editor ${first.languageService === null ? 'not yet then' : `from ${fmt(first.languageService)} ms`})`);
line('simulate in the engine worker (games/s)', sim.browser);
line('houserules simulate, same games (games/s)', sim.cli);
line('CLI / browser, each round paired', sim.ratios, '≤ 2.0', 2);
console.log(`(${loads.length} of ${LOADS} loads, ${keys.times.length} of ${KEYSTROKES} keystrokes, ${sim.ratios.length} of ${SIM_ROUNDS} alternated rounds of ${fmt(SIM_GAMES)} Diamant games, 4 random seats, seed 1; load average ${load()} at the end)`);
if (loads.length > 0) {
  const kB = (xs: number[]): string => `${fmt(median(xs) / 1024)} kB`;
  console.log(`\nBytes fetched (uncompressed, medians): by the views' first paint ${kB(loads.map((l) => l.shellBytes))}; before the first edit ${kB(loads.map((l) => l.editableBytes))} of the page's own scripts, styles and fonts, ${kB(loads.map((l) => l.editableAllBytes))} with the workers' scripts`);
}
const sizes = bundleSizes();
const total = sizes.reduce((n, s) => n + s.bytes, 0);
const totalGz = sizes.reduce((n, s) => n + s.gzip, 0);
console.log('\nBundle (apps/playground/dist/assets)');
for (const s of sizes) console.log(row([s.file, `${fmt(s.bytes / 1024)} kB`, `${fmt(s.gzip / 1024)} kB gz`], [44, 12, 14]));
console.log(row(['total', `${fmt(total / 1024)} kB`, `${fmt(totalGz / 1024)} kB gz`], [44, 12, 14]));
if (failures.length > 0) {
  console.log(`\nNot measured (${failures.length}):`);
  for (const f of failures) console.log(`  ${f}`);
}
