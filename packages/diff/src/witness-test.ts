import type { ModuleHost } from '@houserules/compiler';
import { prepareFile, recentEvents } from '@houserules/conformance';
import type { Game, LoadedGraph } from '@houserules/engine';
import type { Value } from '@houserules/schema';
import type { Witness } from './witness-search.ts';
import { isolationBlock, ISOLATED_VARIANT } from './isolate-difference.ts';

/** How the witness module reaches each side: the file it extends, and the variant its test names. */
export interface WitnessTarget {
  /** the `extends` reference, as written in the witness file ("../diamant/diamant.rules") */
  extends: string;
  variant: string | null;
  /** options set explicitly for this side */
  options: Record<string, Value>;
}

export interface WitnessTestText {
  /** the witness module, extending the first scenario: passes there */
  text: string;
  /** the same tests aimed at the second scenario: fail there (those of isolated differences left out) */
  againstB: string;
  /**
   * each isolated difference's test in its own module extending the first:
   * `plus` with only that difference taken from the second (the test fails
   * there); `minus` with every other difference taken (the second without
   * it: the test passes there, and fails on the second)
   */
  isolated: { label: string; text: string; direction: 'plus' | 'minus' }[];
}

/** text safe inside a double-quoted string of a .rules file (and on one line) */
function quoted(s: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\u0000-\u001f\u007f]/g, ' ')}"`;
}

const valueText = (v: Value): string => (typeof v === 'string' ? v : String(v));

/** One `test` block: the witness's seed, players and moves on a side, then the last lines. */
export function testBlock(name: string, w: Pick<Witness, 'players' | 'seed' | 'moves' | 'arrange' | 'options'>, t: WitnessTarget, last: string[]): string[] {
  const lines = [`  players ${w.players}`, `  seed ${w.seed}`];
  if (t.variant) lines.push(`  variant ${t.variant}`);
  // the side's options, then the reading of an option the witness was found under (the same on both sides)
  for (const [k, v] of Object.entries({ ...t.options, ...w.options })) lines.push(`  option ${k} = ${valueText(v)}`);
  if (w.arrange) lines.push(...w.arrange.map((l) => `  ${l}`));
  lines.push('  advance');
  for (const m of w.moves) lines.push(`  ${m}`);
  for (const e of last) if (e !== '') lines.push(`  ${e}`);
  return [`test ${quoted(name)} {`, ...lines, '}', ''];
}

/** A witness with the difference it shows (the test's name says which). */
export interface LabeledWitness {
  label: string;
  witness: Witness;
  /** for a witness of an isolated difference: the declarations that take it from the second scenario (or, `minus`, every other difference) */
  isolated?: string | null;
  direction?: 'plus' | 'minus' | null;
}

