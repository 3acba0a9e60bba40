// The state as pictures: the zones and their cards (a deck face down, a path of revealed cards), the shared
// pools and values, and a table of every player's values, pools and zones.
import type { BoardGeometryView, CardView, PlayerView, ZoneView } from '@houserules/engine';
import { BoardPicture } from './board-picture.tsx';
import { differingSites } from './board-differences.ts';
import { ComparedBoard } from './compared-board.tsx';

type Value = string | number | boolean;
/** one var's value in a view (a map's values by key; null: another owner's secret) */
type VarView = Exclude<PlayerView['vars'][string], unknown[]>;

/** A value in the author's words: a token kind by its name (the engine's `token:brick` is `brick`). */
const word = (v: Value): string => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : typeof v === 'string' && v.startsWith('token:') ? v.slice('token:'.length) : String(v));
/** A var as the viewer sees it: its value, a map's values by key, or "hidden" (another owner's secret). */
const one = (v: VarView): string =>
  v === null ? 'hidden' : typeof v === 'object' ? Object.entries(v).map(([k, x]) => `${word(k)}: ${word(x)}`).join(', ') : word(v);
const show = (v: VarView | VarView[]): string => (Array.isArray(v) ? v.map(one).join(', ') : one(v));

export interface ViewPicturesProps {
  view: PlayerView;
  /** who plays each seat (a bot's agent, null: a person, undefined: not said) */
  seats: (string | null | undefined)[];
  viewer: number;
  unlimited: string[];
  seatColours: string[];
  boardSvg: string | null;
  winners: number[];
  /** the other side of a comparison at the same step: what differs from it is marked */
  other?: PlayerView;
  /** where the board draws its sites (a comparison's board marks the sites that differ from the other side's) */
  geometry?: BoardGeometryView | null;
  /** sites of a comparison's options offered on one side only: marked with the sites whose state differs */
  optionSites?: number[];
}

