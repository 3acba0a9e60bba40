import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { editor as MonacoEditor } from 'monaco-editor/editor';
import type { BoardGeometryView, PlayerView } from '@houserules/engine';
import { monaco } from '../../editor/monaco-diff-setup.ts';
import { editorHost } from '../editor-pane.tsx';
import type { CatalogEntry, ComparedDifference, CompareProgress, CompareResult, WitnessFrame, WitnessReplay, WitnessSummary } from '../../protocol/engine-protocol.ts';
import type { RunningComparison } from '../../protocol/comparison-worker.ts';
import type { Playground } from '../playground.ts';
import { ViewPictures } from './state-pictures.tsx';

type Compared = Extract<CompareResult, { ok: true }>;

const entryLabel = (e: CatalogEntry): string => `${e.title}${e.variant ? ` — ${e.variantTitle ?? e.variant}` : ''}`;
/** the longest headline of a witness (what differs, in the divergence's words), in characters */
const HEADLINE_CHARS = 160;
const fmt = (x: number): string => (Math.abs(x) < 1 ? x.toFixed(3) : x.toFixed(2));

/**
 * The entry to compare with by default: for a scenario of the repo, its own variant (a printing and its other
 * printing; from a variant, the scenario it varies), else the scenario it extends; for the author's own module (a
 * house rule), the scenario it extends first (what it was written to change), else its own variant.
 */
export function defaultCounterpart(entries: CatalogEntry[], current: CatalogEntry | null, authors: boolean): string {
  if (!current) return entries[0]?.id ?? '';
  const sibling = current.variant === null ? entries.find((e) => e.file === current.file && e.id !== current.id) : entries.find((e) => e.file === current.file && e.variant === null);
  const bases = entries.filter((e) => current.dependencies.includes(e.file) && e.variant === null);
  // The nearest base: the one that itself builds on the others.
  const base = bases.sort((a, b) => b.dependencies.length - a.dependencies.length)[0];
  const [first, then] = authors ? [base, sibling] : [sibling, base];
  return first?.id ?? then?.id ?? current.id;
}