/** The witnesses as a module with one `test` block each (docs/diff.md, "The witness is a test"). */
export function witnessTest(given: Witness | readonly LabeledWitness[], a: WitnessTarget, b: WitnessTarget, labels: WitnessLabels): WitnessTestText {
  const ws: readonly LabeledWitness[] = Array.isArray(given) ? given : [{ label: '', witness: given as Witness }];
  const oneLine = (x: string): string => x.replace(/[\r\n]/g, ' ');
  const block = (lw: LabeledWitness, t: WitnessTarget): string[] => {
    const w = lw.witness;
    const shown = (w.verified?.detail ?? w.divergence.detail).replace(/\s+/g, ' ');
    return testBlock(`witness${lw.label ? ` of ${lw.label}` : ''}: ${shown}`, w, t, [w.verified?.expect ?? w.divergence.expect[0] ?? '']);
  };
  const lengths = ws.map((x) => x.witness.moves.length);
  const after = ws.length === 1 ? `after ${lengths[0]} decision${lengths[0] === 1 ? '' : 's'}` : `in ${ws.length} games (${lengths.join(', ')} decisions)`;
  const A = oneLine(labels.a);
  const B = oneLine(labels.b);
  const minusOf = (x: LabeledWitness): boolean => Boolean(x.isolated) && x.direction === 'minus';
  const plusOf = (x: LabeledWitness): boolean => Boolean(x.isolated) && !minusOf(x);
  const direct = ws.filter((x) => !x.isolated);
  const isolated = ws.filter((x) => x.isolated);
  const onFirst = ws.filter((x) => !minusOf(x));
  const onSecond = ws.filter((x) => !plusOf(x));
  const plus = ws.filter(plusOf);
  const minus = ws.filter(minusOf);
  const quotedLabels = (xs: readonly LabeledWitness[]): string => xs.map((x) => `"${oneLine(x.label)}"`).join(', ');
  const notes = [
    direct.length > 0 ? `${direct.length === 1 ? 'It passes' : 'Each passes'} on ${A} and fails on ${B}${isolated.length > 0 ? ` (${quotedLabels(direct)})` : ''}.` : '',
    plus.length > 0 ? `${quotedLabels(plus)} ${plus.length === 1 ? 'passes' : 'pass'} on ${A} and ${plus.length === 1 ? 'fails' : 'fail'} with only that difference taken from ${B} (isolated).` : '',
    minus.length > 0 ? `${quotedLabels(minus)} ${minus.length === 1 ? 'passes' : 'pass'} on ${B} without only that difference and ${minus.length === 1 ? 'fails' : 'fail'} on ${B} (isolated; not in this file).` : '',
  ].filter((x) => x !== '');
  // how to run it against each side, when the files are written
  const f = labels.files;
  const test = f?.root !== undefined ? `houserules test --root ${oneLine(f.root)}` : 'houserules test';
  const how = f
    ? [
        ...(onFirst.length > 0 ? [`// ${test} ${oneLine(f.first)}    passes: ${A}`] : []),
        ...(onSecond.length > 0 ? [`// ${test} ${oneLine(f.second)}    fails: the same test${onSecond.length === 1 ? '' : 's'} aimed at ${B}`] : []),
        ...isolated.map((x, i) => `// ${test} ${oneLine(f.isolated[i] ?? '')}    ${minusOf(x) ? `passes: ${B} without only ${oneLine(x.label)}` : `fails: ${A} with only ${oneLine(x.label)} taken from ${B}`}`),
      ]
    : [];
  return {
    text: [`// ${ws.length === 1 ? 'A witness' : 'Witnesses'} from houserules diff: ${A} and ${B} diverge ${after}.`, ...notes.map((n) => `// ${n}`), ...how, `module ${labels.module} extends ${quoted(a.extends)}`, '', ...onFirst.flatMap((lw) => block(lw, a))].join('\n'),
    againstB: [
      `// ${onSecond.length === 1 ? 'A witness' : 'Witnesses'} from houserules diff, aimed at ${B}, where ${onSecond.length === 1 ? 'it fails' : 'each fails'}${f ? ` (${oneLine(f.first)} holds the others, which pass on ${A})` : ''}.`,
      `module ${labels.module}_second extends ${quoted(b.extends)}`,
      '',
      ...onSecond.flatMap((lw) => block(lw, b)),
    ].join('\n'),
    isolated: isolated.map((lw, i) => ({
      label: lw.label,
      direction: minusOf(lw) ? ('minus' as const) : ('plus' as const),
      text: [
        minusOf(lw)
          ? `// A witness from houserules diff: ${B} without only ${oneLine(lw.label)} (${A} with every other difference taken from ${B}), where the witness passes; it fails on ${B}${f ? ` (${oneLine(f.second)})` : ''}.`
          : `// A witness from houserules diff: ${A} with only ${oneLine(lw.label)} taken from ${B}, where the witness fails${f ? ` (${oneLine(f.first)} holds it on ${A}, where it passes)` : ''}.`,
        `module ${labels.module}_isolated${isolated.length > 1 ? `_${i + 1}` : ''} extends ${quoted(a.extends)}`,
        '',
        isolationBlock(lw.isolated!),
        '',
        ...block(lw, { ...a, variant: ISOLATED_VARIANT, options: minusOf(lw) ? b.options : a.options }),
      ].join('\n'),
    })),
  };
}

/** The sides' names, the module's name, and (when the files are written) their names, for the header that says how to run each. */
export interface WitnessLabels {
  a: string;
  b: string;
  module: string;
  /** the files written, and the project root they were checked under when it is not the one `houserules test` finds itself */
  files?: { first: string; second: string; isolated: string[]; root?: string };
}

/** Whether a file is one the diff wrote (its first line says so): a file that is not is not the diff's to replace or remove. */
export function isWitnessFile(text: string): boolean {
  return /^\/\/ (A witness|Witnesses) from houserules diff\b/.test(text);
}

export interface WitnessCheck {
  /** every test passes on the first side, and every one fails on the second */
  passesOnA: boolean;
  failsOnB: boolean;
  /** the failure code on the second side (`test/expectation-failed`…), of the first test */
  failureOnB: string | null;
  /** what went wrong when a test did not behave as intended */
  problem: string | null;
  /**
   * each test's own result, and its story: the last events of its game on the first side, in the author's words
   * (what was chosen, rolled, revealed up to its end; at most WITNESS_STORY_EVENTS)
   */
  tests?: { name: string; passesOnA: boolean; failsOnB: boolean; failureOnB: string | null; story?: string[] }[];
}

