import { printable, stringifyJson } from '@houserules/schema';
import type { SuiteResult } from '../results.ts';
import { failureLines } from './pretty.ts';

/** TAP version 13: one test point per test; a file that does not compile is one failing point. */
export function reportTap(r: SuiteResult): string {
  const points: string[] = [];
  let n = 0;
  for (const f of r.files) {
    for (const d of f.diagnostics.filter((x) => x.severity === 'error')) {
      points.push(`not ok ${++n} - ${escape(f.file)}: ${escape(d.code)}`, ...yaml({ message: d.message, at: `${d.file ?? f.file}:${d.range?.start.line ?? 0}:${d.range?.start.column ?? 0}` }));
    }
    for (const t of f.tests) {
      const title = `${escape(t.name)}${t.variant ? ` [${escape(t.variant)}]` : ''}`;
      if (t.status === 'passed') points.push(`ok ${++n} - ${title}`);
      else {
        const fl = t.failure!;
        points.push(`not ok ${++n} - ${title}`, ...yaml({
          code: fl.code, message: fl.message, at: `${fl.file}:${fl.range.start.line}:${fl.range.start.column}`,
          ...(fl.expected !== undefined ? { expected: fl.expected } : {}), ...(fl.actual !== undefined ? { actual: fl.actual } : {}),
        }), ...failureLines(t).map((l) => `# ${printable(l)}`));
      }
    }
  }
  return ['TAP version 13', `1..${n}`, ...points].join('\n') + '\n';
}

function yaml(fields: Record<string, string>): string[] {
  return ['  ---', ...Object.entries(fields).map(([k, v]) => `  ${k}: ${stringifyJson(v)}`), '  ...'];
}

/** `#` starts a directive in TAP; newlines end a line; other control characters are shown escaped. */
function escape(s: string): string {
  return printable(s.replace(/\\/g, '\\\\').replace(/#/g, '\\#').replace(/\s*\n\s*/g, ' '));
}
