import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Diagnostic } from '@houserules/schema';
import type { BoardGeometryView, PlayerView, ZoneView } from '@houserules/engine';
import type { ParamsOf, PlayDecision, PlayOption, PlayProgress, PlayResult, PlayState, SeatController } from '../../protocol/engine-protocol.ts';
import type { Playground } from '../playground.ts';
import { agentChoices, defaultPlayers, GameSetupFields, SearchBudgetFields, searchAgent, searchBudget, type GameSetup, type SeatChoice } from './game-setup.tsx';
import { PlayBoard } from './play-board.tsx';
import { ZoneRow } from './state-pictures.tsx';

/** The game to start, on the shared set-up (a seat is a person, null, or a bot). */
type PlayForm = GameSetup<SeatController>;

/** The biggest game log file the page reads. */
const MAX_LOG_FILE_BYTES = 8_000_000;

/** The requests after which the bots answer (a search among them: told while it runs, stopped by a cancel). */
type BotsAnswer = 'game/start' | 'game/move' | 'game/goto' | 'game/seat';

/** What the game's controls ask for: a request after which the bots answer, or a look as another seat. */
export interface GameActions {
  act<M extends BotsAnswer>(method: M, params: ParamsOf<M>): void;
  viewAs(viewer: number): void;
  /** stops the bot searching now (the game stays before its answer) */
  stop(): void;
}

export function PlayView({ pg }: { pg: Playground }) {
  const check = pg.check.value;
  const form = useSignal<PlayForm | null>(null);
  const state = useSignal<PlayState | null>(null);
  const problems = useSignal<Diagnostic[]>([]);
  /** requests in flight (a look as another seat may be asked while a bot searches) */
  const busyCount = useSignal(0);
  /** the bot searching now, and how to stop it */
  const thinking = useSignal<PlayProgress | null>(null);
  const stopSearch = useRef<(() => void) | null>(null);
  /** bumped when another scenario opens: answers about the game of the one before are dropped */
  const generation = useRef(0);
  const formFor = useSignal('');
  /** the files' revision the game was started on (a game keeps its rules; an edit since is said) */
  const startedOn = useSignal(-1);
  useEffect(() => {
    if (!check || formFor.value === pg.entryId.value) return;
    formFor.value = pg.entryId.value;
    const players = defaultPlayers(check);
    form.value = { players, seed: 1, seats: Array.from({ length: players }, (_, i) => (i === 0 ? null : 'random')), options: {}, variant: pg.variant.value };
    state.value = null;
    // a bot of the old scenario's game that is still searching stops
    generation.current++;
    stopSearch.current?.();
    // and leaves the page at once, not when the worker has answered the stop
    thinking.value = null;
  }, [check, pg.entryId.value]);

  const apply = async (p: Promise<PlayResult>): Promise<void> => {
    const asked = generation.current;
    busyCount.value++;
    try {
      const r = await p;
      if (asked !== generation.current) return;
      if (r.ok) {
        state.value = r.state;
        problems.value = [];
      } else problems.value = r.diagnostics;
    } finally {
      busyCount.value--;
    }
  };
  /** A request after which the bots answer: a search says who thinks (with the game as it stands) until it is done. */
  const act = async <M extends BotsAnswer>(method: M, params: ParamsOf<M>): Promise<void> => {
    const asked = generation.current;
    const pending = pg.engine.start(method, params, ((p: PlayProgress) => {
      if (asked !== generation.current) return;
      thinking.value = p;
      if (p.state) state.value = p.state;
    }) as never);
    stopSearch.current = pending.cancel;
    try {
      await apply(pending.result as Promise<PlayResult>);
    } finally {
      // (a game of another scenario started since keeps its own search and its own indicator)
      if (stopSearch.current === pending.cancel) stopSearch.current = null;
      if (asked === generation.current) thinking.value = null;
    }
  };
  const actions: GameActions = {
    act: (method, params) => void act(method, params),
    viewAs: (viewer) => void apply(pg.engine.request('game/view-as', { session: state.value!.session, viewer })),
    stop: () => stopSearch.current?.(),
  };
  const busy = busyCount.value > 0;
  const f = form.value;
  if (!check || !f) return <p class="muted pad">Checking the scenario…</p>;
  const s = state.value;
  const start = async (): Promise<void> => {
    // the setup as it is now: a change committed just before the click (a field left by Tab) may not be drawn yet
    const setup = form.value ?? f;
    startedOn.value = pg.revision.value;
    await act('game/start', { entry: pg.entryFile.value, variant: setup.variant, players: setup.players, seed: setup.seed, options: setup.options, seats: setup.seats });
    // a board to play on wants the room: the panel widens (its ⇥ narrows it again)
    if (state.value?.boardSvg) pg.panelWide.value = true;
  };
  const openLog = async (file: File): Promise<void> => {
    if (file.size > MAX_LOG_FILE_BYTES) {
      problems.value = [{ code: 'play/bad-log', severity: 'error', message: `A game log may be at most ${MAX_LOG_FILE_BYTES / 1e6} MB.` }];
      return;
    }
    startedOn.value = pg.revision.value;
    await apply(pg.engine.request('game/open-log', { entry: pg.entryFile.value, variant: f.variant, text: await file.text() }));
  };
  return (
    <div class="play-view" data-testid="play-view">
      <PlaySetup pg={pg} f={f} onChange={(next) => (form.value = next)} onStart={() => void start()} onOpenLog={(file) => void openLog(file)} started={s !== null} busy={busy} />
      {problems.value.map((d, i) => (
        <p key={i} class="diag error">
          {d.code}: {d.message}
        </p>
      ))}
      {s && startedOn.value !== pg.revision.value && (
        <p class="stale-note" data-testid="play-stale">
          This game plays the rules as they were when it started; start a new game to play your edits.
        </p>
      )}
      {thinking.value && <Thinking p={thinking.value} onStop={actions.stop} />}
      {s && <Game pg={pg} s={s} busy={busy} actions={actions} />}
    </div>
  );
}

