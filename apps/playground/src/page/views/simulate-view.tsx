import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { SimulateResult } from '../../protocol/engine-protocol.ts';
import { BarList, ChartCard, ColumnChart, Histogram } from '../charts/charts.tsx';
import type { Playground } from '../playground.ts';
import { agentChoices, defaultPlayers, GameSetupFields, type GameSetup } from './game-setup.tsx';

/** The games to play, on the shared set-up (a seat is an agent's name). */
export interface SimulateForm extends GameSetup<string> {
  games: number;
}

export const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function SimulateView({ pg }: { pg: Playground }) {
  const check = pg.check.value;
  const form = useSignal<SimulateForm | null>(null);
  const progress = useSignal<{ done: number; total: number } | null>(null);
  const result = useSignal<SimulateResult | null>(null);
  const error = useSignal<string | null>(null);
  const cancel = useSignal<(() => void) | null>(null);
  const formFor = useSignal<string>('');
  /** the files' revision the shown games ran on: after an edit they are the old rules' games, and say so */
  const ranOn = useSignal(-1);

  useEffect(() => {
    if (!check || formFor.value === pg.entryId.value) return;
    formFor.value = pg.entryId.value;
    const players = defaultPlayers(check);
    form.value = { games: 200, players, seed: 1, seats: new Array<string>(players).fill('random'), options: {}, variant: pg.variant.value };
    result.value = null;
  }, [check, pg.entryId.value]);
  const f = form.value;
  if (!check || !f) return <p class="muted pad">Checking the scenario…</p>;
  const set = (patch: Partial<SimulateForm>): void => {
    form.value = { ...f, ...patch };
  };
  const run = async (): Promise<void> => {
    error.value = null;
    const revision = pg.revision.value;
    progress.value = { done: 0, total: f.games };
    const pending = pg.engine.start('simulate/run', { entry: pg.entryFile.value, variant: f.variant, players: f.players, games: f.games, seed: f.seed, agents: f.seats, options: f.options }, (p) => (progress.value = p));
    cancel.value = pending.cancel;
    try {
      const outcome = await pending.result;
      if (outcome.ok) {
        result.value = outcome.result;
        ranOn.value = revision;
      }
      else error.value = `${outcome.message}${outcome.diagnostics.length ? `: ${outcome.diagnostics[0]!.message}` : ''}`;
    } finally {
      progress.value = null;
      cancel.value = null;
    }
  };
  const agents = agentChoices(check).map((name) => ({ value: name, label: name }));
  return (
    <div class="simulate-view" data-testid="simulate-view">
      <form
        class="sim-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label>
          games
          <input type="number" min={1} max={1000000} value={f.games} data-testid="sim-games" onInput={(e) => set({ games: Number((e.target as HTMLInputElement).value) || 1 })} />
        </label>
        <GameSetupFields check={check} setup={f} seatChoices={agents} newSeat="random" seatTestId="sim-seat" onChange={(setup) => set(setup)} />
        <div class="sim-actions">
          {progress.value ? (
            <>
              <progress max={progress.value.total} value={progress.value.done} data-testid="sim-progress" />
              <span class="muted">
                {progress.value.done.toLocaleString('en')} / {progress.value.total.toLocaleString('en')} games
              </span>
              <button type="button" class="btn" data-testid="sim-cancel" onClick={() => cancel.value?.()}>
                Cancel
              </button>
            </>
          ) : (
            <button type="submit" class="btn primary" data-testid="sim-run" disabled={!check.ok}>
              ▶ Simulate {f.games.toLocaleString('en')} games
            </button>
          )}
        </div>
      </form>
      {error.value && <p class="diag error">{error.value}</p>}
      {result.value && ranOn.value !== pg.revision.value && (
        <p class="stale-note" data-testid="sim-stale">
          These games ran on the rules before your last edit: simulate again to see the rules as they are.
        </p>
      )}
      {result.value && <SimulationCharts pg={pg} r={result.value} />}
    </div>
  );
}

