// Where a page load's time goes, from Chrome's own trace (CDP `Tracing`, through playwright-core): from navigation to
// an editable, checked Diamant, per thread (the page, the engine worker, the language service's worker, Monaco's
// editor worker), the busy time by kind (script compile and run, parse, style and layout, paint, garbage collection),
// the chunks' download times, and the main thread's longest tasks with the script they ran. A tool for finding what
// to speed up, not a benchmark: `PLAYGROUND_TRACE_LOADS=3 npx tsx bench/load-trace.ts` in apps/playground (after a
// build); `PLAYGROUND_TRACE_OUT=file.json` also writes the last load's raw trace (chrome://tracing, Perfetto).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { openSession } from '../test/e2e/browser.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

const LOADS = Number(process.env['PLAYGROUND_TRACE_LOADS'] ?? 3);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading', 'toplevel', 'disabled-by-default-v8.compile'];

/** What a trace event's time is spent on, by its name (the rest is "other"). */
function kindOf(name: string): string {
  if (/^(v8\.compile|V8\.CompileCode|v8\.compileModule|V8\.ScriptCompiler|CompileCode|CompileScript|v8\.produceCache|v8\.deserializeOnBackground)/.test(name)) return 'compile';
  if (/^(v8\.parseOnBackground|v8\.parse|V8\.ParseFunction|ParseFunction)/.test(name)) return 'parse (js)';
  if (/GC|gc/.test(name)) return 'gc';
  if (/^(EvaluateScript|v8\.evaluateModule|FunctionCall|v8\.run|TimerFire|FireAnimationFrame|EventDispatch|v8\.callFunction|RunMicrotasks|v8\.callModuleMethod)$/.test(name)) return 'script';
  if (/^(ParseHTML|ParseAuthorStyleSheet)$/.test(name)) return 'parse (html/css)';
  if (/^(UpdateLayoutTree|Layout|RecalculateStyles|ScheduleStyleRecalculation|HitTest|PrePaint|Layerize)$/.test(name)) return 'style/layout';
  if (/^(Paint|PaintImage|CompositeLayers|UpdateLayer|Commit|RasterTask|Decode Image)/.test(name)) return 'paint';
  return 'other';
}

async function traceOneLoad(cdp: CDPSession, open: () => Promise<Page>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' }, transferMode: 'ReportEvents' });
  const page = await open();
  await page.waitForFunction(() => performance.getEntriesByName('houserules:editable').length > 0, null, { timeout: 60_000 });
  await cdp.send('Tracing.end');
  await done;
  return events;
}