/** the events a witness's story tells: the last ones of its game (a budget: a story is read, not scrolled) */
export const WITNESS_STORY_EVENTS = 12;

/** sees each witness test's game as it ends, on the first side (`a`) or the second (`b`) */
export type WitnessWatcher = (test: string, side: 'a' | 'b', game: Game, lg: LoadedGraph) => void;

/** One test's result in a module run by the conformance runner. */
export interface ModuleRun {
  status: 'passed' | 'failed' | 'broken';
  code: string | null;
  message: string;
  name: string;
}

/**
 * Runs the tests of a module with the conformance runner (`houserules
 * test`'s): the file `path`, read as `text` through the host (every other
 * file, and the host's file-system boundary, as they are).
 */
export function runModule(host: ModuleHost, path: string, text: string, onGame?: (test: string, game: Game, lg: LoadedGraph) => void, codegen = true): ModuleRun[] | { broken: string } {
  const overlay = Object.create(host) as ModuleHost;
  overlay.readFile = (p: string) => (p === path ? text : host.readFile(p));
  const prepared = prepareFile(overlay, path, { codegen, ...(onGame ? { onGame: (game, lg, result) => onGame(result.name, game, lg) } : {}) });
  const errors = prepared.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || prepared.tests.length === 0) return { broken: errors[0]?.message ?? 'no test compiled' };
  return prepared.tests.map((t) => {
    const r = t.run();
    return { status: r.status, code: r.failure?.code ?? null, message: r.failure?.message ?? '', name: t.plan.name };
  });
}

/**
 * Runs the witness tests with the conformance runner on both sides: the file
 * `path` (next to the scenarios, so its `extends` resolves) holds each text in turn.
 */
export function checkWitness(host: ModuleHost, path: string, texts: WitnessTestText, watch?: WitnessWatcher): WitnessCheck {
  const stories = new Map<string, string[]>();
  const seen = (side: 'a' | 'b') => (test: string, game: Game, lg: LoadedGraph): void => {
    if (side === 'a') stories.set(test, recentEvents(game, lg, WITNESS_STORY_EVENTS));
    watch?.(test, side, game, lg);
  };
  const run = (text: string, side: 'a' | 'b'): ModuleRun[] | { broken: string } => (text.includes('\ntest ') ? runModule(host, path, text, seen(side)) : []);
  const broken = (problem: string): WitnessCheck => ({ passesOnA: false, failsOnB: false, failureOnB: null, problem });
  const ra = run(texts.text, 'a');
  if ('broken' in ra) return broken(`the witness does not compile: ${ra.broken}`);
  const rb = run(texts.againstB, 'b');
  if ('broken' in rb) return broken(`the witness does not compile against the second scenario: ${rb.broken}`);
  // each test's two runs: on the first side (or, minus, the second without its difference), and on the second (or, plus, the first with it)
  const pass = new Map(ra.map((r) => [r.name, r]));
  const fail = new Map(rb.map((r) => [r.name, r]));
  const names = [...ra.map((r) => r.name), ...rb.map((r) => r.name).filter((n) => !pass.has(n))];
  for (const iso of texts.isolated ?? []) {
    const r = run(iso.text, iso.direction === 'minus' ? 'a' : 'b');
    if ('broken' in r) return broken(`the witness of ${iso.label} does not compile in its isolated module: ${r.broken}`);
    if (!r[0]) continue;
    (iso.direction === 'minus' ? pass : fail).set(r[0].name, r[0]);
    if (!names.includes(r[0].name)) names.push(r[0].name);
  }
  const tests = names.map((name) => ({ name, passesOnA: pass.get(name)?.status === 'passed', failsOnB: fail.get(name)?.status === 'failed', failureOnB: fail.get(name)?.code ?? null, ...(stories.has(name) ? { story: stories.get(name)! } : {}) }));
  const failsA = tests.find((t) => !t.passesOnA);
  const passesB = tests.find((t) => !t.failsOnB);
  const problem = failsA ? `the witness "${failsA.name}" fails on the first scenario: ${pass.get(failsA.name)?.message ?? 'not run'}` : passesB ? `the witness "${passesB.name}" passes on the second scenario too` : null;
  return { passesOnA: !failsA, failsOnB: !passesB, failureOnB: tests[0]?.failureOnB ?? null, problem, tests };
}
