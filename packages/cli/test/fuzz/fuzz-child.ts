// The fuzz test's child process (run by untrusted-fuzz.test.ts under a
// bounded heap, `node --max-old-space-size=… --import tsx`): generated and
// mutated scenario files, graphs and logs go through the parser, the
// formatter, the compiler, the module loader, loadGraph and one game, and
// through the CLI's commands in process. A throw, an exit status outside
// 0/1/2 (70 is a bug) or a heap past the limit makes this process fail;
// otherwise it prints one JSON line: how many inputs it tried.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent } from '@houserules/engine';
import { format, parse, tokenize } from '@houserules/syntax';
import { main } from '../../src/main.ts';

const [seedArg, secondsArg] = process.argv.slice(2);
const seed = Number(seedArg ?? 1);
const timeLimit = Number(secondsArg ?? 10) * 1000;
const repo = join(import.meta.dirname, '../../../..');
const DIAMANT = readFileSync(join(repo, 'scenarios/diamant/diamant.rules'), 'utf8');
const WORDS = [...new Set(tokenize(DIAMANT).value.map((t) => t.text))];
const EXTRA = ['{', '}', '(', ')', '"', '/*', '*/', '..', '2d6', '\n', '\u001b[2J', '\u009b', '__proto__', 'constructor', '999999999999', '536870911', 'import', 'extends', '"/etc/passwd"', '"../../x.rules"', 'forever', 'not', '-', 'else if'];
const vocabulary = [...WORDS, ...EXTRA];

const project = mkdtempSync(join(tmpdir(), 'houserules-fuzz-'));
writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
mkdirSync(join(project, 'out'));
const io = { stdout: { write: () => true }, stderr: { write: (t: string) => ((lastErr = t), true) }, cwd: project };
let lastErr = '';

async function cli(argv: string[]): Promise<void> {
  const code = await main(argv, io);
  if (code !== 0 && code !== 1 && code !== 2) throw new Error(`houserules ${argv.join(' ')} exited ${code}: ${lastErr}`);
}

/** Internal errors are bugs: a user's file gets diagnostics with user codes only. */
function noBug(diagnostics: readonly { code: string }[]): void {
  const bug = diagnostics.find((d) => d.code.endsWith('/internal-error'));
  if (bug) throw new Error(`${bug.code}: ${JSON.stringify(bug).slice(0, 400)}`);
}

/** A text built from the language's own words, a run of random characters, or a mutation of Diamant. */
const sourceText = fc.oneof(
  fc.array(fc.constantFrom(...vocabulary), { maxLength: 150 }).map((w) => w.join(' ')),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc
    .array(fc.tuple(fc.nat(), fc.nat({ max: 40 }), fc.constantFrom(...vocabulary)), { minLength: 1, maxLength: 5 })
    .map((edits) => {
      let text = DIAMANT;
      for (const [at, cut, word] of edits) {
        const i = at % text.length;
        text = text.slice(0, i) + word + text.slice(i + cut);
      }
      return text;
    }),
  fc.tuple(fc.constantFrom('not ', '-', '(', 'a.', '[', 'if x { } else '), fc.integer({ min: 100, max: 20_000 })).map(([piece, n]) => `derive d: number = ${piece.repeat(n)}1\n`),
);

let tried = 0;
let compiled = 0;
let played = 0;
const graphJson = (() => {
  const r = compile(createMemoryHost({ '/d/diamant.rules': DIAMANT }), '/d/diamant.rules');
  if (r.value === null) throw new Error('Diamant does not compile');
  return JSON.stringify(r.value);
})();

/** Sets the leaf at `path % leaves` of a JSON value to `value`. */
function mutateGraph(text: string, edits: [number, unknown][]): unknown {
  const g = JSON.parse(text) as unknown;
  const leaves: [Record<string, unknown>, string][] = [];
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v)) {
      leaves.push([v as Record<string, unknown>, k]);
      walk(child);
    }
  };
  walk(g);
  for (const [at, value] of edits) {
    const [owner, key] = leaves[at % leaves.length]!;
    owner[key] = value;
  }
  return g;
}

const hostile = fc.oneof(
  fc.constantFrom(2 ** 53, 2 ** 31, -(2 ** 31), 1e308, -1, 0, 100_000, 536_870_912, '__proto__', 'x\u001b]0;t\u0007', null, true, [], {}),
  fc.integer(),
  fc.string({ maxLength: 20 }),
);

async function main_(): Promise<void> {
  await fc.assert(
    fc.asyncProperty(sourceText, async (text) => {
      tried++;
      noBug(parse(text, 'fuzz.rules').diagnostics);
      noBug(format(text).diagnostics);
      const r = compile(createMemoryHost({ '/p/fuzz.rules': text }), '/p/fuzz.rules');
      noBug(r.diagnostics);
      if (r.value !== null) compiled++;
      const file = join(project, 'fuzz.rules');
      writeFileSync(file, text);
      await cli(['check', file]);
      await cli(['fmt', '--check', file]);
      await cli(['compile', file, '-o', join(project, 'out', 'g.json')]);
    }),
    { seed, numRuns: 400, interruptAfterTimeLimit: timeLimit / 2, markInterruptAsFailure: false },
  );
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(fc.nat(), hostile), { minLength: 1, maxLength: 4 }), async (edits) => {
      tried++;
      const g = mutateGraph(graphJson, edits);
      const loaded = loadGraph(g);
      noBug(loaded.diagnostics);
      if (loaded.value !== null) {
        const result = playGame(loaded.value, { seed: 1, players: 3, recordLog: false }, (seat) => randomAgent(seat + 1));
        noBug(result.diagnostics);
        if (result.outcome !== null) played++;
      }
      const file = join(project, 'out', 'g.json');
      writeFileSync(file, JSON.stringify(g));
      await cli(['simulate', file, '--games', '1']);
      writeFileSync(join(project, 'out', 'log.jsonl'), `${JSON.stringify(g)}\n`);
      await cli(['replay', join(project, 'out', 'log.jsonl')]);
    }),
    { seed, numRuns: 400, interruptAfterTimeLimit: timeLimit / 2, markInterruptAsFailure: false },
  );
  process.stdout.write(`${JSON.stringify({ tried, compiled, played, heapMB: Math.round(process.memoryUsage().heapUsed / 2 ** 20) })}\n`);
}

await main_();
