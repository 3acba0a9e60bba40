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
  /** the same test aimed at the second scenario: fails there */
  againstB: string;
}

/** text safe inside a double-quoted string of a .rules file (and on one line) */
function quoted(s: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\u0000-\u001f\u007f]/g, ' ')}"`;
}

const valueText = (v: Value): string => (typeof v === 'string' ? v : String(v));

/** The witness as a module with one `test` block (docs/diff.md, "The witness is a test"). */
export function witnessTest(w: Witness, a: WitnessTarget, b: WitnessTarget, labels: { a: string; b: string; module: string }): WitnessTestText {
  const body = (t: WitnessTarget): string => {
    const lines = [`  players ${w.players}`, `  seed ${w.seed}`];
    if (t.variant) lines.push(`  variant ${t.variant}`);
    for (const [k, v] of Object.entries(t.options)) lines.push(`  option ${k} = ${valueText(v)}`);
    lines.push('  advance');
    for (const m of w.moves) lines.push(`  ${m}`);
    for (const e of w.divergence.expect) lines.push(`  ${e}`);
    return lines.join('\n');
  };
  const summary = w.divergence.detail.replace(/\s+/g, ' ');
  const file = (t: WitnessTarget, note: string): string =>
    [
      `// A witness from houserules diff: ${labels.a.replace(/[\r\n]/g, ' ')} and ${labels.b.replace(/[\r\n]/g, ' ')} diverge after ${w.moves.length} decision${w.moves.length === 1 ? '' : 's'}.`,
      `// ${note}`,
      `module ${labels.module} extends ${quoted(t.extends)}`,
      '',
      `test ${quoted(`witness: ${summary}`)} {`,
      body(t),
      '}',
      '',
    ].join('\n');
  return {
    text: file(a, `It passes on ${labels.a.replace(/[\r\n]/g, ' ')} and fails on ${labels.b.replace(/[\r\n]/g, ' ')}.`),
    againstB: file(b, `The same test aimed at ${labels.b.replace(/[\r\n]/g, ' ')}, where it fails.`),
  };
}

export interface WitnessCheck {
  passesOnA: boolean;
  failsOnB: boolean;
  /** the failure code on the second side (`test/expectation-failed`…) */
  failureOnB: string | null;
  /** what went wrong when the test did not behave as intended */
  problem: string | null;
}

/**
 * Runs the witness test with the conformance runner on both sides: the file
 * `path` (next to the scenarios, so its `extends` resolves) holds each text in turn.
 */
export function checkWitness(host: ModuleHost, path: string, texts: WitnessTestText): WitnessCheck {
  const run = (text: string): { status: 'passed' | 'failed' | 'broken'; code: string | null; message: string } => {
    // every other method of the host (and its file-system boundary) stays as it is
    const overlay = Object.create(host) as ModuleHost;
    overlay.readFile = (p: string) => (p === path ? text : host.readFile(p));
    const prepared = prepareFile(overlay, path);
    const errors = prepared.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0 || prepared.tests.length === 0) return { status: 'broken', code: errors[0]?.code ?? null, message: errors[0]?.message ?? 'no test compiled' };
    const r = prepared.tests[0]!.run();
    return { status: r.status, code: r.failure?.code ?? null, message: r.failure?.message ?? '' };
  };
  const ra = run(texts.text);
  const rb = run(texts.againstB);
  const problem =
    ra.status === 'broken' ? `the witness does not compile: ${ra.message}` : ra.status === 'failed' ? `the witness fails on the first scenario: ${ra.message}` : rb.status === 'passed' ? 'the witness passes on the second scenario too' : rb.status === 'broken' ? `the witness does not compile against the second scenario: ${rb.message}` : null;
  return { passesOnA: ra.status === 'passed', failsOnB: rb.status === 'failed', failureOnB: rb.code, problem };
}
