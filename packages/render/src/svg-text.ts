/**
 * Writing SVG as text: numbers with at most two decimals (so the same picture is
 * the same bytes on every machine), and text and attribute values escaped (names
 * come from scenario files, which are untrusted input).
 */

/** a coordinate or length, rounded to two decimals, without a trailing `.0` or a `-0` */
export function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) || r === 0 ? '0' : String(r);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** text content or an attribute value, with every character that could end it escaped */
export function escapeText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** `x="1" y="2"`: attribute values are numbers (rounded) or strings (escaped); undefined ones are left out */
export function attrs(a: Record<string, string | number | undefined>): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    out.push(`${k}="${typeof v === 'number' ? num(v) : escapeText(v)}"`);
  }
  return out.join(' ');
}

/** an empty element: `<circle cx="1" … />` */
export function el(name: string, a: Record<string, string | number | undefined>): string {
  const at = attrs(a);
  return at === '' ? `<${name}/>` : `<${name} ${at}/>`;
}

/** an element with escaped text inside */
export function textEl(name: string, a: Record<string, string | number | undefined>, text: string): string {
  const at = attrs(a);
  return `<${name}${at === '' ? '' : ` ${at}`}>${escapeText(text)}</${name}>`;
}

/** `M x y L x y … Z` for a closed polygon */
export function polygonPath(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${num(x)} ${num(y)}`).join(' ') + ' Z';
}

/** a colour a style gives: `#rgb`, `#rrggbb` or a plain colour word; anything else is refused (null) */
export function safeColour(c: unknown): string | null {
  if (typeof c !== 'string') return null;
  return /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(c) || /^[a-zA-Z]{3,20}$/.test(c) ? c : null;
}
