import { printable } from '@houserules/schema';

/**
 * Left-aligns text columns and right-aligns numeric ones, two spaces apart.
 * Cells may hold user text (titles, names, paths): their control characters are escaped.
 */
export function formatTable(header: string[], rows: string[][], numeric: boolean[] = []): string {
  const shown = rows.map((r) => r.map(printable));
  const widths = header.map((h) => h.length);
  for (const r of shown) for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i]!, (r[i] ?? '').length);
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...shown.map(line)].join('\n') + '\n';
}
