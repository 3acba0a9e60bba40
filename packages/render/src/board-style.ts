/**
 * A style says how a scenario's names look: the fill of each hex kind, the shape
 * and colour of each piece, how a token in a pool is shown, which values of a
 * per-site var are marked and how, and the seats' colours. Every entry is
 * optional; what a style does not name comes from the generic palette
 * (palette.ts). A style is plain JSON, usually `style.json` next to a scenario.
 */

/** geometric shapes a piece (or a pool's token) may take; none names a game's piece */
export const CORNER_SHAPES = ['disc', 'square', 'triangle', 'diamond', 'house', 'tower'] as const;
export const EDGE_SHAPES = ['bar', 'dashed', 'double', 'hull'] as const;
export const HEX_SHAPES = ['pawn', 'ring', 'disc', 'square', 'triangle', 'diamond'] as const;
export type Shape = (typeof CORNER_SHAPES)[number] | (typeof EDGE_SHAPES)[number] | (typeof HEX_SHAPES)[number];
export const SHAPES: readonly Shape[] = [...new Set<Shape>([...CORNER_SHAPES, ...EDGE_SHAPES, ...HEX_SHAPES])];

export interface KindStyle {
  /** the hex's fill colour */
  fill?: string;
  /** a short word written in the hex (none by default) */
  label?: string;
}

export interface PieceStyle {
  shape?: Shape;
  /** for pieces nobody owns: their colour (owned pieces take their owner's) */
  fill?: string;
  /** relative size, 1 by default */
  size?: number;
}

export interface TokenStyle {
  fill?: string;
  shape?: Shape;
  /** the word written beside the count, when shown as text (the token's name by default) */
  label?: string;
}

/** how one value of a per-site var is marked; null: not marked */
export interface MarkerStyle {
  fill?: string;
  /** written in the marker (keep it short: 3 characters fit) */
  label?: string;
  /** what the legend calls it (`var: value` by default) */
  name?: string;
}

export interface BoardStyle {
  /** another style file this one lays itself over (resolved by whoever reads the files) */
  extends?: string;
  kinds?: Record<string, KindStyle>;
  values?: {
    /** numbers written in the emphasis colour (the likeliest rolls, say) */
    emphasis?: number[];
    emphasisFill?: string;
    /** the token's background */
    fill?: string;
  };
  pieces?: Record<string, PieceStyle>;
  tokens?: Record<string, TokenStyle>;
  /** per-site var name → value → marker; values not listed are not marked */
  siteVars?: Record<string, Record<string, MarkerStyle | null>>;
  /** seat colours, seat 1 first */
  players?: string[];
  /** the page's background; none by default */
  background?: string;
}

function mergeRecord<T extends object>(a: Record<string, T> | undefined, b: Record<string, T> | undefined): Record<string, T> | undefined {
  if (!a) return b;
  if (!b) return a;
  const out: Record<string, T> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = { ...(a[k] ?? {}), ...v } as T;
  return out;
}

/** `over` laid over `base`: entry by entry (a kind, a piece…), field by field; `over`'s lists replace `base`'s */
export function mergeStyles(base: BoardStyle, over: BoardStyle): BoardStyle {
  const out: BoardStyle = {};
  const kinds = mergeRecord(base.kinds, over.kinds);
  if (kinds) out.kinds = kinds;
  if (base.values || over.values) out.values = { ...base.values, ...over.values };
  const pieces = mergeRecord(base.pieces, over.pieces);
  if (pieces) out.pieces = pieces;
  const tokens = mergeRecord(base.tokens, over.tokens);
  if (tokens) out.tokens = tokens;
  if (base.siteVars || over.siteVars) {
    const siteVars: Record<string, Record<string, MarkerStyle | null>> = { ...base.siteVars };
    for (const [name, values] of Object.entries(over.siteVars ?? {})) siteVars[name] = { ...(siteVars[name] ?? {}), ...values };
    out.siteVars = siteVars;
  }
  const players = over.players ?? base.players;
  if (players) out.players = players;
  const background = over.background ?? base.background;
  if (background) out.background = background;
  return out;
}