function PlaySetup({ pg, f, onChange, onStart, onOpenLog, started, busy }: { pg: Playground; f: PlayForm; onChange: (f: PlayForm) => void; onStart: () => void; onOpenLog: (file: File) => void; started: boolean; busy: boolean }) {
  const check = pg.check.value!;
  const seats: SeatChoice<SeatController>[] = [{ value: null, label: 'person' }, ...agentChoices(check).map((a) => ({ value: a, label: `bot: ${a}` }))];
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <details class="play-setup" open={!started}>
      <summary>{started ? 'New game…' : 'Set up a game'}</summary>
      <div class="sim-form">
        <GameSetupFields check={check} setup={f} seatChoices={seats} newSeat="random" seatTestId="seat" onChange={onChange} />
        <div class="sim-actions">
          <button class="btn primary" data-testid="play-start" disabled={busy || !check.ok} onClick={onStart}>
            ▶ Start a game
          </button>
          <button class="btn" onClick={() => onChange({ ...f, seats: f.seats.map(() => 'random') })} title="every seat a bot">
            watch bots
          </button>
          <button class="btn" onClick={() => fileInput.current?.click()} title="a log written by houserules simulate --log">
            Open a game log…
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".jsonl,.json,.log,text/plain"
            hidden
            onChange={(e) => {
              const file = (e.target as HTMLInputElement).files?.[0];
              if (file) onOpenLog(file);
            }}
          />
        </div>
      </div>
    </details>
  );
}

/** A bot searching: whose seat, how far into its budget, and a button that stops it (the editor and the page go on meanwhile). */
function Thinking({ p, onStop }: { p: PlayProgress; onStop: () => void }) {
  const timed = p.ms > 0;
  return (
    <div class="thinking" data-testid="thinking" role="status">
      <span class="thinking-dot" />
      <span>
        <b>p{p.seat + 1}</b> ({p.agent}) is thinking: {p.iterations.toLocaleString('en')}
        {timed ? '' : ` of ${p.budget.toLocaleString('en')}`} playouts{timed ? `, at most ${(p.ms / 1000).toLocaleString('en')} s` : ''}
      </span>
      {!timed && <progress max={p.budget} value={p.iterations} />}
      <button class="btn small" data-testid="stop-thinking" onClick={onStop} title="Stop the search: the game stays before this bot's answer">
        ■ stop
      </button>
    </div>
  );
}