function SimulationCharts({ pg, r }: { pg: Playground; r: SimulateResult }) {
  const s = r.summary;
  const ruleLinks = new Map(r.rules.map((x) => [x.id, x]));
  const allScores = new Map<number, number>();
  for (const seat of s.histograms.scores) for (const b of seat) allScores.set(b.value, (allScores.get(b.value) ?? 0) + b.games);
  const scoreCounts = [...allScores].map(([value, games]) => ({ value, games })).sort((a, b) => a.value - b.value);
  // Game length in rounds and turns (a decision count says little to a player: a Catan game is thousands)
  const lengths = (['rounds', 'turns'] as const).filter((k) => s.length[k].max > 0);
  const ci = (measure: string): { low?: number; high?: number } => {
    const e = r.intervals[measure];
    return e ? { low: Math.max(0, e.low), high: e.high } : {};
  };
  const within = (measure: string, format: (x: number) => string): string => {
    const e = r.intervals[measure];
    return e ? `${format(Math.max(0, e.low))}–${format(e.high)}` : '';
  };
  const rules = s.rules.filter((x) => ruleLinks.get(x.id)?.status === 'active');
  return (
    <div class="charts" data-testid="sim-charts">
      <p class="sim-headline">
        {s.games.toLocaleString('en')} games{r.cancelled && ' (cancelled)'} of <b>{s.scenario}</b>
        {s.variant && ` (${s.variant})`}, {s.players} players, seed {s.seed} · <span data-testid="sim-rate">{Math.round(r.gamesPerSecond).toLocaleString('en')} games/s</span> in the worker
        {s.failures.games > 0 && <span class="fail"> · {s.failures.games} stopped on a run error ({Object.keys(s.failures.codes).join(', ')})</span>}
      </p>
      <div class="chart-grid">
        <ChartCard title="Win rate by seat" testId="chart-wins" note="a win shared by k seats counts 1/k">
          <ColumnChart
            bars={s.seats.map((x) => ({ label: `p${x.seat + 1} ${x.agent}`, value: x.winRate, text: pct(x.winRate), tone: x.seat, ...ci(`p${x.seat + 1} win rate`), title: `p${x.seat + 1} ${x.agent}: ${pct(x.winRate)}, 95% interval ${within(`p${x.seat + 1} win rate`, pct)}` }))}
            format={pct}
          />
        </ChartCard>
        <ChartCard title="Score distribution" testId="chart-scores" note={s.seats.map((x) => `p${x.seat + 1} ${x.scoreMean.toFixed(1)} (95%: ${within(`p${x.seat + 1} score`, (v) => v.toFixed(1))})`).join(' · ')}>
          <Histogram counts={scoreCounts} tone={1} unit="points" />
        </ChartCard>
        {lengths.map((k, i) => (
          <ChartCard key={k} title={`Game length in ${k}`} testId={i === 0 ? 'chart-length' : `chart-length-${k}`} note={`mean ${s.length[k].mean.toFixed(1)} (95%: ${within(k, (v) => v.toFixed(1))}), ${s.length[k].min}–${s.length[k].max}`}>
            <Histogram counts={s.histograms[k]} tone={2 + i} unit={k} />
          </ChartCard>
        ))}
        <ChartCard title="End reasons" testId="chart-ends" note="95% intervals">
          <BarList bars={s.endReasons.map((e, i) => ({ label: r.endNames[e.reason] ?? e.reason, value: e.share, text: `${pct(e.share)} (${e.games}) · ${within(`ends: ${r.endNames[e.reason] ?? e.reason}`, pct)}`, tone: i + 3 }))} max={1} />
        </ChartCard>
      </div>
      <ChartCard title="How often each rule fired" testId="chart-rules" note="per game; click a rule to see its source">
        <BarList
          bars={rules.map((x) => {
            const info = ruleLinks.get(x.id);
            return {
              label: info?.name ?? x.id,
              value: x.perGame,
              text: `${x.perGame.toFixed(2)} · ${pct(x.gamesShare)} of games`,
              tone: x.perGame === 0 ? 7 : 1,
              ...(info?.cite ? { title: info.cite } : {}),
              ...(info ? { onClick: () => pg.openFile(info.file, info.range) } : {}),
            };
          })}
        />
      </ChartCard>
    </div>
  );
}