/**
 * What is wrong with a style read from a file (an unknown shape, a colour that is
 * no colour, a field of the wrong type), one line each; empty when nothing is.
 * The renderer ignores what it cannot use; this lets a script say so.
 */
export function styleProblems(style: unknown): string[] {
  const problems: string[] = [];
  if (typeof style !== 'object' || style === null || Array.isArray(style)) return ['a style is a JSON object'];
  const s = style as Record<string, unknown>;
  const known = ['extends', 'kinds', 'values', 'pieces', 'tokens', 'siteVars', 'players', 'background'];
  for (const k of Object.keys(s)) if (!known.includes(k)) problems.push(`unknown entry \`${k}\` (a style has ${known.join(', ')})`);
  const colour = (where: string, c: unknown): void => {
    if (c !== undefined && (typeof c !== 'string' || !/^(#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?|[a-zA-Z]{3,20})$/.test(c))) problems.push(`${where}: \`${String(c)}\` is not a colour (#rgb, #rrggbb or a colour word)`);
  };
  const shape = (where: string, v: unknown): void => {
    if (v !== undefined && !SHAPES.includes(v as Shape)) problems.push(`${where}: no shape \`${String(v)}\` (shapes: ${SHAPES.join(', ')})`);
  };
  const entries = (name: string, check: (where: string, v: Record<string, unknown>) => void): void => {
    const group = s[name];
    if (group === undefined) return;
    if (typeof group !== 'object' || group === null || Array.isArray(group)) {
      problems.push(`\`${name}\` is an object of entries by name`);
      return;
    }
    for (const [k, v] of Object.entries(group)) {
      if (v === null && name === 'siteVars') continue;
      if (typeof v !== 'object' || v === null) problems.push(`${name}.${k} is an object`);
      else check(`${name}.${k}`, v as Record<string, unknown>);
    }
  };
  const text = (where: string, v: unknown): void => {
    if (v !== undefined && typeof v !== 'string') problems.push(`${where} is a string`);
  };
  entries('kinds', (w, v) => {
    colour(`${w}.fill`, v.fill);
    text(`${w}.label`, v.label);
  });
  entries('pieces', (w, v) => {
    colour(`${w}.fill`, v.fill);
    shape(`${w}.shape`, v.shape);
    if (v.size !== undefined && (typeof v.size !== 'number' || !(v.size > 0 && v.size <= 4))) problems.push(`${w}.size is a number above 0, at most 4`);
  });
  entries('tokens', (w, v) => {
    colour(`${w}.fill`, v.fill);
    shape(`${w}.shape`, v.shape);
    text(`${w}.label`, v.label);
  });
  entries('siteVars', (w, values) => {
    for (const [value, m] of Object.entries(values)) {
      if (m === null) continue;
      if (typeof m !== 'object' || Array.isArray(m)) {
        problems.push(`${w}.${value} is an object or null`);
        continue;
      }
      const mark = m as Record<string, unknown>;
      colour(`${w}.${value}.fill`, mark.fill);
      text(`${w}.${value}.label`, mark.label);
      text(`${w}.${value}.name`, mark.name);
    }
  });
  if (s.values !== undefined && (typeof s.values !== 'object' || s.values === null || Array.isArray(s.values))) problems.push('values is an object');
  else if (s.values !== undefined) {
    const v = s.values as Record<string, unknown>;
    if (v.emphasis !== undefined && (!Array.isArray(v.emphasis) || v.emphasis.some((n) => typeof n !== 'number'))) problems.push('values.emphasis is a list of numbers');
    colour('values.emphasisFill', v.emphasisFill);
    colour('values.fill', v.fill);
  }
  if (s.players !== undefined) {
    if (!Array.isArray(s.players)) problems.push('players is a list of colours');
    else s.players.forEach((c, i) => colour(`players[${i}]`, c));
  }
  colour('background', s.background);
  if (s.extends !== undefined && typeof s.extends !== 'string') problems.push('extends is the path of another style file');
  return problems;
}
