// Two builds' page loads, alternated in the same machine state: `npx tsx bench/ab-load.ts <distA> <distB>` (in
// apps/playground; PLAYGROUND_AB_LOADS pairs, 7 unless told). Each load is a fresh visitor (a new browser context) in
// one Chromium, A then B then A…, each from a server of its own; it prints every pair (views drawn, Monaco on the page,
// Diamant checked, editable, in ms from navigation) and the medians, with the load average before and after.
import type { Server } from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
// @ts-expect-error: a plain ES module without types (the server `pnpm start` runs)
import { startServer } from '../scripts/serve.mjs';
import { CHROMIUM_ARGS } from '../test/e2e/browser.ts';

const dists = process.argv.slice(2, 4).map((d) => resolve(d));
if (dists.length !== 2) throw new Error('usage: tsx bench/ab-load.ts <distA> <distB>');
const PAIRS = Number(process.env['PLAYGROUND_AB_LOADS'] ?? 7);
const MARKS = ['shell', 'editor', 'checked', 'editable'] as const;
type Marks = Record<(typeof MARKS)[number], number>;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const la = (): string => loadavg().map((x) => x.toFixed(1)).join(', ');

const servers = (await Promise.all(dists.map((root) => startServer({ root, port: 0 })))) as { server: Server; url: string }[];
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const seen: Marks[][] = [[], []];
console.log(`A ${dists[0]}\nB ${dists[1]}\nload average ${la()} at the start; ms from navigation: ${MARKS.join(' / ')}`);
try {
  for (let i = 0; i < PAIRS; i++) {
    const row: string[] = [];
    // A first in even pairs, B first in odd ones: neither always follows the other
    for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const context = await browser.newContext({ viewport: { width: 1500, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(servers[which]!.url);
        await page.waitForFunction(() => performance.getEntriesByName('houserules:editable').length > 0, null, { timeout: 60_000 });
        const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])));
        const m = Object.fromEntries(MARKS.map((k) => [k, marks[`houserules:${k}`] ?? Number.NaN])) as Marks;
        seen[which]!.push(m);
        row[which] = `${'AB'[which]} ${MARKS.map((k) => m[k].toFixed(0)).join(' / ')}`;
      } catch (error) {
        row[which] = `${'AB'[which]} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      } finally {
        await context.close();
      }
    }
    console.log(`pair ${i + 1}: ${row.join('   ')}   (load ${loadavg()[0]!.toFixed(1)})`);
  }
} finally {
  await browser.close();
  for (const s of servers) s.server.close();
}
for (const which of [0, 1]) {
  const ms = seen[which]!;
  console.log(`${'AB'[which]} medians of ${ms.length}: ${MARKS.map((k) => `${k} ${median(ms.map((m) => m[k])).toFixed(0)}`).join(', ')}`);
}
const wins = seen[1]!.filter((b, i) => seen[0]![i] !== undefined && b.editable < seen[0]![i]!.editable).length;
console.log(`B editable earlier than A in ${wins} of ${Math.min(seen[0]!.length, seen[1]!.length)} pairs; load average ${la()} at the end`);
