import { printable, type Diagnostic } from '@houserules/schema';
import type { ScenarioCoverage, SuiteResult, TestResult } from '../results.ts';

export interface PrettyOptions {
  /** print rule coverage and sentence lists */
  coverage?: boolean;
  /** shows a path for reports (relative to the working directory, say) */
  displayPath?: (file: string) => string;
}

/**
 * Human-readable report: one line per test, details of each failure, a summary.
 * Every line may quote a scenario file (test names, messages, cites, rulebook
 * sentences), so control characters are escaped line by line.
 */
export function reportPretty(r: SuiteResult, options: PrettyOptions = {}): string {
  const show = options.displayPath ?? ((f: string) => f);
  const lines: string[] = [];
  for (const f of r.files) {
    lines.push(show(f.file));
    for (const d of f.diagnostics.filter((x) => x.severity === 'error')) lines.push(`  ✗ ${diagnosticLine(d, show)}`);
    for (const t of f.tests) {
      lines.push(`  ${t.status === 'passed' ? '✓' : '✗'} ${t.name}${t.variant ? ` [${t.variant}]` : ''}`);
      if (t.failure) lines.push(...failureLines(t, show).map((l) => `      ${l}`));
    }
  }
  if (options.coverage) for (const c of r.coverage) lines.push('', ...coverageLines(c));
  lines.push('', `${r.passed} passed, ${r.failed} failed${r.brokenFiles ? `, ${r.brokenFiles} file${r.brokenFiles === 1 ? '' : 's'} with errors` : ''}`);
  return lines.map(printable).join('\n') + '\n';
}

export function failureLines(t: TestResult, show: (f: string) => string = (f) => f): string[] {
  const f = t.failure;
  if (!f) return [];
  const out = [`${show(f.file)}:${f.range.start.line}:${f.range.start.column}  ${f.text}`, `${f.code}: ${f.message}`];
  if (f.expected !== undefined) out.push(`expected: ${f.expected}`);
  if (f.actual !== undefined) out.push(`actual:   ${f.actual}`);
  if (f.events.length) out.push('events up to the failure:', ...f.events.map((e) => `  ${e}`));
  return out;
}

export function coverageLines(c: ScenarioCoverage): string[] {
  const out = [
    `rule coverage of ${c.title}: ${c.percent}%${c.threshold !== null ? ` (threshold ${c.threshold}%)` : ''}`,
    `  of the rules ${c.module} adds or overrides: ${c.ownPercent}%${c.ownThreshold !== null ? ` (threshold ${c.ownThreshold}%)` : ''}`,
  ];
  const width = Math.max(...c.rules.map((r) => r.name.length), 4);
  for (const r of c.rules) out.push(`  ${r.tests === 0 ? '✗' : ' '} ${r.name.padEnd(width)} ${String(r.tests).padStart(3)} test${r.tests === 1 ? ' ' : 's'}  ${r.cite ? `“${truncate(r.cite, 90)}”` : ''}`);
  const never = c.rules.filter((r) => r.tests === 0);
  if (never.length) out.push(`rules no test fired: ${never.map((r) => r.name).join(', ')}`);
  if (c.actions && c.actions.length > 0) {
    const untaken = c.actions.filter((a) => a.tests === 0);
    out.push(`actions taken by a test: ${c.actionPercent}%${untaken.length ? ` (none took ${untaken.map((a) => a.name).join(', ')})` : ''}`);
  }
  if (c.constraints && c.constraints.length > 0) {
    const unseen = c.constraints.filter((x) => x.tests === 0);
    out.push(`constraints a test saw refuse a move: ${c.constraintPercent}%${unseen.length ? ` (never seen refusing: ${unseen.map((x) => x.name).join(', ')})` : ''}`);
  }
  if (c.sentences) {
    const s = c.sentences;
    out.push(`rulebook: ${s.total} sentences, ${s.flavour} flavour, ${s.unimplemented.length} cited by no rule, ${s.untested.length} cited by no test${s.unknownCites.length ? `, ${s.unknownCites.length} cites not in the rulebook` : ''}`);
    for (const x of s.unimplemented) out.push(`  no rule:  “${x}”`);
    for (const x of s.untested) out.push(`  no test:  “${x}”`);
    for (const x of s.unknownCites) out.push(`  cited, not in the rulebook:  “${x}”`);
    for (const x of s.unknownNames ?? []) out.push(`  the README names \`${x}\`, which the scenario does not have`);
  }
  return out;
}

function diagnosticLine(d: Diagnostic, show: (f: string) => string): string {
  const at = d.file ? `${show(d.file)}${d.range ? `:${d.range.start.line}:${d.range.start.column}` : ''}: ` : '';
  return `${at}${d.code}: ${d.message}`;
}

function truncate(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}