/** A bot whose search was stopped: the game waits for it; go on with the same agent, or give the seat another. */
function Stopped({ pg, s, busy, actions }: { pg: Playground; s: PlayState; busy: boolean; actions: GameActions }) {
  const stopped = s.stopped!;
  const agent = useSignal(stopped.agent);
  const choices = agentChoices(pg.check.value);
  const budget = searchBudget(agent.value);
  const seat = stopped.seat;
  return (
    <div class="stopped" data-testid="stopped">
      <span>
        <b>p{seat + 1}</b>’s search ({stopped.agent}) was stopped before it answered: the game waits for it.
      </span>
      <button class="btn small" data-testid="go-on" disabled={busy} onClick={() => actions.act('game/goto', { session: s.session, lineId: s.lineId, cursor: s.steps.length })}>
        ▶ go on
      </button>
      <span class="stopped-agent">
        or give p{seat + 1}
        <select data-testid="stopped-agent" value={String(Math.max(0, choices.findIndex((c) => c === agent.value || (budget !== null && searchBudget(c) !== null))))} onChange={(e) => (agent.value = choices[Number((e.target as HTMLSelectElement).value)] ?? agent.value)}>
          {choices.map((c, k) => (
            <option key={k} value={String(k)}>
              {c}
            </option>
          ))}
        </select>
        {budget !== null && <SearchBudgetFields budget={budget} testId="stopped-agent" onChange={(b) => (agent.value = searchAgent(b))} />}
        <button class="btn small" data-testid="give-agent" disabled={busy} onClick={() => actions.act('game/seat', { session: s.session, seat, agent: agent.value })}>
          play on with it
        </button>
      </span>
    </div>
  );
}

