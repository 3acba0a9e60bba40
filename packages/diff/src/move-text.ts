import { collectionType, type Expr, type TypeDesc, type Value } from '@houserules/schema';
import type { Game, LoadedGraph, Move } from '@houserules/engine';

/**
 * Moves and values written as a test writes them (`p2 chooses exit`,
 * `p1 does build_road(edge(0, 0, 3))`): the canonical name a decision is
 * matched by in the other graph, and the text of the witness test.
 */
export class MoveText {
  private readonly askTypes = new Map<string, TypeDesc | null>();
  private readonly actionTypes = new Map<string, TypeDesc[]>();
  private siteNames: Map<number, string> | null = null;

  constructor(private readonly lg: LoadedGraph) {
    const g = lg.graph;
    for (const a of g.actions) if (a.status === 'active') this.actionTypes.set(a.id, a.params.map((p) => p.type));
    const visit = (v: unknown): void => {
      if (Array.isArray(v)) for (const x of v) visit(x);
      else if (v !== null && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (o['s'] === 'ask' && typeof o['id'] === 'string') {
          const choice = o['choice'] as { var?: string; over?: Expr };
          this.askTypes.set(o['id'], choice.var !== undefined ? { t: 'enum', values: [] } : choice.over ? (collectionType(choice.over, g) ?? null) : null);
        }
        for (const x of Object.values(o)) visit(x);
      }
    };
    visit(g.rules.filter((r) => r.status === 'active'));
  }

  /** whether a move's name depends only on the move (not on where a card lies): such names can be kept for a game */
  stable(m: Move): boolean {
    if (m.kind === 'choice') return this.askTypes.get(m.ask)?.t !== 'card';
    return !(this.actionTypes.get(m.action) ?? []).some((t) => t.t === 'card' || t.t === 'list');
  }

  /** `p1 chooses exit` / `p1 does take(2)` */
  move(seat: number, m: Move, game: Game): string {
    const who = `p${seat + 1}`;
    if (m.kind === 'choice') return `${who} chooses ${this.value(m.value, this.askTypes.get(m.ask) ?? null, game)}`;
    const name = m.action.replace(/^action:/, '');
    const types = this.actionTypes.get(m.action) ?? [];
    return m.args.length === 0 ? `${who} does ${name}` : `${who} does ${name}(${m.args.map((a, i) => this.value(a, types[i] ?? null, game)).join(', ')})`;
  }

  /** a value as an expression that evaluates to it; null type: as it is */
  value(v: Value | Value[], type: TypeDesc | null, game: Game): string {
    if (Array.isArray(v)) return `[${v.map((x) => this.value(x, type?.t === 'list' ? type.of : null, game)).join(', ')}]`;
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    // a bool the engine keeps as a number (a derived value's result) reads as a test writes it
    if (type?.t === 'bool' && typeof v === 'number') return v !== 0 ? 'true' : 'false';
    if (typeof v === 'string') return v.replace(/^token:/, '');
    if (type?.t === 'player') return v >= 0 ? `p${v + 1}` : 'none';
    if (type?.t === 'site') return this.site(v, game);
    if (type?.t === 'card') return this.card(v, game);
    return String(v);
  }

  private site(v: number, game: Game): string {
    if (this.siteNames === null) this.siteNames = siteNames(this.lg, game);
    return this.siteNames.get(v) ?? `${v}`;
  }

  private card(c: number, game: Game): string {
    const kind = this.lg.cardKinds[game.cardKind[c] ?? -1];
    if (!kind) return String(c);
    const inst = game.cardZone[c] ?? -1;
    let zone = 'nothing';
    this.lg.zones.forEach((z, zi) => {
      const base = game.zoneInstBase[zi]!;
      const copies = z.scope === 'player' ? game.config.players : 1;
      if (inst >= base && inst < base + copies) zone = z.scope === 'player' ? `p${inst - base + 1}.${z.name}` : z.name;
    });
    const fields = kind.fields.map((f) => `c.${f.name} == ${String(this.lg.strings.decode(game.fieldVals[c * this.lg.fieldCount + f.index]!, f.type))}`);
    return `first(c in ${zone} where ${['c is ' + kind.name, ...fields].join(' and ')})`;
  }
}

/**
 * hexes, corners and sides by their coordinates (`hex(0, 1)`, `corner(0, 0, 3)`;
 * the first hex that names a site names it), spots and named paths by their
 * hex and name (`hex(0, 0).station`)
 */
function siteNames(lg: LoadedGraph, game: Game): Map<number, string> {
  const out = new Map<number, string>();
  const b = lg.board;
  if (!b) return out;
  const geometry = game.boardGeometry();
  if (geometry) {
    const hexAt = new Map(geometry.hexes.map((h) => [h.id, h]));
    for (const site of [...geometry.corners, ...geometry.edges]) {
      const hex = site.inside !== undefined ? hexAt.get(site.inside) : undefined;
      if (site.name !== undefined && hex) out.set(site.id, `hex(${hex.q}, ${hex.r}).${site.name}`);
    }
  }
  const hb = b.board;
  for (let h = 0; h < hb.hexCount; h++) {
    const q = hb.hexQ[h]!;
    const r = hb.hexR[h]!;
    if (!out.has(h)) out.set(h, `hex(${q}, ${r})`);
    for (let i = 0; i < 6; i++) {
      const c = b.nodeBase + hb.hexCorners[h * 6 + i]!;
      const e = b.edgeBase + hb.hexSides[h * 6 + i]!;
      if (!out.has(c)) out.set(c, `corner(${q}, ${r}, ${i})`);
      if (!out.has(e)) out.set(e, `edge(${q}, ${r}, ${i})`);
    }
  }
  return out;
}
