import type { PlayerView, ZoneView } from '@houserules/engine';
import { attrs, escapeText, num } from './svg-text.ts';

/** Cards shown per zone at most; the rest are counted ("… and 12 more"). */
const MAX_CARDS_SHOWN = 24;

/**
 * A game without a board, drawn as a table: one row per zone (shared ones,
 * then each player's) with the cards the seat may see written as the author
 * writes them (`gem(7)`, a kind and its field values), a hidden zone as its count, and one row per
 * pool with its token counts. Deterministic and escaped like renderBoard.
 */
export function renderTable(view: PlayerView, options: { title?: string; /** the tokens of each pool that are unlimited (`unlimitedPoolTokens`): shown as such, not as a count below zero */ unlimited?: Map<string, Set<string>> } = {}): string {
  const rows: { label: string; text: string }[] = [];
  const zone = (label: string, z: ZoneView): void => {
    if (z.cards === undefined) {
      rows.push({ label, text: `${z.count} card${z.count === 1 ? '' : 's'}, hidden` });
      return;
    }
    const shown = z.cards.slice(0, MAX_CARDS_SHOWN).map((c) => {
      const values = Object.values(c.fields).map(String);
      return values.length > 0 ? `${c.kind}(${values.join(', ')})` : c.kind;
    });
    const more = z.cards.length > MAX_CARDS_SHOWN ? ` … and ${z.cards.length - MAX_CARDS_SHOWN} more` : '';
    rows.push({ label, text: shown.length > 0 ? shown.join('  ') + more : 'empty' });
  };
  const pool = (label: string, counts: Record<string, number>, name: string): void => {
    const unlimited = options.unlimited?.get(name);
    const entries = Object.entries(counts);
    rows.push({ label, text: entries.length > 0 ? entries.map(([t, n]) => (unlimited?.has(t) ? `unlimited ${t}` : `${n} ${t}`)).join(', ') : 'empty' });
  };
  for (const [name, z] of Object.entries(view.zones)) if (!Array.isArray(z)) zone(`zone ${name}`, z);
  for (const [name, p] of Object.entries(view.pools)) if (!Array.isArray(p)) pool(`pool ${name}`, p, name);
  const players = Math.max(0, ...Object.values(view.zones).map((z) => (Array.isArray(z) ? z.length : 0)), ...Object.values(view.pools).map((p) => (Array.isArray(p) ? p.length : 0)));
  for (let seat = 0; seat < players; seat++) {
    for (const [name, z] of Object.entries(view.zones)) if (Array.isArray(z) && z[seat] !== undefined) zone(`p${seat + 1}.${name}`, z[seat]!);
    for (const [name, p] of Object.entries(view.pools)) if (Array.isArray(p) && p[seat] !== undefined) pool(`p${seat + 1}.${name}`, p[seat]!, name);
  }
  const lineHeight = 22;
  const labelWidth = Math.max(80, ...rows.map((r) => r.label.length * 7.2)) + 16;
  const width = Math.max(480, Math.min(2400, labelWidth + Math.max(0, ...rows.map((r) => r.text.length * 7.2)) + 24));
  const top = options.title !== undefined ? 40 : 16;
  const height = top + rows.length * lineHeight + 16;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" ${attrs({ width, height, viewBox: `0 0 ${num(width)} ${num(height)}` })} font-family="Helvetica, Arial, sans-serif" font-size="13">`,
    `<rect ${attrs({ x: 0, y: 0, width, height, fill: '#fbf8f1' })}/>`,
  ];
  if (options.title !== undefined) out.push(`<text ${attrs({ x: 12, y: 26, 'font-size': 17, 'font-weight': 'bold' })}>${escapeText(options.title)}</text>`);
  rows.forEach((r, i) => {
    const y = top + i * lineHeight + 15;
    if (i % 2 === 0) out.push(`<rect ${attrs({ x: 4, y: y - 15, width: width - 8, height: lineHeight, fill: '#f0ead9' })}/>`);
    out.push(`<text ${attrs({ x: 12, y, 'font-weight': 'bold' })}>${escapeText(r.label)}</text>`);
    out.push(`<text ${attrs({ x: labelWidth, y })}>${escapeText(r.text)}</text>`);
  });
  out.push('</svg>', '');
  return out.join('\n');
}
