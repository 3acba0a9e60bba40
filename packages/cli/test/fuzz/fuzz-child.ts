// The fuzz test's child process (run by untrusted-fuzz.test.ts under a
// bounded heap, `node --max-old-space-size=… --import tsx`): generated and
// mutated scenario files, graphs and logs go through the parser, the
// formatter, the compiler, the module loader, loadGraph and one game, and
// through the CLI's commands in process; so do lines typed to `play`, partial
// summaries given to `merge` and style files given to `render` (issue 29). A
// throw, an exit status outside 0/1/2 (70 is a bug), an internal error or a
// stack trace in the output, a file opened outside the fuzz's project, or a
// heap past the limit makes this process fail; otherwise it prints one JSON
// line: how many inputs it tried. FUZZ_SECONDS is shared out between the
// kinds of input (SHARES), so adding one does not lengthen the run.
import fs, { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
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

const project = realpathSync(mkdtempSync(join(tmpdir(), 'houserules-fuzz-')));
writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
mkdirSync(join(project, 'out'));
cpSync(join(repo, 'scenarios/diamant'), join(project, 'diamant'), { recursive: true, filter: (src) => !src.includes('node_modules') });
let output = '';
const io = { stdout: { write: (t: string) => ((output += t.slice(0, 20_000)), true) }, stderr: { write: (t: string) => ((output += t.slice(0, 20_000)), true) }, cwd: project };

/** What the commands may never print: a JavaScript stack, an internal error. */
const BUG = /\n\s+at \S.*:\d+:\d+|\/internal-error\]/;

/** Runs a command in process, lines for `play` on its stdin; its exit status must be 0, 1 or 2, its output free of bugs, its reads inside the project. */
async function cli(argv: string[], lines?: string[]): Promise<void> {
  output = '';
  opened.length = 0;
  const code = await main(argv, lines === undefined ? io : { ...io, stdin: scripted(lines) });
  const shown = `houserules ${argv.join(' ').slice(0, 300)}`;
  if (code !== 0 && code !== 1 && code !== 2) throw new Error(`${shown} exited ${code}: ${output.slice(-2000)}`);
  if (BUG.test(output)) throw new Error(`${shown} printed a bug: ${output.slice(-2000)}`);
  const outside = opened.filter((path) => !insideProject(path));
  if (outside.length > 0) throw new Error(`${shown} opened ${outside.slice(0, 3).join(', ')}, outside the project ${project}`);
}

async function* scripted(lines: string[]): AsyncGenerator<string> {
  for (const line of lines) yield `${line}\n`;
}

// Every file a command opens is noted: none may lie outside the fuzz's project (issue 29: "a read
// outside the root"). The commands are loaded first (their modules are files outside the project too).
const opened: string[] = [];
const insideProject = (path: string): boolean => path === project || path.startsWith(project + sep);
function watchOpens(): void {
  const note = (path: unknown): void => {
    if (typeof path === 'string' && path !== '') opened.push(resolve(project, path));
    else if (path instanceof URL) opened.push(path.pathname);
  };
  const fsAny = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['openSync', 'readFileSync', 'createReadStream', 'readdirSync', 'opendirSync', 'open', 'readFile']) {
    const real = fsAny[name]!;
    fsAny[name] = function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return real.apply(this, args);
    };
  }
  const promises = fs.promises as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['open', 'readFile', 'readdir']) {
    const real = promises[name]!;
    promises[name] = function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return real.apply(this, args);
    };
  }
  syncBuiltinESMExports();
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
/** Inputs tried, by kind (each kind must have had its share of the time). */
const kinds = { sources: 0, graphs: 0, play: 0, partials: 0, styles: 0 };
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

/** A partial summary `simulate --shard` wrote, and a style of the shipped ones, to mutate. */
const TINY = 'scenario "Tiny" {\n  players 2..4\n}\n\nvar v: number = 0\n\nflow {\n  rounds 1 {\n    step go\n  }\n}\n\nrule r on go {\n  set v = v + 1\n}\n';
const BOARD = `scenario "Board" { players 2..2 }
piece hut on corner, 3 per player
piece bandit on hex, 1
board land: hex map {
  (0, 0) moor 6  (1, 0) fen 8  (0, 1) moor  (-1, 1) heath 3
} {
  frame 1 water
}
per corner {
  var mark: plain | lit | dark = plain
}
rule set_up on game_start {
  place hut of first(p in players) at corner(0, 0, 0)
  place bandit at hex(0, 1)
  set corner(1, 0, 0).mark = dark
}
action wait by current {
}
flow {
  rounds 1 {
    turns {
      actions by current until wait
    }
  }
}
`;
const STYLE = readFileSync(join(repo, 'scenarios/catan/style.json'), 'utf8');

