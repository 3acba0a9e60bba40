// docs/diagnostics.md, the diagnostics reference (issue 16 item 15): it lists every code of the
// registry (packages/schema/src/diagnostic-codes.ts) once, in the registry's order, with the
// registry's one-line description and an example that triggers it. Each example runs here and
// must report exactly its code:
// - a ```rules-mistake block is checked and compiled (in scenarios/, so it may extend the shipped
//   modules); when it compiles, its `test` blocks run, or, without tests, one game is played with
//   every seat taking the first legal option; the codes of every diagnostic and failing test count;
//   `// file: NAME.rules` starts another file of the example, beside the first;
// - a ```sh block is one `houserules …` command, run from the repository root, or, after a
//   ```rules-mistake block, in a project of its own holding it as example.rules; the codes printed count.
// A code may go without an example only if NO_EXAMPLE says why it cannot be triggered from a
// scenario or a command.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, compile, overlayHost, type ModuleHost } from '@houserules/compiler';
import { createNodeHost } from '../src/node-module-host.ts';
import { prepareFile } from '@houserules/conformance';
import { firstLegalAgent, loadGraph, playGame } from '@houserules/engine';
import { DIAGNOSTIC_CODES, DIAGNOSTIC_NAMESPACES } from '@houserules/schema';
import { repoRoot, runCli } from './run-cli.ts';

/** Codes no scenario or command can trigger, and why. */
const NO_EXAMPLE: Record<string, string> = {
  'parse/internal-error': 'a bug of the parser; please report it.',
  'compiler/internal-error': 'a bug of the compiler; please report it.',
  'run/internal-error': 'a bug of the engine; please report it.',
  'test/internal-error': 'a bug of the test runner; please report it.',
  'cli/internal-error': 'a bug of the command; please report it.',
  'limit/diagnostics': 'it takes more than 200 mistakes in one file.',
  'limit/graph-depth': 'the parser stops deeper nesting first (`parse/too-deeply-nested`); a rule graph file can exceed it.',
  'limit/graph-size': 'the declared-size budgets stop a source first; a rule graph file can exceed it.',
  'limit/import-chain': 'it takes a chain of more than 100 files.',
  'limit/number': 'the parser refuses a number out of range first (`parse/invalid-number`); a rule graph file can hold one.',
  'limit/source-size': 'it takes a file larger than the budget (docs/safety.md, “Budgets”).',
  'board/bad-coordinate': 'the parser reads only whole coordinates; a rule graph file can hold others.',
  'board/cross-hex-path': 'the compiler reports a path end outside its hex first (`board/dangling-edge`); a rule graph file can hold one.',
  'board/unknown-node': 'the compiler reports it first (`board/dangling-edge`); a rule graph file can hold one.',
  'run/bad-agent-param': 'the command line refuses it first (`cli/usage`); only the engine’s API (`mctsAgent`) is given one.',
  'run/bad-network': 'the compiler reports it first (`type/wrong-site`); a rule graph file can hold one.',
  'run/bad-trail': 'the compiler reports it first (`type/wrong-site`); a rule graph file can hold one.',
  'run/bad-option-value': 'the command line refuses it first (`cli/usage`), the compiler in a test; only the engine’s API is given one.',
  'run/bad-player-count': 'the command line refuses it first (`cli/usage`), a test as `test/setup`; only the engine’s API is given one.',
  'run/unknown-option': 'the command line refuses it first (`cli/usage`), the compiler in a test; only the engine’s API is given one.',
  'run/unknown-policy': 'the command line refuses it first (`cli/usage`), the compiler in a test; only the engine’s API is given one.',
  'run/unknown-policy-param': 'the command line refuses it first (`cli/usage`), the compiler in a test; only the engine’s API is given one.',
  'run/board-option': 'the command line and the test runner build the board for the game’s options; only the engine’s API can mismatch them.',
  'run/conservation': 'rules only move tokens; only a bad rule graph or an engine bug breaks conservation.',
  'run/piece-conservation': 'rules only place, move and remove pieces; only a bad rule graph or an engine bug breaks conservation.',
  'run/game-over': 'a move given to the engine’s API; in a test the same move is `test/move-refused` (its example).',
  'run/illegal-move': 'a move given to the engine’s API; in a test the same move is `test/move-refused` (its example).',
  'run/no-pending-decision': 'a move given to the engine’s API; in a test the same move is `test/move-refused` (its example).',
  'run/replay-diverged': 'it takes a game log edited by hand.',
  'run/script-exhausted': 'a scripted agent of the engine’s API.',
  'run/stack-missing-card': '`stack` is a test statement: a test reports this as `test/run-error`.',
  'run/unknown-function': 'the compiler writes only functions the engine knows; a rule graph file can name others.',
  'run/unknown-operator': 'the compiler writes only operators the engine knows; a rule graph file can name others.',
  'run/unknown-reference': 'the compiler resolves every name first; a rule graph file can name what it does not declare.',
  'cli/partials-disagree': 'it takes two partial summaries of different runs (`houserules merge`).',
  'cli/graph-too-large': 'it takes a rule graph beyond the layout budget (docs/safety.md, “Budgets”); `-o graph.dot` still writes it.',
  'diff/budget-exhausted': 'it depends on the machine’s speed: the search runs out of its CPU time (`--budget-seconds`).',
  'diff/cannot-start': 'the command checks the players and options before the search starts a game; only the API reports it.',
  'diff/schema-version': 'it takes a rule graph file of another schema version.',
  'play/ambiguous-option': 'typed to `houserules play` at its prompt (a person’s answer, read from the terminal); no scenario or other command reports it.',
  'play/nothing-to-undo': 'typed to `houserules play` at its prompt (a person’s answer, read from the terminal); no scenario or other command reports it.',
  'play/bad-log': 'the playground’s engine worker reports it, for a move or a log the page sends; no scenario or command does.',
  'play/line-full': 'the playground’s engine worker reports it, for a move or a log the page sends; no scenario or command does.',
  'play/no-such-line': 'the playground’s engine worker reports it, for a move or a log the page sends; no scenario or command does.',
  'play/no-such-option': 'the playground’s engine worker reports it, for a move or a log the page sends; no scenario or command does.',
  'play/no-such-session': 'the playground’s engine worker reports it, for a move or a log the page sends; no scenario or command does.',
  'play/not-your-seat': 'the playground’s engine worker reports it, for a move or a log the page sends; no scenario or command does.',
  'play/replay-diverged': 'the playground’s engine worker reports it, for a move or a log the page sends; no scenario or command does.',
  'play/unknown-agent': 'the playground’s engine worker reports it, for a move or a log the page sends; no scenario or command does.',
  'schema/additional-properties': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/any-of': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/const': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/discriminator': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/enum': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/invalid': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/maximum': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/minimum': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/one-of': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/pattern': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/property-names': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/required': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
  'schema/type': 'the compiler writes only graphs that validate; a rule graph file written or edited by hand (`houserules simulate graph.json`) can fail it.',
};