/** What a seat (or a spectator) sees, as pictures. */
export function ViewPictures(s: ViewPicturesProps) {
  const view = s.view;
  const o = s.other;
  /** ` differs` when the other side shows something else here (nothing to compare with: never) */
  const differs = (mine: string, theirs: () => string): string => (o && mine !== theirs() ? ' differs' : '');
  const globalZones = Object.entries(view.zones).filter((e): e is [string, ZoneView] => !Array.isArray(e[1]));
  const playerZones = Object.entries(view.zones).filter((e): e is [string, ZoneView[]] => Array.isArray(e[1]));
  const globalPools = Object.entries(view.pools).filter((e): e is [string, Record<string, number>] => !Array.isArray(e[1]));
  const playerPools = Object.entries(view.pools).filter((e): e is [string, Record<string, number>[]] => Array.isArray(e[1]));
  const globalVars = Object.entries(view.vars).filter(([, v]) => !Array.isArray(v) || v.length !== s.seats.length);
  const playerVars = Object.entries(view.vars).filter(([, v]) => Array.isArray(v) && v.length === s.seats.length) as [string, Value[]][];
  const winners = new Set(s.winners);
  return (
    <div class="pictures" data-testid="state-pictures">
      {s.boardSvg && (o && s.geometry ? <ComparedBoard svg={s.boardSvg} geometry={s.geometry} sites={[...new Set([...differingSites(view.board, o.board), ...(s.optionSites ?? [])])]} /> : <BoardPicture svg={s.boardSvg} />)}
      {globalZones.length > 0 && (
        <div class="zones">
          {globalZones.map(([name, z]) => (
            <ZoneRow key={name} name={name} z={z} marked={differs(zoneKey(z), () => zoneKey(o?.zones[name] as ZoneView | undefined))} />
          ))}
        </div>
      )}
      {(globalPools.length > 0 || globalVars.length > 0) && (
        <div class="globals">
          {globalPools.map(([name, pool]) => (
            <span key={name} class={`chip pool${differs(poolText(pool), () => poolText((o?.pools[name] as Record<string, number> | undefined) ?? {}))}`}>
              <b>{name}</b> {poolText(pool, name, s.unlimited)}
            </span>
          ))}
          {globalVars.map(([name, v]) => (
            <span key={name} class={`chip${differs(show(v), () => (o && name in o.vars ? show(o.vars[name]!) : ''))}`}>
              <b>{name}</b> {show(v)}
            </span>
          ))}
        </div>
      )}
      <div class="table-scroll">
      <table class="players" data-testid="players">
        <thead>
          <tr>
            <th>seat</th>
            {playerVars.map(([n]) => (
              <th key={n}>{n}</th>
            ))}
            {playerPools.map(([n]) => (
              <th key={n}>{n}</th>
            ))}
            {playerZones.map(([n]) => (
              <th key={n}>{n}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {s.seats.map((c, seat) => (
            <tr key={seat} class={`${view.waitingFor.includes(seat) ? 'waiting' : ''}${winners.has(seat) ? ' winner' : ''}${seat === s.viewer ? ' me' : ''}`}>
              <th>
                <span class="seat-dot" style={{ background: s.seatColours[seat] }} /> p{seat + 1} {c !== undefined && <span class="muted">{c === null ? 'person' : c}</span>}
                {view.committed.includes(seat) && <span class="muted"> ✓ committed</span>}
              </th>
              {playerVars.map(([n, v]) => (
                <td key={n} class={differs(show(v[seat]!), () => show(((o?.vars[n] as Value[] | undefined) ?? [])[seat] ?? ''))}>{show(v[seat]!)}</td>
              ))}
              {playerPools.map(([n, pools]) => (
                <td key={n} class={differs(poolCell(pools[seat]), () => poolCell((o?.pools[n] as (Record<string, number> | null)[] | undefined)?.[seat]))}>{poolCell(pools[seat])}</td>
              ))}
              {playerZones.map(([n, zones]) => (
                <td key={n} class={differs(zoneKey(zones[seat]), () => zoneKey((o?.zones[n] as ZoneView[] | undefined)?.[seat]))}>{zoneText(zones[seat])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </div>
  );
}

/** a seat's pool in the table: its tokens, or "hidden" (another owner's secret) */
function poolCell(pool: Record<string, number> | null | undefined): string {
  return pool === null ? 'hidden' : poolText(pool ?? {});
}

function poolText(pool: Record<string, number>, name = '', unlimited: string[] = []): string {
  const parts = Object.entries(pool).map(([token, n]) => (unlimited.includes(`${name}.${token}`) ? `∞ ${token}` : `${n} ${token}`));
  return parts.length ? parts.join(', ') : '—';
}

/** a zone as compared with the other side's: its text, and the values on its cards (a changed value differs too) */
function zoneKey(z: ZoneView | undefined): string {
  return `${zoneText(z)} ${JSON.stringify(z?.cards?.map((c) => [c.kind, c.fields, c.pools ?? null]) ?? null)}`;
}

function zoneText(z: ZoneView | undefined): string {
  if (!z) return '—';
  if (!z.cards) {
    const known = z.known?.length ? ` (known: ${z.known.map((k) => `${k.card.kind} at ${k.position}`).join(', ')})` : '';
    return `${z.count} card${z.count === 1 ? '' : 's'}${known}`;
  }
  return z.cards.length ? z.cards.map((c) => c.kind).join(', ') : '—';
}

export function ZoneRow({ name, z, marked = '' }: { name: string; z: ZoneView; marked?: string }) {
  return (
    <div class={`zone${marked}`} data-testid={`zone:${name}`}>
      <div class="zone-name">
        {name} <span class="muted">{z.count}</span>
      </div>
      <div class="zone-cards">
        {!z.cards && z.count > 0 && (
          <div class="card-back" title={`${z.count} cards, face down`}>
            <span>{z.count}</span>
          </div>
        )}
        {/* top first in the view; a path reads left to right in the order it was laid */}
        {z.cards && [...z.cards].reverse().map((c) => <Card key={c.id} c={c} />)}
        {z.count === 0 && <span class="muted empty">empty</span>}
      </div>
    </div>
  );
}

const hue = (kind: string): number => {
  let h = 0;
  for (const ch of kind) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
};

function Card({ c }: { c: CardView }) {
  const fields = Object.entries(c.fields);
  const main = fields.find(([, v]) => typeof v === 'number') ?? fields[0];
  const rest = fields.filter((f) => f !== main);
  return (
    <div class="game-card" style={{ '--card-hue': String(hue(c.kind)) }} title={`${c.kind} #${c.id}`}>
      <div class="card-kind">{c.kind}</div>
      {main && <div class={`card-main${typeof main[1] === 'number' ? '' : ' word'}`}>{show(main[1])}</div>}
      {rest.map(([k, v]) => (
        <div key={k} class="card-field">
          {k} {show(v)}
        </div>
      ))}
      {c.pools &&
        Object.entries(c.pools).map(([pool, tokens]) =>
          Object.values(tokens).some((n) => n > 0) ? (
            <div key={pool} class="card-pool">
              {poolText(tokens)}
            </div>
          ) : null,
        )}
    </div>
  );
}