/** A line a person might type at `play`'s prompt, or one no person would. */
const playLine = fc.oneof(
  fc.constantFrom('continue', 'exit', 'con', 'ex', '1', '2', '0', '-1', '99', 'show', 'board', 'log', 'why', 'undo', 'help', ':help', 'h', '?', '', ' ', 'quit'),
  fc.nat({ max: 80 }).map(String),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u001b[2J', '\u009b31m', 'x'.repeat(1_500), '\u202e', 'undo undo', 'why 1', '{"move": 1}', '__proto__', 'constructor'),
);

/** Shares of FUZZ_SECONDS, by kind of input: the first two were the whole run before issue 29. */
const SHARES = { sources: 0.3, graphs: 0.3, play: 0.15, partials: 0.125, styles: 0.125 };

async function main_(): Promise<void> {
  // Load every command fuzzed here before opens are watched (their modules are files of the repository).
  writeFileSync(join(project, 'tiny.rules'), TINY);
  mkdirSync(join(project, 'board'));
  writeFileSync(join(project, 'board', 'board.rules'), BOARD);
  for (const argv of [['check', 'tiny.rules'], ['fmt', '--check', 'tiny.rules'], ['compile', 'tiny.rules'], ['replay', 'none.jsonl'], ['merge', 'none.json'], ['render', 'board', '-o', 'out/x.svg'], ['simulate', 'tiny.rules', '--games', '2', '--shard', '1/1', '--partial-out', 'out/base.json']]) await main(argv, io);
  await main(['play', 'diamant', '--seed', '1'], { ...io, stdin: scripted(['quit']) });
  const partial = readFileSync(join(project, 'out', 'base.json'), 'utf8');
  watchOpens();

  await fc.assert(
    fc.asyncProperty(sourceText, async (text) => {
      tried++;
      kinds.sources++;
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
    { seed, numRuns: 400, interruptAfterTimeLimit: timeLimit * SHARES.sources, markInterruptAsFailure: false },
  );
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(fc.nat(), hostile), { minLength: 1, maxLength: 4 }), async (edits) => {
      tried++;
      kinds.graphs++;
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
    { seed, numRuns: 400, interruptAfterTimeLimit: timeLimit * SHARES.graphs, markInterruptAsFailure: false },
  );
  // Lines typed to `play`: options by number, name or prefix, its commands, and anything else.
  await fc.assert(
    fc.asyncProperty(fc.array(playLine, { maxLength: 60 }), fc.nat({ max: 1000 }), fc.boolean(), async (lines, gameSeed, json) => {
      tried++;
      kinds.play++;
      await cli(['play', 'diamant', '--seed', String(gameSeed), ...(json ? ['--json'] : [])], lines);
    }),
    { seed, numRuns: 400, interruptAfterTimeLimit: timeLimit * SHARES.play, markInterruptAsFailure: false },
  );
  // Partial summaries given to `merge`: one `simulate --shard` wrote, with hostile values put in, or any text.
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(fc.nat(), hostile), { maxLength: 4 }), fc.oneof(fc.constant(null), fc.string({ unit: 'binary', maxLength: 200 })), fc.boolean(), async (edits, text, json) => {
      tried++;
      kinds.partials++;
      const file = join(project, 'out', 'partial.json');
      writeFileSync(file, text ?? JSON.stringify(mutateGraph(partial, edits)));
      await cli(['merge', file, ...(edits.length % 2 === 1 ? [file] : []), ...(json ? ['--json'] : [])]);
    }),
    { seed, numRuns: 400, interruptAfterTimeLimit: timeLimit * SHARES.partials, markInterruptAsFailure: false },
  );
  // Style files given to `render`: a shipped one with hostile values put in, `extends` anywhere, or any text.
  const reach = fc.constantFrom('./style.json', '../package.json', '/etc/passwd', '/proc/self/environ', '../../../../etc/hosts', './nowhere.json', 'out/partial.json', '/dev/zero');
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(fc.nat(), fc.oneof(hostile, reach)), { maxLength: 4 }), fc.option(reach, { nil: undefined }), fc.oneof(fc.constant(null), fc.string({ unit: 'binary', maxLength: 200 })), async (edits, extendsPath, text) => {
      tried++;
      kinds.styles++;
      const style = mutateGraph(STYLE, edits) as Record<string, unknown>;
      if (extendsPath !== undefined) style['extends'] = extendsPath;
      writeFileSync(join(project, 'style.json'), text ?? JSON.stringify(style));
      await cli(['render', 'board', '--style', 'style.json', '-o', 'out/x.svg']);
    }),
    { seed, numRuns: 400, interruptAfterTimeLimit: timeLimit * SHARES.styles, markInterruptAsFailure: false },
  );
  process.stdout.write(`${JSON.stringify({ tried, kinds, compiled, played, heapMB: Math.round(process.memoryUsage().heapUsed / 2 ** 20) })}\n`);
}

await main_();
