// What happens between a keystroke and its marker, from the page's side of the workers' messages: on the bench's
// 2,000-line file, each keystroke's LSP traffic (the change sent, the requests Monaco asks after it, the diagnostics
// published, each answer) and the engine worker's requests, in ms from the keydown. A tool for finding why a
// keystroke is slow, not a benchmark: `PLAYGROUND_TRACE_KEYS=4 npx tsx bench/keys-trace.ts` in apps/playground
// (after a build); `PLAYGROUND_TRACE_SETTLE=5000` waits that long after the page is checked before the first key.
import { loadavg } from 'node:os';
import { encodeShareLink } from '../src/workspace/share-link.ts';
import { openSession, whenChecked } from '../test/e2e/browser.ts';
import { bigModule } from './big-module.ts';
import { armMarkerClock } from './marker-clock.ts';

interface Seen {
  t: number;
  dir: '>' | '<';
  method?: string;
  id?: number | string;
  chars: number;
}

const KEYS = Number(process.env['PLAYGROUND_TRACE_KEYS'] ?? 4);
const SETTLE = Number(process.env['PLAYGROUND_TRACE_SETTLE'] ?? 0);
const path = 'scenarios/mine/big.rules';
const session = await openSession();
console.log(`keystroke trace (load average ${loadavg().map((x) => x.toFixed(1)).join(', ')})`);
try {
  const context = await session.browser.newContext({ viewport: { width: 1500, height: 900 } });
  // Every message the page posts to a worker and every one a worker's `onmessage` receives (vscode-jsonrpc's reader
  // listens there), with its time: LSP messages by method, the engine worker's requests by method.
  await context.addInitScript(() => {
    const w = window as unknown as { seen: Seen[] };
    w.seen = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, m: unknown, ...rest: unknown[]) {
      const o = m as { jsonrpc?: string; method?: string; id?: number; kind?: string };
      if (o?.jsonrpc) w.seen.push({ t: performance.now(), dir: '>', ...(o.method ? { method: o.method } : {}), ...(o.id !== undefined ? { id: o.id } : {}), chars: JSON.stringify(m).length });
      else if (o?.kind === 'request') w.seen.push({ t: performance.now(), dir: '>', method: `engine ${o.method}`, chars: JSON.stringify(m).length });
      return (post as (...a: unknown[]) => void).call(this, m, ...rest);
    };
    const handler = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage')!;
    Object.defineProperty(Worker.prototype, 'onmessage', {
      configurable: true,
      get() {
        return handler.get!.call(this);
      },
      set(f: (e: MessageEvent) => unknown) {
        handler.set!.call(this, (e: MessageEvent) => {
          const o = e.data as { jsonrpc?: string; method?: string; id?: number };
          if (o?.jsonrpc) w.seen.push({ t: performance.now(), dir: '<', ...(o.method ? { method: o.method } : {}), ...(o.id !== undefined ? { id: o.id } : {}), chars: JSON.stringify(e.data).length });
          return f.call(this, e);
        });
      },
    });
  });
  const page = await context.newPage();
  await page.goto(session.url + encodeShareLink({ open: path, files: { [path]: bigModule(2000) } }));
  await whenChecked(page);
  await page.click('[data-testid="editor"] .view-lines');
  // as the bench does: keystrokes on a settled editor, the tests' lenses drawn (they push the lines under them down)
  await page.waitForSelector('[data-testid="editor"] .codelens-decoration', { timeout: 30_000 });
  if (SETTLE > 0) await page.waitForTimeout(SETTLE);
  const asked = new Map<number | string, string>();
  for (let i = 0; i < KEYS; i++) {
    // as the bench does: `emit tick(3)` → `emit tickx(3)`, an unknown event marked at once
    await page.keyboard.press('Control+End');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="editor"] .view-line')].some((l) => l.textContent?.replace(/\u00a0/g, ' ').includes('emit tick(3)')));
    for (const key of ['ArrowUp', 'ArrowUp', 'End', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(key);
    await page.evaluate(() => {
      (window as unknown as { seen: Seen[] }).seen.length = 0;
    });
    await armMarkerClock(page);
    await page.keyboard.type('x');
    const marked = await page.waitForFunction(() => (window as unknown as { markedAt?: number }).markedAt !== undefined, null, { timeout: 30_000 }).then(() => true, () => false);
    // the answers that follow the marker (folding, semantic tokens, lenses) are the next keystroke's competitors
    await page.waitForTimeout(1_500);
    const r = await page.evaluate(() => {
      const w = window as unknown as { keyAt: number; markedAt: number; seen: Seen[] };
      return { keyAt: w.keyAt, markedAt: w.markedAt, seen: w.seen };
    });
    console.log(`\nkeystroke ${i + 1}: ${marked ? `marked ${(r.markedAt - r.keyAt).toFixed(0)} ms after the keydown` : 'never marked in 30 s'}`);
    for (const m of r.seen) {
      if (m.method !== undefined && m.id !== undefined) asked.set(m.id, m.method);
      const what = m.method ?? `answer to ${asked.get(m.id ?? '') ?? m.id}`;
      console.log(`  ${(m.t - r.keyAt).toFixed(0).padStart(6)} ms ${m.dir} ${what} (${m.chars.toLocaleString('en')} chars)`);
    }
    if (!marked) break;
    await page.keyboard.press('Backspace');
    await page.waitForSelector('[data-testid="editor"] .squiggly-error', { state: 'detached', timeout: 30_000 });
  }
} finally {
  await session.close();
}