export function CompareView({ pg, active }: { pg: Playground; active: boolean }) {
  const entries = pg.catalog.value.entries;
  const left = useSignal('');
  const right = useSignal('');
  const result = useSignal<CompareResult | null>(null);
  const phase = useSignal<string | null>(null);
  /** what the running comparison last told of itself (the witness search: differences sought, seconds searched) */
  const progress = useSignal<CompareProgress | null>(null);
  /** the last comparison was cancelled (by Cancel, or by changing a side while it ran) */
  const cancelled = useSignal(false);
  // The witness search's budget and first seed, and the balance's games (the CLI's defaults: 10 s, seed 1).
  const seconds = useSignal(10);
  const seed = useSignal(1);
  const balanceGames = useSignal(200);
  const box = useRef<HTMLDivElement>(null);
  const diffEditor = useRef<MonacoEditor.IStandaloneDiffEditor | null>(null);
  // A comparison still running is cancelled when a side changes, another scenario opens, or the view goes.
  const running = useRef<RunningComparison | null>(null);
  const stop = (): void => {
    running.current?.cancel();
    running.current = null;
  };
  useEffect(() => {
    stop();
    left.value = pg.entryId.value;
    const current = pg.entry.value;
    right.value = defaultCounterpart(entries, current, current !== null && pg.workspace.origin(current.file) === 'new');
    result.value = null;
  }, [pg.entryId.value, entries.length]);
  useEffect(() => stop, []);
  const a = entries.find((e) => e.id === left.value) ?? null;
  const b = entries.find((e) => e.id === right.value) ?? null;
  useEffect(() => {
    if (!active || !box.current || !a || !b) return;
    diffEditor.current ??= monaco.editor.createDiffEditor(box.current, { theme: 'houserules', readOnly: true, automaticLayout: true, renderSideBySide: true, minimap: { enabled: false }, fontSize: 12.5, originalEditable: false });
    const host = editorHost.current;
    const ma = host?.model(a.file);
    const mb = host?.model(b.file);
    if (ma && mb) diffEditor.current.setModel({ original: ma, modified: mb });
  }, [active, left.value, right.value, pg.revision.value]);
  useEffect(() => () => diffEditor.current?.dispose(), []);
  const run = async (): Promise<void> => {
    stop();
    result.value = null;
    cancelled.value = false;
    phase.value = 'structure';
    progress.value = null;
    const comparison = pg.comparisons.start(pg.workspace.authored(), { a: left.value, b: right.value, budgetSeconds: seconds.value, seed: seed.value, balanceGames: balanceGames.value }, (p) => {
      if (running.current !== comparison) return;
      phase.value = p.phase;
      progress.value = p;
    });
    running.current = comparison;
    try {
      const r = await comparison.result;
      if (running.current !== comparison) return;
      if (r === null) cancelled.value = true;
      else result.value = r;
    } catch (error) {
      if (running.current === comparison) pg.notice.value = { kind: 'error', text: error instanceof Error ? error.message : String(error) };
    } finally {
      if (running.current === comparison) {
        running.current = null;
        phase.value = null;
      }
    }
  };
  const cancel = (): void => {
    if (!running.current) return;
    stop();
    phase.value = null;
    cancelled.value = true;
  };
  const pickSide = (side: typeof left, id: string): void => {
    if (running.current) cancel();
    side.value = id;
    result.value = null;
  };
  const sameFile = a && b && a.file === b.file;
  const r = result.value;
  return (
    <div class="compare-view" data-testid="compare-view">
      <div class="toolbar">
        <select value={left.value} data-testid="compare-left" onChange={(e) => pickSide(left, (e.target as HTMLSelectElement).value)}>
          {entries.map((e) => (
            <option key={e.id} value={e.id}>
              {entryLabel(e)}
            </option>
          ))}
        </select>
        <span>vs</span>
        <select value={right.value} data-testid="compare-right" onChange={(e) => pickSide(right, (e.target as HTMLSelectElement).value)}>
          {entries.map((e) => (
            <option key={e.id} value={e.id}>
              {entryLabel(e)}
            </option>
          ))}
        </select>
        <label title="the witness search's budget, and again its shrinking's">
          <span>search (s)</span>
          <input type="number" min={1} max={60} value={seconds.value} data-testid="compare-seconds" onInput={(e) => (seconds.value = Number((e.target as HTMLInputElement).value) || 1)} />
        </label>
        <label title="the witness search tries seeds from this one on">
          <span>from seed</span>
          <input type="number" min={1} value={seed.value} data-testid="compare-seed" onInput={(e) => (seed.value = Math.max(1, Math.floor(Number((e.target as HTMLInputElement).value) || 1)))} />
        </label>
        <label title="random games of each side for the balance table (0: none)">
          <span>balance games</span>
          <input type="number" min={0} max={5000} value={balanceGames.value} data-testid="compare-balance-games" onInput={(e) => (balanceGames.value = Math.max(0, Math.floor(Number((e.target as HTMLInputElement).value) || 0)))} />
        </label>
        <button class="btn primary" data-testid="compare-run" disabled={phase.value !== null || !a || !b} onClick={() => void run()}>
          Compare
        </button>
        {phase.value && (
          <>
            <button class="btn" data-testid="compare-cancel" onClick={cancel}>
              Cancel
            </button>
            <span class="muted" data-testid="compare-phase" data-phase={phase.value}>
              {phase.value === 'structure' ? 'matching declarations by name…' : phase.value === 'witness' ? 'searching for a game where they differ…' : 'simulating both for the balance…'}
            </span>
            {phase.value === 'witness' && progress.value?.budgetSeconds !== undefined && <SearchProgress p={progress.value} />}
          </>
        )}
        {!phase.value && cancelled.value && (
          <span class="muted" data-testid="compare-cancelled">
            Cancelled: nothing was kept of that comparison.
          </span>
        )}
      </div>
      {r && !r.ok && r.diagnostics.map((d, i) => <p key={i} class="diag error">{d.code}: {d.message}</p>)}
      {r?.ok && <CompareReport pg={pg} r={r} />}
      <h4 class="section">Sources</h4>
      {sameFile && <p class="muted">Both are written in the same file (one is a variant of it): what the variant changes is its block.</p>}
      <div class="diff-editor" ref={box} data-testid="source-diff" />
    </div>
  );
}