interface Entry {
  code: string;
  line: number;
  description: string;
  /** a rules example, a command, or both (the command runs in a folder holding the rules as example.rules) */
  example: { rules?: string; sh?: string; line: number } | null;
  noExample: string | null;
}

function entries(markdown: string): Entry[] {
  const lines = markdown.split('\n');
  const out: Entry[] = [];
  let current: Entry | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = /^### `([a-z]+\/[a-z0-9-]+)`\s*$/.exec(line);
    if (heading) {
      current = { code: heading[1]!, line: i + 1, description: '', example: null, noExample: null };
      out.push(current);
      continue;
    }
    if (/^#{1,2} /.test(line)) current = null;
    if (current === null) continue;
    const fence = /^```(rules-mistake|sh)\s*$/.exec(line);
    if (fence) {
      const body: string[] = [];
      const start = i + 1;
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
      current.example = { ...current.example, line: current.example?.line ?? start, [fence[1] === 'sh' ? 'sh' : 'rules']: body.join('\n') };
      continue;
    }
    const none = /^No example: (.+)$/.exec(line);
    if (none) current.noExample = none[1]!;
    else if (current.description === '' && line.trim() !== '') current.description = line.trim();
  }
  return out;
}

const doc = readFileSync(join(repoRoot, 'docs', 'diagnostics.md'), 'utf8');
const listed = entries(doc);
const registered = Object.keys(DIAGNOSTIC_CODES);

const folder = join(repoRoot, 'scenarios', 'diagnostics-example');

/** The repository's files (confined to it, as the CLI reads them), with the example's files in the folder. */
function hostWith(overlay: Map<string, string>): ModuleHost {
  return overlayHost(createNodeHost({ root: repoRoot }), overlay);
}

/** The codes a rules example reports: checking, compiling, loading, then its tests or one game. */
function rulesCodes(text: string): string[] {
  const files = new Map<string, string>();
  let name = 'example.rules';
  let part: string[] = [];
  for (const line of [...text.split('\n'), '// file: end']) {
    const next = /^\/\/ file: (\S+)$/.exec(line);
    if (!next) {
      part.push(line);
      continue;
    }
    files.set(join(folder, name), `${part.join('\n')}\n`);
    name = next[1]!;
    part = [];
  }
  const entry = join(folder, 'example.rules');
  const host = hostWith(files);
  const codes: string[] = [];
  const checked = check(host, entry);
  codes.push(...checked.diagnostics.map((d) => d.code));
  if (checked.diagnostics.some((d) => d.severity === 'error')) return codes;
  const compiled = compile(host, entry);
  codes.push(...compiled.diagnostics.map((d) => d.code));
  if (compiled.value === null) return codes;
  if (/^\s*test\s+"/m.test(files.get(entry)!)) {
    const prepared = prepareFile(host, entry);
    codes.push(...prepared.diagnostics.map((d) => d.code));
    for (const test of prepared.tests) {
      const failure = test.run().failure;
      if (failure) codes.push(failure.code);
    }
    return codes;
  }
  const loaded = loadGraph(compiled.value);
  codes.push(...loaded.diagnostics.map((d) => d.code));
  if (loaded.value === null) return codes;
  const played = playGame(loaded.value, { seed: 1, players: compiled.value.scenario.players.min, checkInvariants: true }, () => firstLegalAgent(), { maxSteps: 300 });
  codes.push(...played.diagnostics.map((d) => d.code));
  return codes;
}

/** The codes a command prints (`error[cli/usage]: …`, `… [diff/unrelated-scenarios]`), run from `cwd`. */
async function shCodes(text: string, cwd: string): Promise<string[]> {
  const command = /^(?:npx )?houserules (.*)$/.exec(text.trim());
  if (!command) throw new Error(`not a houserules command: ${text}`);
  const argv = [...command[1]!.matchAll(/"([^"]*)"|(\S+)/g)].map((a) => a[1] ?? a[2]!);
  const run = await runCli(argv, cwd);
  const namespaces = Object.keys(DIAGNOSTIC_NAMESPACES).join('|');
  return [...`${run.stdout}\n${run.stderr}`.matchAll(new RegExp(`\\[((?:${namespaces})/[a-z0-9-]+)\\]`, 'g'))].map((m) => m[1]!);
}

/** A command after a rules example runs in a project of its own holding it as example.rules. */
function projectWith(rules: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'houserules-diagnostic-'));
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  writeFileSync(join(dir, 'example.rules'), `${rules}\n`);
  return dir;
}

describe('docs/diagnostics.md', () => {
  it('lists every registered code once, in the registry’s order, with its description', () => {
    expect(listed.map((e) => e.code)).toEqual(registered);
    for (const e of listed) expect(e.description, e.code).toBe(DIAGNOSTIC_CODES[e.code as keyof typeof DIAGNOSTIC_CODES].replace(/^./, (c) => c.toUpperCase()) + '.');
  });

  it('has an example for every code but those that no scenario or command can trigger', () => {
    const missing = listed.filter((e) => e.example === null && NO_EXAMPLE[e.code] === undefined).map((e) => `docs/diagnostics.md:${e.line}: ${e.code} has no example`);
    expect(missing, missing.join('\n')).toEqual([]);
    for (const e of listed.filter((x) => x.example === null)) expect(e.noExample, `docs/diagnostics.md:${e.line}: say why ${e.code} has no example`).toBe(NO_EXAMPLE[e.code]);
    for (const code of Object.keys(NO_EXAMPLE)) expect(listed.find((e) => e.code === code)?.example ?? null, `${code} is in NO_EXAMPLE but has an example`).toBeNull();
  });

  it.each(listed.filter((e) => e.example !== null).map((e) => [e.code, e] as const))('the example of %s reports exactly that code', async (code, e) => {
    const example = e.example!;
    const codes =
      example.sh === undefined ? rulesCodes(example.rules!) : await shCodes(example.sh, example.rules === undefined ? repoRoot : projectWith(example.rules));
    expect([...new Set(codes)], `docs/diagnostics.md:${example.line}`).toEqual([code]);
  });
});
