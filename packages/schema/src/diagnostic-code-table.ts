import { DIAGNOSTIC_CODES, DIAGNOSTIC_NAMESPACES, type DiagnosticNamespace } from './diagnostic-codes.ts';

/** The markers around the generated table in docs/language.md. */
export const CODE_TABLE_START = '<!-- diagnostic-codes:start (generated from packages/schema/src/diagnostic-codes.ts) -->';
export const CODE_TABLE_END = '<!-- diagnostic-codes:end -->';

/**
 * The docs' table of diagnostic codes, as markdown: the namespaces, then every
 * code with its description, grouped by namespace in the registry's order.
 */
export function renderDiagnosticCodeTable(): string {
  const out: string[] = [CODE_TABLE_START, '', '| namespace | reports |', '|---|---|'];
  for (const [namespace, reports] of Object.entries(DIAGNOSTIC_NAMESPACES)) out.push(`| \`${namespace}/…\` | ${reports} |`);
  out.push('', '| code | means |', '|---|---|');
  for (const namespace of Object.keys(DIAGNOSTIC_NAMESPACES) as DiagnosticNamespace[]) {
    const codes = Object.entries(DIAGNOSTIC_CODES)
      .filter(([code]) => code.startsWith(`${namespace}/`))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [code, means] of codes) out.push(`| \`${code}\` | ${means.replace(/\|/g, '\\|')} |`);
  }
  out.push('', CODE_TABLE_END);
  return out.join('\n');
}

/** `markdown` with the text between the markers replaced by the current table; null when the markers are missing. */
export function withDiagnosticCodeTable(markdown: string): string | null {
  const start = markdown.indexOf(CODE_TABLE_START);
  const end = markdown.indexOf(CODE_TABLE_END);
  if (start < 0 || end < start) return null;
  return markdown.slice(0, start) + renderDiagnosticCodeTable() + markdown.slice(end + CODE_TABLE_END.length);
}
