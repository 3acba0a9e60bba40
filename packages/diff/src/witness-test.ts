import type { ModuleHost } from '@houserules/compiler';
import { prepareFile } from '@houserules/conformance';
import type { Value } from '@houserules/schema';
import type { Witness } from './witness-search.ts';

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
  /** each isolated difference's test in a module extending the first with only that difference taken from the second: fails there */
  isolated: { label: string; text: string }[];
}

/** text safe inside a double-quoted string of a .rules file (and on one line) */
function quoted(s: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\u0000-\u001f\u007f]/g, ' ')}"`;
}

const valueText = (v: Value): string => (typeof v === 'string' ? v : String(v));

/** One `test` block: the witness's seed, players and moves on a side, then the last lines. */
export function testBlock(name: string, w: Pick<Witness, 'players' | 'seed' | 'moves' | 'arrange'>, t: WitnessTarget, last: string[]): string[] {
  const lines = [`  players ${w.players}`, `  seed ${w.seed}`];
  if (t.variant) lines.push(`  variant ${t.variant}`);
  for (const [k, v] of Object.entries(t.options)) lines.push(`  option ${k} = ${valueText(v)}`);
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
  /** for a witness of an isolated difference: the declarations that take it from the second scenario */
  isolated?: string | null;
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
  const direct = ws.filter((x) => !x.isolated);
  const isolated = ws.filter((x) => x.isolated);
  const note = isolated.length === 0 ? `${ws.length === 1 ? 'It passes' : 'Each passes'} on ${A} and fails on ${B}.` : `${ws.length === 1 ? 'It passes' : 'Each passes'} on ${A}; ${isolated.map((x) => `"${oneLine(x.label)}"`).join(', ')} ${isolated.length === 1 ? 'fails' : 'fail'} on it with only that difference taken from ${B}${direct.length > 0 ? `, the others on ${B}` : ''}.`;
  // how to run it against each side, when the files are written
  const f = labels.files;
  const how = f
    ? [
        `// houserules test ${oneLine(f.first)}    passes: ${A}`,
        ...(direct.length > 0 ? [`// houserules test ${oneLine(f.second)}    fails: the same test${direct.length === 1 ? '' : 's'} aimed at ${B}`] : []),
        ...isolated.map((x, i) => `// houserules test ${oneLine(f.isolated[i] ?? '')}    fails: ${A} with only ${oneLine(x.label)} taken from ${B}`),
      ]
    : [];
  return {
    text: [`// ${ws.length === 1 ? 'A witness' : 'Witnesses'} from houserules diff: ${A} and ${B} diverge ${after}.`, `// ${note}`, ...how, `module ${labels.module} extends ${quoted(a.extends)}`, '', ...ws.flatMap((lw) => block(lw, a))].join('\n'),
    againstB: [
      `// ${direct.length === 1 ? 'A witness' : 'Witnesses'} from houserules diff, aimed at ${B}, where ${direct.length === 1 ? 'it fails' : 'each fails'}${f ? ` (${oneLine(f.first)} holds the same test${direct.length === 1 ? '' : 's'} on ${A}, where ${direct.length === 1 ? 'it passes' : 'they pass'})` : ''}.`,
      `module ${labels.module}_second extends ${quoted(b.extends)}`,
      '',
      ...direct.flatMap((lw) => block(lw, b)),
    ].join('\n'),
    isolated: isolated.map((lw, i) => ({
      label: lw.label,
      text: [
        `// A witness from houserules diff: ${A} with only ${oneLine(lw.label)} taken from ${B}, where the witness fails${f ? ` (${oneLine(f.first)} holds it on ${A}, where it passes)` : ''}.`,
        `module ${labels.module}_isolated${isolated.length > 1 ? `_${i + 1}` : ''} extends ${quoted(a.extends)}`,
        '',
        lw.isolated!,
        '',
        ...block(lw, a),
      ].join('\n'),
    })),
  };
}

/** The sides' names, the module's name, and (when the files are written) their names, for the header that says how to run each. */
export interface WitnessLabels {
  a: string;
  b: string;
  module: string;
  files?: { first: string; second: string; isolated: string[] };
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
  /** each test's own result */
  tests?: { name: string; passesOnA: boolean; failsOnB: boolean; failureOnB: string | null }[];
}

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
export function runModule(host: ModuleHost, path: string, text: string): ModuleRun[] | { broken: string } {
  const overlay = Object.create(host) as ModuleHost;
  overlay.readFile = (p: string) => (p === path ? text : host.readFile(p));
  const prepared = prepareFile(overlay, path);
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
export function checkWitness(host: ModuleHost, path: string, texts: WitnessTestText): WitnessCheck {
  const run = (text: string): ModuleRun[] | { broken: string } => runModule(host, path, text);
  const ra = run(texts.text);
  if ('broken' in ra) return { passesOnA: false, failsOnB: false, failureOnB: null, problem: `the witness does not compile: ${ra.broken}` };
  // the second side's run of each test: in the module aimed at the second, or in its isolated module
  const rb: ModuleRun[] = [];
  const direct = texts.againstB.includes('\ntest ') ? run(texts.againstB) : [];
  if ('broken' in direct) return { passesOnA: ra.every((r) => r.status === 'passed'), failsOnB: false, failureOnB: null, problem: `the witness does not compile against the second scenario: ${direct.broken}` };
  const isolated = new Map<string, ModuleRun>();
  for (const iso of texts.isolated ?? []) {
    const r = run(iso.text);
    if ('broken' in r) return { passesOnA: ra.every((x) => x.status === 'passed'), failsOnB: false, failureOnB: null, problem: `the witness of ${iso.label} does not compile with only that difference taken: ${r.broken}` };
    if (r[0]) isolated.set(r[0].name, r[0]);
  }
  let next = 0;
  for (const r of ra) rb.push(isolated.get(r.name) ?? direct[next++] ?? { status: 'broken', code: null, message: 'missing', name: r.name });
  const tests = ra.map((r, i) => ({ name: r.name, passesOnA: r.status === 'passed', failsOnB: rb[i]?.status === 'failed', failureOnB: rb[i]?.code ?? null }));
  const failsA = ra.find((r) => r.status !== 'passed');
  const passesB = rb.find((r) => r.status !== 'failed');
  const problem = failsA ? `the witness "${failsA.name}" fails on the first scenario: ${failsA.message}` : passesB ? `the witness "${passesB.name}" passes on the second scenario too` : null;
  return { passesOnA: !failsA, failsOnB: !passesB, failureOnB: rb[0]?.code ?? null, problem, tests };
}