function Game({ pg, s, busy, actions }: { pg: Playground; s: PlayState; busy: boolean; actions: GameActions }) {
  const hovered = useSignal<number | null>(null);
  const goto = (cursor: number, lineId = s.lineId): void => actions.act('game/goto', { session: s.session, lineId, cursor });
  const viewAs = actions.viewAs;
  const choose = (seat: number, option: number): void => actions.act('game/move', { session: s.session, seat, option });
  const ahead = s.steps.length - s.cursor;
  const view = s.view as PlayerView;
  const decision = s.pending[0];
  const onBoard = decision ? decision.options.filter((o) => o.sites.length > 0) : [];
  const seat = (n: number): string => `p${n + 1}`;
  return (
    <div class="game" data-testid="game" data-cursor={s.cursor} data-steps={s.steps.length} data-viewer={s.viewer}>
      <div class="game-head">
        <span class="round">
          round {view.round}
          {view.turn > 0 && ` · turn ${view.turn}`}
          {view.current >= 0 && ` · ${seat(view.current)}’s turn`}
        </span>
        {s.over && s.outcome && (
          <span class="outcome" data-testid="outcome">
            game over ({s.outcome.reason}) · winner{s.outcome.winners.length === 1 ? '' : 's'} {s.outcome.winners.map(seat).join(', ') || 'nobody'}
          </span>
        )}
        {s.error && <span class="fail">{s.error.code}: {s.error.message}</span>}
        <span class="spacer" />
        <label class="viewer" title="Everything below is what this seat may see">
          seen by
          <select data-testid="viewer" value={String(s.viewer)} onChange={(ev) => viewAs(Number((ev.target as HTMLSelectElement).value))}>
            <option value="-1">a spectator</option>
            {s.seats.map((c, i) => (
              <option key={i} value={String(i)}>
                {seat(i)}
                {c === null ? ' (person)' : ` (bot: ${c})`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="time-travel" data-testid="time-travel">
        <button class="btn" title="back to the start" disabled={busy || s.cursor === 0} onClick={() => goto(0)}>
          « start
        </button>
        <button class="btn" data-testid="step-back" title="step back" disabled={busy || s.cursor === 0} onClick={() => goto(s.cursor - 1)}>
          ◀ back
        </button>
        <span class="step-count">
          step {s.cursor} of {s.steps.length}
        </span>
        <button class="btn" data-testid="step-forward" title="step forward along this line" disabled={busy || ahead === 0} onClick={() => goto(s.cursor + 1)}>
          forward ▶
        </button>
        <button class="btn" title="the latest step of this line" disabled={busy || ahead === 0} onClick={() => goto(s.steps.length)}>
          latest »
        </button>
        {s.lines.length > 1 && (
          <select value={String(s.lineId)} onChange={(ev) => goto(Number.MAX_SAFE_INTEGER, Number((ev.target as HTMLSelectElement).value))} title="lines of play: choosing another option at an earlier step forks a new line">
            {s.lines.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name} · {l.steps} steps
              </option>
            ))}
          </select>
        )}
      </div>
      {s.stopped && !busy && <Stopped key={`${s.session} ${s.stopped.seat} ${s.cursor}`} pg={pg} s={s} busy={busy} actions={actions} />}
      <div class={`play-main${s.boardSvg ? ' with-board' : ''}`}>
        <div class="play-decide">
          <Decisions s={s} busy={busy} hovered={hovered} onChoose={choose} onViewAs={viewAs} hasBoard={Boolean(s.boardSvg)} />
        </div>
        {s.boardSvg && s.geometry !== null && (
          <div class="play-on-board">
            <PlayBoard svg={s.boardSvg} geometry={s.geometry as BoardGeometryView} options={onBoard} hovered={hovered.value} disabled={busy || s.over || decision?.locked != null} onChoose={(o) => decision && choose(decision.seat, o)} />
          </div>
        )}
        <div class="play-hand">
          <YourHand s={s} />
        </div>
      </div>
      <PlayersTable s={s} />
      <SharedState s={s} />
      <div class="game-columns">
        <section class="steps" data-testid="steps">
          <h4>Steps</h4>
          <ol start={1}>
            {s.steps.map((st) => (
              <li key={st.index} class={st.index < s.cursor ? 'done' : 'ahead'}>
                <button class="link" onClick={() => goto(st.index + 1)}>
                  {st.label}
                  {st.byBot && <span class="muted"> (bot)</span>}
                </button>
              </li>
            ))}
          </ol>
        </section>
        <section class="event-log" data-testid="event-log">
          <h4>Event log{s.viewer >= 0 ? ` as ${seat(s.viewer)} saw it` : ' as a spectator saw it'}</h4>
          <ol>
            {s.log.map((l) => (
              <li key={l.seq} class={l.event.startsWith('$') ? 'engine-event' : 'rule-event'}>
                <code>{l.text}</code>
                {l.rules.map((r) => (
                  <button key={r.id} class="rule-chip" onClick={() => pg.goTo(r.link)} title={r.link?.cite ?? ''}>
                    {r.name}
                  </button>
                ))}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

/** The viewer's open decision: its options as a list (those with a site are on the board too); or who is awaited. */
function Decisions({ s, busy, hovered, onChoose, onViewAs, hasBoard }: { s: PlayState; busy: boolean; hovered: { value: number | null }; onChoose: (seat: number, option: number) => void; onViewAs: (viewer: number) => void; hasBoard: boolean }) {
  if (s.over) return null;
  const others = s.waitingFor.filter((w) => w !== s.viewer);
  const people = others.filter((w) => s.seats[w] === null);
  const d = s.pending[0];
  return (
    <div class="decisions">
      {d && <Decision d={d} s={s} busy={busy} hovered={hovered} onChoose={onChoose} hasBoard={hasBoard} />}
      {!d && (
        <p class="waiting" data-testid="waiting">
          {others.length === 0 ? 'Nobody to wait for.' : `Waiting for ${others.map((w) => `p${w + 1}`).join(', ')}.`}{' '}
          {people.map((w) => (
            <button key={w} class="btn small" data-testid={`take-seat-p${w + 1}`} onClick={() => onViewAs(w)} title={`See the game as p${w + 1} sees it, to answer for p${w + 1}`}>
              play as p{w + 1}
            </button>
          ))}
        </p>
      )}
      {d && people.length > 0 && <p class="muted small">Also waiting for {people.map((w) => `p${w + 1}`).join(', ')}.</p>}
    </div>
  );
}

function Decision({ d, s, busy, hovered, onChoose, hasBoard }: { d: PlayDecision; s: PlayState; busy: boolean; hovered: { value: number | null }; onChoose: (seat: number, option: number) => void; hasBoard: boolean }) {
  const plain = d.options.filter((o) => o.sites.length === 0 || !hasBoard);
  const placed = hasBoard ? d.options.filter((o) => o.sites.length > 0) : [];
  const button = (o: PlayOption) => (
    <button
      key={o.index}
      class={`option-btn${d.taken === o.index ? ' taken' : ''}`}
      disabled={busy || (d.locked !== null && d.taken !== o.index)}
      data-testid="option"
      title={o.around ? `${o.label} [${o.around}]` : o.label}
      onMouseEnter={() => (hovered.value = o.index)}
      onMouseLeave={() => (hovered.value = null)}
      onFocus={() => (hovered.value = o.index)}
      onBlur={() => (hovered.value = null)}
      onClick={() => onChoose(d.seat, o.index)}
    >
      {o.label}
      {o.around && <span class="around"> [{o.around}]</span>}
    </button>
  );
  return (
    <div class="decision" data-testid={`decision-p${d.seat + 1}`}>
      <div class="decision-head">
        <span class="seat-dot" style={{ background: s.seatColours[d.seat] }} /> <b>p{d.seat + 1}</b> (you), {d.label} — {d.options.length} option{d.options.length === 1 ? '' : 's'}
      </div>
      {d.locked !== null && (
        <p class="locked" data-testid="locked">
          {d.locked}
        </p>
      )}
      {plain.length > 0 && <div class={`options${plain.length > 12 ? ' many' : ''}`}>{plain.map(button)}</div>}
      {placed.length > 0 && (
        <details class="placed-options" open={plain.length === 0 && placed.length <= 8}>
          <summary>
            {placed.length} on the board{plain.length === 0 ? ': click a marked site, or choose here' : ''}
          </summary>
          <div class={`options list${placed.length > 12 ? ' many' : ''}`}>{placed.map(button)}</div>
        </details>
      )}
    </div>
  );
}

/** The viewer's own values first: its pools and its zones' cards (another seat's are in the table, as the viewer sees them). */
function YourHand({ s }: { s: PlayState }) {
  if (s.viewer < 0) return null;
  const view = s.view as PlayerView;
  const me = s.viewer;
  const pools = Object.entries(view.pools).flatMap(([name, p]) => (Array.isArray(p) && p[me] ? [[name, p[me]] as const] : []));
  const zones = Object.entries(view.zones).flatMap(([name, z]) => (Array.isArray(z) && z[me] ? [[name, z[me]] as const] : []));
  if (pools.length === 0 && zones.length === 0 && s.points === undefined) return null;
  return (
    <section class="your-hand" data-testid="your-hand">
      <h4>
        <span class="seat-dot" style={{ background: s.seatColours[me] }} /> p{me + 1}
        {s.seats[me] === null ? ' (you)' : ''}
        {s.points !== undefined && (
          <span class="points" data-testid="points">
            {' '}
            · {s.points} point{s.points === 1 ? '' : 's'}
          </span>
        )}
      </h4>
      {pools.map(([name, p]) => (
        <div key={name} class="hand-pool">
          <b>{name}</b> {Object.entries(p).filter(([, n]) => n !== 0).map(([t, n]) => `${t} ${n}`).join(', ') || '—'}
        </div>
      ))}
      {zones.map(([name, z]) =>
        z.count > 0 ? (
          <ZoneRow key={name} name={name} z={z} />
        ) : (
          <div key={name} class="hand-pool">
            <b>{name}</b> —
          </div>
        ),
      )}
    </section>
  );
}

/** Every seat's values as the viewer sees them: a column per seat, the viewer's first; scratch vars left out. */
function PlayersTable({ s }: { s: PlayState }) {
  const view = s.view as PlayerView;
  const winners = new Set(s.outcome?.winners ?? []);
  return (
    <div class="table-scroll">
      <table class="players" data-testid="players">
        <thead>
          <tr>
            <th />
            {s.table.seats.map((seat) => (
              <th key={seat} class={`${seat === s.viewer ? 'me' : ''}${view.waitingFor.includes(seat) ? ' waiting' : ''}${winners.has(seat) ? ' winner' : ''}`}>
                <span class="seat-dot" style={{ background: s.seatColours[seat] }} /> p{seat + 1}
                <span class="muted"> {s.seats[seat] === null ? (seat === s.viewer ? 'you' : 'person') : 'bot'}</span>
                {view.committed.includes(seat) && <span class="muted"> ✓</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {s.table.rows.map((r) => (
            <tr key={r.name} class={r.kind}>
              <th>{r.name}</th>
              {r.cells.map((c, i) => (
                <td key={i} class={s.table.seats[i] === s.viewer ? 'me' : ''}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The shared values and the zones everybody looks at (a deck face down, a path of cards). */
function SharedState({ s }: { s: PlayState }) {
  const view = s.view as PlayerView;
  const zones = Object.entries(view.zones).filter((e): e is [string, ZoneView] => !Array.isArray(e[1]));
  return (
    <div class="pictures" data-testid="state-pictures">
      {s.shared.length > 0 && (
        <div class="globals" data-testid="shared">
          {s.shared.map((v) => (
            <span key={v.name} class="chip">
              <b>{v.name}</b> {v.text}
            </span>
          ))}
        </div>
      )}
      {zones.length > 0 && (
        <div class="zones">
          {zones.map(([name, z]) => (
            <ZoneRow key={name} name={name} z={z} />
          ))}
        </div>
      )}
    </div>
  );
}
