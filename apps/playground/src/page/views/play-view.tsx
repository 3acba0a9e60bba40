import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Diagnostic } from '@houserules/schema';
import type { PlayResult, PlayState, SeatController } from '../../protocol/engine-protocol.ts';
import type { Playground } from '../playground.ts';
import { agentChoices, defaultPlayers, GameSetupFields, type GameSetup, type SeatChoice } from './game-setup.tsx';
import { StatePictures } from './state-pictures.tsx';

/** The game to start, on the shared set-up (a seat is a person, null, or a bot). */
type PlayForm = GameSetup<SeatController>;

/** The biggest game log file the page reads. */
const MAX_LOG_FILE_BYTES = 8_000_000;

export function PlayView({ pg }: { pg: Playground }) {
  const check = pg.check.value;
  const form = useSignal<PlayForm | null>(null);
  const state = useSignal<PlayState | null>(null);
  const problems = useSignal<Diagnostic[]>([]);
  const busy = useSignal(false);
  const formFor = useSignal('');
  useEffect(() => {
    if (!check || formFor.value === pg.entryId.value) return;
    formFor.value = pg.entryId.value;
    const players = defaultPlayers(check);
    form.value = { players, seed: 1, seats: Array.from({ length: players }, (_, i) => (i === 0 ? null : 'random')), options: {}, variant: pg.variant.value };
    state.value = null;
  }, [check, pg.entryId.value]);

  const apply = async (p: Promise<PlayResult>): Promise<void> => {
    busy.value = true;
    try {
      const r = await p;
      if (r.ok) {
        state.value = r.state;
        problems.value = [];
      } else problems.value = r.diagnostics;
    } finally {
      busy.value = false;
    }
  };
  const f = form.value;
  if (!check || !f) return <p class="muted pad">Checking the scenario…</p>;
  const s = state.value;
  const start = (): Promise<void> => apply(pg.engine.request('game/start', { entry: pg.entryFile.value, variant: f.variant, players: f.players, seed: f.seed, options: f.options, seats: f.seats }));
  const openLog = async (file: File): Promise<void> => {
    if (file.size > MAX_LOG_FILE_BYTES) {
      problems.value = [{ code: 'play/bad-log', severity: 'error', message: `A game log may be at most ${MAX_LOG_FILE_BYTES / 1e6} MB.` }];
      return;
    }
    await apply(pg.engine.request('game/open-log', { entry: pg.entryFile.value, variant: f.variant, text: await file.text() }));
  };
  return (
    <div class="play-view" data-testid="play-view">
      <PlaySetup pg={pg} f={f} onChange={(next) => (form.value = next)} onStart={() => void start()} onOpenLog={(file) => void openLog(file)} started={s !== null} busy={busy.value} />
      {problems.value.map((d, i) => (
        <p key={i} class="diag error">
          {d.code}: {d.message}
        </p>
      ))}
      {s && <Game pg={pg} s={s} busy={busy.value} apply={(p) => void apply(p)} />}
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

function Game({ pg, s, busy, apply }: { pg: Playground; s: PlayState; busy: boolean; apply: (p: Promise<PlayResult>) => void }) {
  const e = pg.engine;
  const goto = (cursor: number, lineId = s.lineId): void => apply(e.request('game/goto', { session: s.session, lineId, cursor }));
  const ahead = s.steps.length - s.cursor;
  return (
    <div class="game" data-testid="game" data-cursor={s.cursor} data-steps={s.steps.length}>
      <div class="game-head">
        <span class="round">
          round {(s.view as { round: number }).round}
          {(s.view as { turn: number }).turn > 0 && ` · turn ${(s.view as { turn: number }).turn}`}
        </span>
        {s.over && s.outcome && (
          <span class="outcome" data-testid="outcome">
            game over ({s.outcome.reason.replace(/^end:/, '')}) · winner{s.outcome.winners.length === 1 ? '' : 's'} {s.outcome.winners.map((w) => `p${w + 1}`).join(', ')}
          </span>
        )}
        {s.error && <span class="fail">{s.error.code}: {s.error.message}</span>}
        <span class="spacer" />
        <label class="viewer">
          seen by
          <select value={String(s.viewer)} onChange={(ev) => apply(e.request('game/view-as', { session: s.session, viewer: Number((ev.target as HTMLSelectElement).value) }))}>
            <option value="-1">a spectator</option>
            {s.seats.map((c, i) => (
              <option key={i} value={String(i)}>
                p{i + 1}
                {c === null ? ' (person)' : ` (${c})`}
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
        {ahead > 0 && <span class="muted">choose differently here to fork a new line</span>}
      </div>
      <Decisions s={s} busy={busy} onChoose={(seat, option) => apply(e.request('game/move', { session: s.session, seat, option }))} />
      <StatePictures s={s} />
      <div class="game-columns">
        <section class="steps">
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
          <h4>Event log</h4>
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

function Decisions({ s, busy, onChoose }: { s: PlayState; busy: boolean; onChoose: (seat: number, option: number) => void }) {
  if (s.over) return null;
  if (s.pending.length === 0) return <p class="muted">Waiting for {s.waitingFor.map((w) => `p${w + 1}`).join(', ') || 'nobody'}…</p>;
  return (
    <div class="decisions">
      {s.pending.map((d) => (
        <div key={d.seat} class="decision" data-testid={`decision-p${d.seat + 1}`}>
          <div class="decision-head">
            <span class="seat-dot" style={{ background: s.seatColours[d.seat] }} /> <b>p{d.seat + 1}</b>, {d.label}
          </div>
          <div class={`options${d.options.length > 12 ? ' many' : ''}`}>
            {d.options.map((o) => (
              <button key={o.index} class="option-btn" disabled={busy} data-testid="option" onClick={() => onChoose(d.seat, o.index)}>
                {o.label}
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