function summarise(events: TraceEvent[], index: number): void {
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, String(e.args?.['name'] ?? ''));
  const marks = events.filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('houserules:'));
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationBodyLoader::StartLoadingBody')?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const at = (ts: number): string => `${((ts - nav) / 1000).toFixed(0).padStart(5)} ms`;
  const editable = marks.find((m) => m.name === 'houserules:editable')?.ts ?? Math.max(...events.map((e) => e.ts));
  console.log(`\n── load ${index + 1}: marks ${marks.map((m) => `${m.name.replace('houserules:', '')} ${at(m.ts).trim()}`).join(', ')}`);
  // Busy time per thread by kind, only top-level slices (a slice inside another of the same thread is not counted twice).
  const byThread = new Map<string, { busy: number; kinds: Map<string, number>; first: number; last: number }>();
  const slices = events.filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts >= nav && e.ts <= editable).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const openEnd = new Map<string, number>();
  const leafKinds = new Map<string, Map<string, number>>();
  for (const e of slices) {
    const key = `${e.pid}:${e.tid}`;
    const name = threadNames.get(key) ?? key;
    if (!/CrRendererMain|DedicatedWorker|Compositor|ThreadPool|Worker/.test(name)) continue;
    const t = byThread.get(name) ?? { busy: 0, kinds: new Map(), first: e.ts, last: e.ts };
    byThread.set(name, t);
    // kinds: count every named slice's own kind at its own level (nested ones are attributed to the innermost below)
    const kinds = leafKinds.get(name) ?? new Map<string, number>();
    leafKinds.set(name, kinds);
    if (e.ts >= (openEnd.get(key) ?? 0)) {
      t.busy += e.dur!;
      t.last = e.ts + e.dur!;
      openEnd.set(key, e.ts + e.dur!);
    }
    const k = kindOf(e.name);
    if (k !== 'other') kinds.set(`${k}`, (kinds.get(k) ?? 0) + e.dur!);
  }
  for (const [name, t] of [...byThread].sort((a, b) => b[1].busy - a[1].busy).slice(0, 8)) {
    const kinds = [...(leafKinds.get(name) ?? new Map())].sort((a, b) => b[1] - a[1]).map(([k, d]) => `${k} ${(d / 1000).toFixed(0)}`).join(', ');
    console.log(`  ${name.padEnd(28)} busy ${(t.busy / 1000).toFixed(0).padStart(5)} ms (from ${at(t.first).trim()} to ${at(t.last).trim()}); by kind (nested, ms): ${kinds}`);
  }
  // Downloads: each resource's request start and finish.
  const sent = new Map<string, { url: string; start: number }>();
  const finished: { url: string; start: number; end: number; bytes: number }[] = [];
  for (const e of events) {
    const d = e.args?.['data'] as Record<string, unknown> | undefined;
    if (!d) continue;
    if (e.name === 'ResourceSendRequest') sent.set(String(d['requestId']), { url: String(d['url']), start: e.ts });
    if (e.name === 'ResourceFinish') {
      const s = sent.get(String(d['requestId']));
      if (s) finished.push({ url: s.url, start: s.start, end: e.ts, bytes: Number(d['decodedBodyLength'] ?? d['encodedDataLength'] ?? 0) });
    }
  }
  for (const f of finished.sort((a, b) => a.start - b.start)) {
    if (f.bytes < 20_000) continue;
    console.log(`  fetch ${f.url.replace(/^.*\//, '').padEnd(36)} ${at(f.start)} → ${at(f.end)}  ${(f.bytes / 1024).toFixed(0).padStart(6)} kB`);
  }
  // The main thread's longest tasks, with the script they ran.
  const main = [...threadNames].find(([, n]) => n === 'CrRendererMain')?.[0];
  const tasks = slices.filter((e) => `${e.pid}:${e.tid}` === main && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur! > 40_000);
  for (const t of tasks.sort((a, b) => b.dur! - a.dur!).slice(0, 10).sort((a, b) => a.ts - b.ts)) {
    const inner = slices.filter((e) => `${e.pid}:${e.tid}` === main && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && e !== t && e.dur! > 5_000);
    const what = inner
      .slice(0, 6)
      .map((e) => {
        const d = (e.args?.['data'] ?? {}) as Record<string, unknown>;
        const where = String(d['url'] ?? d['functionName'] ?? d['type'] ?? '').replace(/^.*\//, '');
        return `${e.name}${where ? `(${where})` : ''} ${(e.dur! / 1000).toFixed(0)}`;
      })
      .join(', ');
    console.log(`  main task ${at(t.ts)} ${(t.dur! / 1000).toFixed(0).padStart(5)} ms: ${what}`);
  }
}

const session = await openSession();
console.log(`load trace (load average ${loadavg().map((x) => x.toFixed(1)).join(', ')})`);
try {
  for (let i = 0; i < LOADS; i++) {
    const context = await session.browser.newContext({ viewport: { width: 1500, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.browser()!.newBrowserCDPSession();
    const events = await traceOneLoad(cdp, async () => {
      await page.goto(session.url);
      return page;
    });
    summarise(events, i);
    if (i === LOADS - 1 && process.env['PLAYGROUND_TRACE_OUT']) writeFileSync(process.env['PLAYGROUND_TRACE_OUT'], JSON.stringify({ traceEvents: events }));
    await cdp.detach();
    await context.close();
  }
} finally {
  await session.close();
}
