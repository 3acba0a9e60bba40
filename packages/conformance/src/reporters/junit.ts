import { printable } from '@houserules/schema';
import type { SuiteResult } from '../results.ts';
import { failureLines } from './pretty.ts';

/** JUnit XML: one testsuite per file, one testcase per test; compile errors are a failing `compile` case. */
export function reportJunit(r: SuiteResult): string {
  const suites: string[] = [];
  for (const f of r.files) {
    const cases: string[] = [];
    let failures = 0;
    const errors = f.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) {
      failures++;
      const body = errors.map((d) => `${d.file ?? f.file}:${d.range?.start.line ?? 0}:${d.range?.start.column ?? 0} ${d.code}: ${d.message}`).join('\n');
      cases.push(`    <testcase name="compile" classname="${attr(f.file)}"><failure message="${attr(errors[0]!.message)}" type="${attr(errors[0]!.code)}">${text(body)}</failure></testcase>`);
    }
    for (const t of f.tests) {
      const name = `${t.name}${t.variant ? ` [${t.variant}]` : ''}`;
      if (t.status === 'passed') cases.push(`    <testcase name="${attr(name)}" classname="${attr(f.file)}"/>`);
      else {
        failures++;
        cases.push(`    <testcase name="${attr(name)}" classname="${attr(f.file)}"><failure message="${attr(t.failure!.message)}" type="${attr(t.failure!.code)}">${text(failureLines(t).join('\n'))}</failure></testcase>`);
      }
    }
    suites.push(`  <testsuite name="${attr(f.file)}" tests="${cases.length}" failures="${failures}" errors="0">`, ...cases, '  </testsuite>');
  }
  const total = r.files.reduce((n, f) => n + f.tests.length + (f.diagnostics.some((d) => d.severity === 'error') ? 1 : 0), 0);
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="houserules" tests="${total}" failures="${r.failed + r.brokenFiles}">`, ...suites, '</testsuites>'].join('\n') + '\n';
}

/** An attribute: one line, every control character shown escaped. */
function attr(s: string): string {
  return text(printable(s)).replace(/"/g, '&quot;');
}

/** Element text: lines kept, every other control character shown escaped. */
function text(s: string): string {
  // Characters XML 1.0 cannot hold at all are dropped (printable has already escaped the controls among them).
  const shown = s.split('\n').map(printable).join('\n');
  return [...shown].filter(allowedInXml).join('').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function allowedInXml(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000;
}
