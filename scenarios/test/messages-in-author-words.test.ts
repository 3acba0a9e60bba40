// Issue 16 item 8: no message names the graph's internal ids. The shipped scenario files are
// mutated (source-mutants.ts: a bounded, seeded set of small edits) and checked, compiled, loaded
// and played for a few moves; some hand-written faulty scenarios are checked, simulated and tested.
// Every diagnostic's message, hint and related note is searched for an internal name: a
// `kind:id` (`piece:pirate`, `rule:x/ask1`), a recovery placeholder (`$missing`), a raw player
// index (`-1` for none, `player: 0`).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, compileTests, createParseCache } from '@houserules/compiler';
import { hostWith } from './overlay-host.ts';
import { prepareFile } from '@houserules/conformance';
import { loadGraph, playGame, randomAgent } from '@houserules/engine';
import type { Diagnostic } from '@houserules/schema';
import { mutantsOf } from './source-mutants.ts';

const scenarios = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What an internal name looks like in a message (`quoted`: also inside the backticks that quote the author's own text). */
const INTERNAL_NAMES: { what: string; pattern: RegExp; quoted: boolean }[] = [
  { what: 'a graph id (`kind:name`)', pattern: /\b(rule|token|piece|zone|card|site|ask|var|action|derive|event|policy|group|enum):[\w$]/, quoted: true },
  { what: 'an ask id', pattern: /\/ask\d/, quoted: true },
  { what: 'a recovery placeholder', pattern: /\$[A-Za-z_]\w*/, quoted: true },
  { what: 'a raw player index', pattern: /\b(player|seat|owner)s?\b\W{0,3}-\d|\bplayer: \d|\bhas no player \d/, quoted: false },
  { what: 'a raw site number', pattern: /\b(hex|corner|edge|site)s? -?\d+\b/, quoted: false },
  { what: 'a raw card number', pattern: /#\d+|\bcard -?\d+\b/, quoted: false },
  { what: 'raw JSON', pattern: /\{"\w+":/, quoted: false },
  { what: 'a zone by a raw seat index', pattern: /\b[a-z_]+\[\d+\]/, quoted: false },
  { what: 'a value JavaScript printed', pattern: /\bundefined\b|\bNaN\b|\[object \w+\]|\bnull\b/, quoted: true },
];

function leaksOf(d: Diagnostic): string[] {
  const texts = [d.message, d.hint ?? '', ...(d.related ?? []).map((r) => r.message)];
  const found: string[] = [];
  for (const text of texts) {
    const unquoted = text.replace(/`[^`]*`/g, '``');
    for (const { what, pattern, quoted } of INTERNAL_NAMES) if (pattern.test(quoted ? text : unquoted)) found.push(`${d.code}: ${what} in "${text}"`);
  }
  return found;
}

/** A mistake reported twice: another diagnostic on (part of) the text a parse error is about. */
function cascadesOf(found: Diagnostic[]): string[] {
  const parse = found.filter((d) => d.code.startsWith('parse/') && d.range);
  const out: string[] = [];
  for (const d of found) {
    if (d.code.startsWith('parse/') || !d.range) continue;
    const over = parse.find((p) => p.file === d.file && p.range!.start.offset <= d.range!.end.offset && d.range!.start.offset <= p.range!.end.offset);
    if (over) out.push(`${over.code} "${over.message}" then ${d.code} "${d.message}"`);
  }
  return out;
}

function rulesFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) rulesFiles(path, out);
    else if (entry.name.endsWith('.rules')) out.push(path);
  }
  return out.sort();
}

const cache = createParseCache();

/** Variants a file declares (a mutant compiles the base game or one of them). */
const variantsOf = (text: string): string[] => [...text.matchAll(/^\s*variant\s+([A-Za-z_]\w*)/gm)].map((m) => m[1]!);
const isTestFile = (file: string): boolean => /[\\/]tests[\\/]/.test(file);

/** Compiles `file` (as the text given; its tests too when it is a test file) and plays one short game when it loads. */
function diagnosticsOf(file: string, text: string, variant: string | undefined): Diagnostic[] {
  const host = hostWith(new Map([[file, text]]));
  const options = { parse: cache.parse, ...(variant === undefined ? {} : { variant }) };
  const compiled = isTestFile(file) ? compileTests(host, file, options) : compile(host, file, options);
  const all = [...compiled.diagnostics];
  const graph = compiled.value === null ? null : 'graph' in compiled.value ? compiled.value.graph : compiled.value;
  if (graph === null || isTestFile(file)) return all;
  const loaded = loadGraph(graph);
  all.push(...loaded.diagnostics);
  if (!loaded.value) return all;
  const played = playGame(loaded.value, { seed: 7, players: graph.scenario.players.min, checkInvariants: true }, (seat) => randomAgent(1000 + seat), { maxSteps: 60 });
  all.push(...played.diagnostics);
  return all;
}

/** Mutants of a scenario module and of a test file (tests are many and alike: fewer each). */
const MUTANTS_PER_MODULE = 8;
const MUTANTS_PER_TEST_FILE = 3;

describe('messages name things as the author wrote them', () => {
  it('after small edits of every shipped scenario file', () => {
    const files = rulesFiles(scenarios);
    expect(files.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    const cascades: string[] = [];
    let mutants = 0;
    let seed = 1;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const variants = [undefined, ...variantsOf(text)];
      for (const mutant of mutantsOf(text, isTestFile(file) ? MUTANTS_PER_TEST_FILE : MUTANTS_PER_MODULE, seed++)) {
        const variant = variants[mutants++ % variants.length];
        const found = diagnosticsOf(file, mutant.text, variant);
        for (const d of found) for (const leak of leaksOf(d)) leaks.push(`${relative(scenarios, file)} ${mutant.label}: ${leak}`);
        for (const c of cascadesOf(found)) cascades.push(`${relative(scenarios, file)} ${mutant.label}: ${c}`);
      }
    }
    expect(mutants).toBeGreaterThan(200);
    expect([...new Set(leaks)], leaks.join('\n')).toEqual([]);
    // a parse error is the one report of its mistake (issue 16: recovery is reported once)
    expect([...new Set(cascades)], cascades.join('\n')).toEqual([]);
  });

  it('after small edits of the tutorial’s game (a module of its own, as a new author writes one)', () => {
    const tutorial = readFileSync(join(scenarios, '..', 'docs', 'tutorial.md'), 'utf8');
    const pig = /```rules\n([\s\S]*?)```/.exec(tutorial)![1]!;
    const file = join(scenarios, 'tutorial-pig', 'pig.rules');
    const leaks: string[] = [];
    const mutants = mutantsOf(pig, 100, 16);
    expect(mutants.length).toBe(100);
    for (const mutant of mutants) for (const d of diagnosticsOf(file, mutant.text, undefined)) for (const leak of leaksOf(d)) leaks.push(`pig ${mutant.label}: ${leak}`);
    expect([...new Set(leaks)], leaks.join('\n')).toEqual([]);
  });
});

// ── hand-written faulty scenarios: run errors and failing tests ───────────────

const OWNERLESS = `module faulty_owner

scenario "Nobody's pot" {
  source "A scenario that gives to nobody."
  players 2..3
}

token point
pool bank { point: unlimited }
var target: player = none
per player {
  pool pot { point }
  var plan: keep | give = keep
}

flow {
  rounds 2 {
    turns {
      step go
    }
  }
}

rule give on go {
  move 1 point from bank to target.pot
}

ranking p by p.pot.point desc
`;

const ASKS_NOBODY = OWNERLESS.replace('module faulty_owner', 'module faulty_ask').replace(
  'rule give on go {\n  move 1 point from bank to target.pot\n}',
  'rule offer on go {\n  ask target to choose target.plan then {\n    move 1 point from bank to current.pot\n  }\n}',
);

/** Tests that fail, each in its own way, on Diamant (cards) and Catan (sites). */
const FAILING_TESTS: Record<string, string> = {
  'diamant/tests/faulty-messages.rules': `module diamant_faulty_messages extends "../diamant.rules"

test "a move for a seat that is not asked" {
  players 3
  arrange {
    stack expedition: treasure(7)
  }
  advance
  p1 chooses exit
  p1 chooses exit
}

test "a wrong card" {
  players 3
  arrange {
    stack expedition: treasure(7), treasure(9)
  }
  advance
  expect first(c in path) == first(c in expedition)
}

test "a card not seen" {
  players 3
  advance
  expect p1 sees first(c in expedition)
}

test "a seat asked" {
  players 3
  advance
  expect not p1 asked plan
}

test "other options" {
  players 3
  advance
  expect p1 asked plan options [exit]
}

test "another event" {
  players 3
  arrange {
    stack expedition: treasure(7), treasure(9)
  }
  advance
  expect event explored(first(c in expedition))
}

test "not over" {
  players 3
  advance
  expect game over winners [p2]
}

test "arranging a card the deck does not hold" {
  players 3
  arrange {
    stack expedition: treasure(99)
  }
  advance
}
`,
  'examples/high-card/tests/faulty-messages.rules': `module examples.high_card_faulty_messages extends "../high-card.rules"

test "a shown card and a wrong expectation after it" {
  players 3
  arrange {
    stack deck: number_card(8), number_card(1), number_card(2)
  }
  advance
  expect not p2 sees first(c in p1.hand where c.value == 1)
}

test "a wrong card after the show" {
  players 3
  arrange {
    stack deck: number_card(8), number_card(1), number_card(2)
  }
  advance
  expect first(c in p1.hand) == first(c in p2.hand)
}
`,
  'catan/tests/faulty-messages.rules': `module catan_faulty_messages extends "../base.rules"

test "two settlements on one corner" {
  players 3
  arrange {
    set setup_done = true
    place settlement of p1 at corner(0, 0, 0)
    place settlement of p2 at corner(0, 0, 0)
  }
}

test "a road refused, and one said refused that is not" {
  players 3
  arrange {
    set setup_done = true
    place robber at first(h in hexes where h.value == 2)
    place settlement of p1 at corner(0, 0, 0)
    move 2 brick from bank to p1.hand
    move 2 lumber from bank to p1.hand
  }
  fix dice 1, 1
  advance
  p1 does roll_dice
  expect illegal p1 does build_road(edge(0, 0, 0))
  expect edge(0, 0, 0).owner == p2
  p1 does build_road(edge(0, -3, 0))
}

test "a wrong owner and a wrong site" {
  players 3
  arrange {
    set setup_done = true
    set start_corner = corner(0, 0, 0)
  }
  expect start_corner.owner == p2 and start_corner == corner(0, 0, 1)
}

test "a wrong site" {
  players 3
  arrange {
    set setup_done = true
    set start_corner = corner(0, 0, 0)
  }
  expect start_corner == corner(0, 0, 1)
}
`,
};

/** The diagnostics of checking a file and playing a few games of it with random agents. */
function simulated(file: string, text: string, games: number): Diagnostic[] {
  const host = hostWith(new Map([[file, text]]));
  const compiled = compile(host, file);
  const all = [...compiled.diagnostics];
  if (!compiled.value) return all;
  const loaded = loadGraph(compiled.value);
  all.push(...loaded.diagnostics);
  if (!loaded.value) return all;
  for (let game = 0; game < games; game++) {
    const played = playGame(loaded.value, { seed: game, players: compiled.value.scenario.players.min, checkInvariants: true }, (seat) => randomAgent(game * 10 + seat), { maxSteps: 200 });
    all.push(...played.diagnostics);
  }
  return all;
}

/** A test failure as the diagnostic `houserules test` prints: its message, and what was expected and found. */
function failuresOf(file: string, text: string): Diagnostic[] {
  const prepared = prepareFile(hostWith(new Map([[file, text]])), file);
  const out = [...prepared.diagnostics];
  for (const test of prepared.tests) {
    const result = test.run();
    const failure = result.failure;
    if (failure === undefined) continue;
    // the events before the failure are printed with it: they name things the same way
    const related = failure.events.map((message) => ({ message }));
    out.push({ code: failure.code, severity: 'error', message: failure.message, hint: [failure.expected, failure.actual].filter((x) => x !== undefined).join(' / '), related });
  }
  return out;
}

describe('messages of run errors and failing tests name things as the author wrote them', () => {
  it.each([
    ['a per-player pool of nobody', 'faulty/owner.rules', OWNERLESS, 'run/no-such-owner'],
    ['a question for nobody', 'faulty/ask.rules', ASKS_NOBODY, 'run/no-such-player'],
  ])('%s', (_what, file, text, code) => {
    const diagnostics = simulated(join(scenarios, file), text, 3);
    expect(diagnostics.map((d) => d.code)).toContain(code);
    const leaks = diagnostics.flatMap(leaksOf);
    expect(leaks, leaks.join('\n')).toEqual([]);
  });

  it.each(Object.entries(FAILING_TESTS))('%s', (file, text) => {
    const diagnostics = failuresOf(join(scenarios, file), text);
    expect(diagnostics.length).toBeGreaterThan(1);
    // a failing comparison shows cards, players and sites as the author writes them, not as numbers
    const compared = diagnostics.filter((d) => d.code === 'test/expectation-failed').map((d) => d.hint);
    expect(compared.length).toBeGreaterThan(0);
    for (const shown of compared) expect(shown).toMatch(/^((treasure|number_card)\(\d+\) \/ (treasure|number_card)\(\d+\)|p\d \/ (p\d|none)|corner\(-?\d+, -?\d+, \d\) \/ corner\(-?\d+, -?\d+, \d\))$/);
    // a corner shared by three hexes is named from the hex nearest the centre, as the tests write it
    if (file.startsWith('catan/')) expect(compared).toContain('corner(0, 0, 1) / corner(0, 0, 0)');
    const leaks = diagnostics.flatMap(leaksOf);
    expect(leaks, leaks.join('\n')).toEqual([]);
  });
});
