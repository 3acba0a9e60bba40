import { MISSING_NAME } from '@houserules/syntax';
import type { Diagnostic as SourceDiagnostic } from '@houserules/schema';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { START } from '../positions/positions.ts';
import type { FeatureContext } from './feature-context.ts';

/** What a diagnostic carries to its quick fixes. */
export interface DiagnosticData {
  hint?: string;
}

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

/** The diagnostics of `path`, as `houserules check` reports them when it is the entry, with codes, hints and related locations. */
export function diagnostics(cx: FeatureContext, path: string): Diagnostic[] {
  const doc = cx.workspace.document(path);
  if (!doc) return [];
  const out: Diagnostic[] = [];
  // a document over the source budget has one diagnostic, at its start: no line table is built for it
  const range = doc.oversize === undefined ? doc.lines.range.bind(doc.lines) : () => START;
  for (const d of cx.workspace.diagnostics(path)) {
    if (d.file !== undefined && d.file !== doc.path) continue;
    const converted = toLspDiagnostic(cx, d, range);
    if (converted) out.push(converted);
  }
  return out;
}

export function toLspDiagnostic(cx: FeatureContext, d: SourceDiagnostic, range: (r: NonNullable<SourceDiagnostic['range']>) => Diagnostic['range']): Diagnostic | undefined {
  // the compiler already drops these; a second guard, since a placeholder in a message is never the author's word
  if (d.message.includes(MISSING_NAME)) return undefined;
  const hint = d.hint !== undefined && !d.hint.includes(MISSING_NAME) ? d.hint : undefined;
  const out: Diagnostic = {
    range: d.range ? range(d.range) : START,
    severity: SEVERITY[d.severity] ?? DiagnosticSeverity.Error,
    code: d.code,
    source: 'houserules',
    message: hint ? `${d.message}\nhint: ${hint}` : d.message,
  };
  if (hint) out.data = { hint } satisfies DiagnosticData;
  const related = (d.related ?? []).flatMap((r) => {
    const file = r.file ?? d.file;
    const target = file !== undefined ? cx.workspace.document(file) : undefined;
    if (!target || r.message.includes(MISSING_NAME)) return [];
    return [{ location: { uri: cx.uris.toUri(target.path), range: r.range ? target.lines.range(r.range) : START }, message: r.message }];
  });
  if (related.length > 0) out.relatedInformation = related;
  return out;
}