/**
 * A witness search under way, as it tells itself: the games searched, the differences that can show in play with a
 * game found so far, and its seconds (search, then shrinking) of the budget.
 */
function SearchProgress({ p }: { p: CompareProgress }) {
  const budget = p.budgetSeconds ?? 0;
  const s = p.seconds ?? 0;
  const shrinking = p.step === 'shrink' || s > budget;
  const games = p.games ?? 0;
  const differences = p.differences ?? 0;
  const step = p.step === 'isolate' ? ' · each difference alone' : '';
  return (
    <span class="search-progress" data-testid="compare-progress" data-step={p.step ?? 'search'} data-games={games} data-witnessed={p.witnessed ?? 0} data-seconds={s}>
      <progress max={2 * budget} value={Math.min(2 * budget, s)} />
      {games.toLocaleString('en')} game{games === 1 ? '' : 's'} searched · {p.witnessed ?? 0} of {differences} difference{differences === 1 ? '' : 's'} witnessed{step} ·{' '}
      {shrinking ? `shrinking the games found · ${s} s (search and shrinking: ${2 * budget} s at most)` : `${s} s of ${budget} s`}
    </span>
  );
}

function CompareReport({ pg, r }: { pg: Playground; r: Compared }) {
  const byKey = new Map(r.structure.changes.map((c) => [`${c.kind} ${c.name}`, c]));
  const open = (loc: { file: string; line: number; column: number } | undefined): void => {
    if (loc) pg.openFile(loc.file, { start: { line: loc.line, column: loc.column, offset: 0 }, end: { line: loc.line, column: loc.column, offset: 0 } });
  };
  return (
    <div class="compare-report">
      <p class="summary" data-testid="structure-summary">
        <b>{r.structure.changes.length}</b> difference{r.structure.changes.length === 1 ? '' : 's'} by name · {r.structure.shared} declarations on both sides, {r.structure.unchanged} unchanged
        {r.structure.renamed.length > 0 && ` · ${r.structure.renamed.length} possibly renamed`}
      </p>
      {r.structure.sentences.some((g) => g.a.length + g.b.length > 0) && (
        <div class="sentences titles">
          <b>{r.a.title}{r.a.variant ? ` (${r.a.variant})` : ''}</b>
          <b>{r.b.title}{r.b.variant ? ` (${r.b.variant})` : ''}</b>
        </div>
      )}
      {r.structure.sentences.map((g, gi) => {
        // one sentence a side: the group's sentences say what each of its declarations cites
        const said = g.a.length <= 1 && g.b.length <= 1;
        const list = g.nodes.map((n) => byKey.get(`${n.kind} ${n.name}`)!).filter((c) => c !== undefined);
        return (
          <section key={gi} class="change-group" data-testid="sentence-group">
            {g.a.length + g.b.length > 0 ? (
              <div class="sentences" data-testid="sentences">
                <div class="side a">{g.a.length > 0 ? g.a.map((x) => <blockquote key={x}>“{x}”</blockquote>) : <span class="muted">(cites nothing)</span>}</div>
                <div class="side b">{g.b.length > 0 ? g.b.map((x) => <blockquote key={x}>“{x}”</blockquote>) : <span class="muted">(cites nothing)</span>}</div>
              </div>
            ) : (
              <h4 class="muted">Citing no sentence</h4>
            )}
            <ul>
              {list.map((c) => (
                <li key={`${c.kind}:${c.name}`} class={`change ${c.status}`} data-testid={`change:${c.kind}:${c.name}`}>
                  <div class="change-head">
                    <span class={`status ${c.status}`}>{c.status === 'reads-changed' ? 'reads a change' : c.status}</span>
                    <span class="muted">{c.kind}</span>
                    <button class="link change-name" onClick={() => open(c.b ?? c.a)}>
                      {c.name}
                    </button>
                    {c.parts.length > 0 && <span class="muted">{c.parts.join(', ')}</span>}
                    {c.through.length > 0 && <span class="muted">through {c.through.map((t) => `${t.kind} ${t.name}`).join(', ')}</span>}
                  </div>
                  {!said && (c.a?.cite || c.b?.cite) && (
                    <div class="cites">
                      {c.a?.cite && <blockquote>“{c.a.cite}”</blockquote>}
                      {c.b?.cite && c.b.cite !== c.a?.cite && <blockquote class="b">“{c.b.cite}”</blockquote>}
                    </div>
                  )}
                  {c.source && c.source.some((l) => l.op !== ' ') && (
                    <pre class="source-lines">
                      {c.source.map((l, i) => (
                        <span key={i} class={l.op === '+' ? 'add' : l.op === '-' ? 'del' : ''}>
                          {l.op} {l.text}
                          {'\n'}
                        </span>
                      ))}
                    </pre>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <Witnesses pg={pg} r={r} />
      {r.balance && r.balance.games > 0 && <PairedBalanceView r={r} balance={r.balance} />}
    </div>
  );
}

const TABLE_TITLE = { seats: 'Seats', length: 'Length', ends: 'Ends' } as const;
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/**
 * The paired balance, as `houserules diff --balance` prints it: game i of each side with the same seed; per table a
 * verdict in one line, each side's 95% interval, the mean per-game difference with its interval and the test's p
 * corrected for its table (Holm); how often the differences matter; run errors of either side, loudly.
 */
function PairedBalanceView({ r, balance }: { r: Compared; balance: NonNullable<Compared['balance']> }) {
  const A = `${r.a.title}${r.a.variant ? ` (${r.a.variant})` : ''}`;
  const B = `${r.b.title}${r.b.variant ? ` (${r.b.variant})` : ''}`;
  const m = balance.matters;
  const share = (what: string, c: typeof m.winner): string => `${what} in ${c.games.toLocaleString('en')} (${pct(c.share.value)} [${pct(c.share.low)}, ${pct(c.share.high)}])`;
  const errors = balance.errors;
  return (
    <section class="balance" data-testid="balance">
      <h4>
        Balance{' '}
        <span class="muted">
          · {balance.games.toLocaleString('en')} paired games (game i of each side with the same seed), random players, {r.balancePlayers} players · 95% intervals · p corrected for its table (Holm) · * p &lt; 0.05, ** p &lt; 0.01
        </span>
      </h4>
      {errors.a + errors.b > 0 && (
        <div class="diag error" data-testid="balance-errors">
          <b>Run errors:</b> {errors.a > 0 && `${errors.a} game${errors.a === 1 ? '' : 's'} of ${A}`}
          {errors.a > 0 && errors.b > 0 && ' and '}
          {errors.b > 0 && `${errors.b} game${errors.b === 1 ? '' : 's'} of ${B}`} stopped on a run error (left out of the comparison).
          <ul>
            {errors.first.map((f) => (
              <li key={`${f.side}:${f.game}`}>
                {f.side === 'a' ? A : B}, game {f.game} (seed {f.seed}): <code>{f.code}</code> {f.place ?? ''}: {f.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {balance.tables
        .filter((t) => t.rows.length > 0)
        .map((t) => (
          <div key={t.name} class="balance-table">
            <p class="balance-verdict" data-testid={`verdict:${t.name}`}>
              <b>{TABLE_TITLE[t.name]}:</b> {t.verdict}
            </p>
            <table>
              <thead>
                <tr>
                  <th>measure</th>
                  <th>{A}</th>
                  <th>{B}</th>
                  <th>difference (second − first)</th>
                  <th>p</th>
                </tr>
              </thead>
              <tbody>
                {t.rows.map((row) => {
                  const rate = row.kind === 'rate';
                  const f = rate ? pct : fmt;
                  const d = (x: number): string => `${x >= 0 ? '+' : ''}${rate ? (100 * x).toFixed(1) : fmt(x)}`;
                  return (
                    <tr key={row.measure} class={row.mark ? 'significant' : ''}>
                      <td>{row.measure}</td>
                      <td>
                        {f(row.a.value)} <span class="muted">[{f(row.a.low)}, {f(row.a.high)}]</span>
                      </td>
                      <td>
                        {f(row.b.value)} <span class="muted">[{f(row.b.low)}, {f(row.b.high)}]</span>
                      </td>
                      <td>
                        {d(row.difference.value)}
                        {rate ? ' pts' : ''} <span class="muted">[{d(row.difference.low)}, {d(row.difference.high)}]</span>
                      </td>
                      <td>
                        {row.pHolm < 0.001 ? '<0.001' : row.pHolm.toFixed(3)} {row.mark}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}
      <p data-testid="matters">
        <b>How often the differences matter:</b> in {balance.paired.toLocaleString('en')} paired games {share('the winner changes', m.winner)}, {share('a score changes', m.score)}, {share('the end changes', m.end)}.
      </p>
    </section>
  );
}

/** What the search found for each difference, and one witness at a time replayed on two boards. */
function Witnesses({ pg, r }: { pg: Playground; r: Compared }) {
  // opened on a witness the boards can replay (a game of the two printings as they are), else on the first found
  const direct = r.differences.findIndex((d) => d.witness !== null && d.sameAs === null && d.isolation === null);
  const first = direct >= 0 ? direct : Math.max(0, r.differences.findIndex((d) => d.witness !== null && d.sameAs === null));
  const shown = useSignal(first);
  const replayed = useSignal<WitnessFrame[]>(r.frames);
  const geometry = useSignal<WitnessReplay['geometry']>(r.geometry);
  /** the replay parted where the witness did (else the boards are not shown) */
  const reproduced = useSignal(r.reproduced);
  useEffect(() => {
    shown.value = first;
    replayed.value = r.frames;
    geometry.value = r.geometry;
    reproduced.value = r.reproduced;
  }, [r]);
  const pick = async (i: number): Promise<void> => {
    const d = r.differences[i];
    if (!d?.witness) return;
    shown.value = i;
    if (d.isolation !== null) return;
    if (d.witness === r.witness || (d.witness.seed === r.witness?.seed && d.witness.moves.join() === r.witness.moves.join())) {
      replayed.value = r.frames;
      geometry.value = r.geometry;
      reproduced.value = r.reproduced;
      return;
    }
    replayed.value = [];
    reproduced.value = true;
    // an arranged witness is replayed from its arrangement, which the worker builds again from the search's first seed
    const { seed, players, moves, found, divergence, options } = d.witness;
    const arranged = found.arrangement !== undefined ? { arrangement: found.arrangement, searchSeed: r.search.seed } : {};
    const replay = await pg.engine.request('compare/replay', { a: r.a.id, b: r.b.id, witness: { seed, players, moves, ...arranged, ...(options ? { options } : {}), divergence: { step: divergence.step, detail: divergence.detail } } });
    if (shown.value !== i) return;
    replayed.value = replay?.frames ?? [];
    reproduced.value = replay?.reproduced ?? false;
    if (replay) geometry.value = replay.geometry;
  };
  const d = r.differences[shown.value];
  const found = r.differences.filter((x) => x.witness !== null).length;
  return (
    <>
      {r.differences.length > 0 && (
        <section class="differences" data-testid="witness-list">
          <h4>
            In play <span class="muted">· a game was found for {found} of {r.differences.length} difference{r.differences.length === 1 ? '' : 's'} · {r.search.games} games searched</span>
          </h4>
          <ul>
            {r.differences.map((x, i) => {
              const verdict = verdictOf(x);
              return (
                <li key={x.label} class={`sought ${verdict.kind}${i === shown.value ? ' shown' : ''}`} data-testid={`sought:${x.label}`}>
                  <div class="sought-head">
                    <span class={`verdict ${verdict.kind}`}>{verdict.badge}</span>
                    {x.witness ? (
                      <button class="link sought-label" onClick={() => void pick(i)} title="show this witness on the boards below">
                        {x.label}
                      </button>
                    ) : (
                      <span class="sought-label">{x.label}</span>
                    )}
                    <span class="muted">{verdict.gist}</span>
                  </div>
                  {verdict.more && (
                    <details class="sought-more">
                      <summary>how the search went</summary>
                      <p>{verdict.more}</p>
                    </details>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <Witness pg={pg} r={r} w={d?.witness ?? r.witness} difference={d ?? null} frames={replayed.value} geometry={geometry.value} reproduced={reproduced.value} />
    </>
  );
}

/** What the search found for a difference, as the list shows it: a badge, one line, and the rest on demand. */
function verdictOf(d: ComparedDifference): { kind: 'found' | 'same' | 'isolated' | 'none'; badge: string; gist: string; more: string | null } {
  if (!d.witness) {
    // The search's own account: its first clause says what it tried; the rest (other divergences, isolation) waits.
    const cut = d.summary.indexOf(';');
    return { kind: 'none', badge: 'no game found', gist: cut < 0 ? d.summary : d.summary.slice(0, cut), more: cut < 0 ? null : d.summary };
  }
  const moves = `${d.witness.moves.length} decision${d.witness.moves.length === 1 ? '' : 's'}`;
  if (d.sameAs) return { kind: 'same', badge: 'same game', gist: `shown by the game of ${d.sameAs}`, more: null };
  const from = startedFrom(d.witness);
  if (d.isolation === 'isolated') return { kind: 'isolated', badge: 'game found', gist: `${from}, diverges after ${moves} with only this taken from the second (seed ${d.witness.seed})`, more: null };
  return { kind: 'found', badge: 'game found', gist: `${from}, diverges after ${moves} (seed ${d.witness.seed})`, more: null };
}

/** Where a witness's game started, as the CLI's report says it: the start of a game, or an arranged state (a generic one, or one made from a difference's guard). */
export function startedFrom(w: Pick<WitnessSummary, 'found'>): string {
  const arrangement = w.found.arrangement;
  if (arrangement === undefined) return 'from the start';
  const guard = /^guard of ([^:]+): (.*)$/.exec(arrangement);
  return guard ? `arranged from the guard of ${guard[1]} (${guard[2]})` : `from the ${arrangement} arrangement`;
}

function Witness({ pg, r, w, difference, frames, geometry, reproduced }: { pg: Playground; r: Compared; w: WitnessSummary | null; difference: ComparedDifference | null; frames: WitnessFrame[]; geometry: WitnessReplay['geometry']; reproduced: boolean }) {
  const at = useSignal(w ? Math.min(w.divergence.step, frames.length - 1) : 0);
  useEffect(() => {
    if (w) at.value = Math.max(0, Math.min(w.divergence.step, frames.length - 1));
  }, [w, frames]);
  if (!w) {
    return (
      <section class="witness none" data-testid="witness">
        <h4>Witness</h4>
        <p class="muted">{r.search.summary}</p>
      </section>
    );
  }
  const isolated = difference !== null && difference.isolation !== null;
  const frame = frames[Math.max(0, Math.min(frames.length - 1, at.value))];
  const diverged = at.value >= w.divergence.step;
  const copy = async (): Promise<void> => {
    if (!r.witnessTest) return;
    try {
      await navigator.clipboard.writeText(r.witnessTest.text);
      pg.notice.value = { kind: 'info', text: 'The witness tests are on the clipboard (one per difference): they pass on the first scenario and fail on the second.' };
    } catch {
      pg.notice.value = { kind: 'error', text: 'The browser refused the clipboard; use "add to my files".' };
    }
  };
  const add = (): void => {
    if (!r.witnessTest) return;
    const path = pg.workspace.has(r.witnessTest.path) ? r.witnessTest.path.replace(/\.rules$/, `_${Date.now() % 100000}.rules`) : r.witnessTest.path;
    void pg.addFile(path, r.witnessTest.text);
  };
  const seats: undefined[] = Array.from({ length: w.players }, () => undefined);
  // the headline names what differs: what its test checks (run on both sides, what a player sees where it can), else
  // the divergence's own words; cut short when long, the paragraph below has it whole
  const shows = w.verified?.detail ?? w.divergence.detail;
  const headline = shows.length > HEADLINE_CHARS ? `${shows.slice(0, HEADLINE_CHARS - 1)}…` : shows;
  return (
    <section class="witness" data-testid="witness">
      <h4 data-testid="witness-headline">
        Witness{difference ? ` of ${difference.label}` : ''}: {headline}{' '}
        <span class="muted">
          (<span data-testid="witness-kind" data-kind={w.found.arrangement === undefined ? 'start' : 'arranged'}>{startedFrom(w)}</span>
          {w.found.reading !== undefined && <span data-testid="witness-reading">, with option {w.found.reading}</span>}, after {w.moves.length} decision{w.moves.length === 1 ? '' : 's'}, seed {w.seed}, {w.players} players, found in {(w.ms / 1000).toFixed(1)} s)
        </span>
      </h4>
      <p class="divergence" data-testid="divergence">
        <b>{w.divergence.kind}</b> differ{w.divergence.kind === 'state' || w.divergence.kind === 'outcome' ? 's' : ''} at step {w.divergence.step}
        {w.divergence.move ? `, after ${w.divergence.move}` : w.arrange ? ' (at its arranged start)' : ' (at set-up)'}
        {headline !== shows && `: ${shows}`}
      </p>
      {w.divergence.rules.length > 0 && (
        <p class="muted">
          rules that fired differently: {w.divergence.rules.map((x) => `${x.rule} (${x.a} vs ${x.b})`).join(', ')}
        </p>
      )}
      <div class="toolbar">
        <button class="btn" disabled={at.value === 0} onClick={() => (at.value = Math.max(0, at.value - 1))}>
          ◀
        </button>
        <input type="range" min={0} max={frames.length - 1} value={at.value} onInput={(e) => (at.value = Number((e.target as HTMLInputElement).value))} />
        <button class="btn" disabled={at.value >= frames.length - 1} onClick={() => (at.value = Math.min(frames.length - 1, at.value + 1))}>
          ▶
        </button>
        <span class={diverged ? 'fail' : 'muted'}>
          step {at.value}/{frames.length - 1}
          {frame?.move ? `: ${frame.move}` : w.arrange ? ' (arranged)' : ' (set-up)'}
          {at.value === w.divergence.step ? ' — the first divergence' : ''}
        </span>
        <span class="spacer" />
        <button class="btn" data-testid="copy-as-test" disabled={!r.witnessTest} onClick={() => void copy()}>
          Copy as tests
        </button>
        <button class="btn" data-testid="add-witness" disabled={!r.witnessTest} onClick={add}>
          Add to my files
        </button>
      </div>
      {isolated && (
        <p class="muted" data-testid="isolated-note">
          This game is played on {r.a.title} with only this difference taken from {r.b.title}
          {difference?.isolatedDeclarations ? ` (${difference.isolatedDeclarations.split('\n')[0]}${difference.isolatedDeclarations.includes('\n') ? ' …' : ''})` : ''}: as printed, the two
          diverge elsewhere first, so the boards are not replayed. Its test is in the module "Copy as tests" gives.
        </p>
      )}
      {w.arrange && w.arrange.length > 0 && (
        <details data-testid="witness-arrange">
          <summary>the state it starts from: the set-up, then {w.arrange.length} line{w.arrange.length === 1 ? '' : 's'} of a test</summary>
          <pre class="source-lines">{w.arrange.join('\n')}</pre>
        </details>
      )}
      {!isolated && !reproduced && (
        <p class="muted" data-testid="not-replayed">
          Played again, this game does not part where the search saw it part, so the boards are not shown; its test is in the module "Copy as tests" gives.
        </p>
      )}
      {!isolated && reproduced && frames.length === 0 && <p class="muted">replaying…</p>}
      {!isolated && reproduced && frame && (
        <div class={`witness-boards${diverged ? ' diverged' : ''}`}>
          {(['a', 'b'] as const).map((side) => (
            <div key={side} class="witness-side">
              <h5>{side === 'a' ? `${r.a.title}${r.a.variant ? ` (${r.a.variant})` : ''}` : `${r.b.title}${r.b.variant ? ` (${r.b.variant})` : ''}`}</h5>
              <ViewPictures view={frame[side].view as PlayerView} other={frame[side === 'a' ? 'b' : 'a'].view as PlayerView} geometry={geometry[side] as BoardGeometryView | null} optionSites={frame.optionSites} seats={seats} viewer={-1} unlimited={[]} seatColours={r.seatColours} boardSvg={frame[side].board} winners={[]} />
            </div>
          ))}
        </div>
      )}
      {w.verified ? (
        <p class="muted" data-testid="witness-verified">
          Run as a test on both sides, it ends with <code>{w.verified.expect}</code>: it passes on the first and fails on the second ({w.verified.failureOnB ?? 'failed'}).
        </p>
      ) : (
        w.divergence.expect.length > 0 && (
          <details>
            <summary>what holds on the first and not on the second</summary>
            <pre class="source-lines">{w.divergence.expect.join('\n')}</pre>
          </details>
        )
      )}
    </section>
  );
}
