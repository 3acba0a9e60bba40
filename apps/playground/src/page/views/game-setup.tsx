// The set-up of a game that the Simulate and Play views share: players, seed, variant, who plays each seat, and
// the scenario's options. Each view says what a seat may be given (Simulate: agents; Play: a person or a bot).
import type { Value } from '@houserules/schema';
import type { CheckResult } from '../../protocol/engine-protocol.ts';

export interface GameSetup<Seat> {
  players: number;
  seed: number;
  variant: string | null;
  /** who plays each seat, one per player */
  seats: Seat[];
  options: Record<string, Value>;
}

/** One thing a seat may be given, and how the seat's list names it. */
export interface SeatChoice<Seat> {
  value: Seat;
  label: string;
}

/**
 * The agents a seat may be given: the engine's own, the search agent (its strength set beside the seat: playouts a
 * decision and a time limit, `mcts(iterations=…, ms=…)`; docs/agents.md) and the scenario's policies (with their
 * default arguments).
 */
export function agentChoices(check: CheckResult | null): string[] {
  return ['random', 'first', 'mcts', ...(check?.policies ?? []).map((p) => p.name)];
}

/** A search agent's budget as its text gives it (`mcts(iterations=800, ms=2000)`); absent: the agent's default. */
export interface SearchBudget {
  iterations?: number;
  ms?: number;
}

/** The budget of a seat given the search agent, or null for any other seat. */
export function searchBudget(seat: unknown): SearchBudget | null {
  if (typeof seat !== 'string' || !/^mcts\b/.test(seat)) return null;
  const read = (key: string): number | undefined => {
    const m = new RegExp(`\\b${key}\\s*=\\s*(\\d+)`).exec(seat);
    return m ? Number(m[1]) : undefined;
  };
  const iterations = read('iterations');
  const ms = read('ms');
  return { ...(iterations !== undefined ? { iterations } : {}), ...(ms !== undefined ? { ms } : {}) };
}

/** The search agent's text for a budget (the worker checks it against the engine's limits). */
export function searchAgent(b: SearchBudget): string {
  const params = [...(b.iterations !== undefined ? [`iterations=${b.iterations}`] : []), ...(b.ms !== undefined ? [`ms=${b.ms}`] : [])];
  return params.length === 0 ? 'mcts' : `mcts(${params.join(', ')})`;
}

export function defaultPlayers(check: CheckResult | null): number {
  const range = check?.players ?? { min: 2, max: 4 };
  return Math.max(range.min, Math.min(range.max, 4));
}

/**
 * The shared fields (inside a view's `.sim-form`, before its own actions). A seat added by raising the player
 * count gets `newSeat`; `seatTestId` names each seat's list `<seatTestId>-<n>` (n from 1).
 */
export function GameSetupFields<Seat>({ check, setup, seatChoices, newSeat, seatTestId, onChange }: { check: CheckResult; setup: GameSetup<Seat>; seatChoices: SeatChoice<Seat>[]; newSeat: Seat; seatTestId: string; onChange: (next: GameSetup<Seat>) => void }) {
  const range = check.players ?? { min: 1, max: 8 };
  const set = (patch: Partial<GameSetup<Seat>>): void => onChange({ ...setup, ...patch });
  return (
    <>
      <label>
        players
        <input
          type="number"
          min={range.min}
          max={range.max}
          value={setup.players}
          onInput={(e) => {
            const n = Math.max(range.min, Math.min(range.max, Number((e.target as HTMLInputElement).value) || range.min));
            set({ players: n, seats: Array.from({ length: n }, (_, i) => (i < setup.seats.length ? setup.seats[i]! : newSeat)) });
          }}
        />
      </label>
      <label>
        seed
        <input type="number" value={setup.seed} onInput={(e) => set({ seed: Number((e.target as HTMLInputElement).value) || 0 })} />
      </label>
      {check.variants.length > 0 && (
        <label>
          variant
          <select value={setup.variant ?? ''} onChange={(e) => set({ variant: (e.target as HTMLSelectElement).value || null })}>
            <option value="">base game</option>
            {check.variants.map((v) => (
              <option key={v.name} value={v.name}>
                {v.title ?? v.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div class="seats">
        {setup.seats.map((seat, i) => {
          const budget = searchBudget(seat);
          // a search agent with its budget is the list's one search entry
          const chosen = seatChoices.findIndex((c) => c.value === seat || (budget !== null && searchBudget(c.value) !== null));
          const setSeat = (value: Seat): void => set({ seats: setup.seats.map((x, j) => (j === i ? value : x)) });
          return (
            <span key={i} class="seat-setting">
              <label class="seat">
                p{i + 1}
                <select
                  data-testid={`${seatTestId}-${i + 1}`}
                  value={String(Math.max(0, chosen))}
                  onChange={(e) => {
                    const picked = seatChoices[Number((e.target as HTMLSelectElement).value)];
                    if (picked) setSeat(picked.value);
                  }}
                >
                  {seatChoices.map((c, k) => (
                    <option key={k} value={String(k)}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </label>
              {budget !== null && <SearchBudgetFields budget={budget} testId={`${seatTestId}-${i + 1}`} onChange={(b) => setSeat(searchAgent(b) as Seat)} />}
            </span>
          );
        })}
      </div>
      <OptionFields check={check} values={setup.options} onChange={(options) => set({ options })} />
    </>
  );
}

/**
 * A search seat's strength: playouts a decision (blank: the agent's default, 400) and a time limit a decision
 * (blank: none; the search stops at whichever comes first). Out-of-range values are the worker's to refuse.
 * Each keystroke is taken at once (`onInput`, as every number field of the page): a value held back until the field is
 * left was wiped by any redraw before then (a bot answering), and a game started at once got the default budget.
 */
export function SearchBudgetFields({ budget, testId, onChange }: { budget: SearchBudget; testId: string; onChange: (b: SearchBudget) => void }) {
  const field = (key: keyof SearchBudget, value: string): void => {
    const n = Math.floor(Number(value));
    const next = { ...budget };
    if (value.trim() === '' || !(n >= 1)) delete next[key];
    else next[key] = n;
    onChange(next);
  };
  return (
    <span class="search-budget" title="The search's strength: more playouts, or more time, a decision play stronger and slower">
      <label>
        playouts
        <input type="number" min={1} step={100} placeholder="400" data-testid={`${testId}-playouts`} value={budget.iterations ?? ''} onInput={(e) => field('iterations', (e.target as HTMLInputElement).value)} />
      </label>
      <label>
        ms
        <input type="number" min={1} step={100} placeholder="none" data-testid={`${testId}-ms`} value={budget.ms ?? ''} onInput={(e) => field('ms', (e.target as HTMLInputElement).value)} />
      </label>
    </span>
  );
}

export function OptionFields({ check, values, onChange }: { check: CheckResult; values: Record<string, Value>; onChange: (v: Record<string, Value>) => void }) {
  if (check.options.length === 0) return null;
  return (
    <div class="options">
      {check.options.map((o) => {
        const value = values[o.name] ?? o.default;
        const change = (v: Value): void => {
          const next = { ...values };
          if (v === o.default) delete next[o.name];
          else next[o.name] = v;
          onChange(next);
        };
        return (
          <label key={o.name} title={o.doc ?? ''} class="option">
            <span class="option-name">{o.name}</span>
            {o.type.t === 'enum' ? (
              <select value={String(value)} onChange={(e) => change((e.target as HTMLSelectElement).value)}>
                {(o.type.values ?? []).map((v) => (
                  <option key={v} value={v}>
                    {v}
                    {v === o.default ? ' (default)' : ''}
                  </option>
                ))}
              </select>
            ) : o.type.t === 'bool' ? (
              <input type="checkbox" checked={value === true} onChange={(e) => change((e.target as HTMLInputElement).checked)} />
            ) : (
              <input type="number" value={Number(value)} onInput={(e) => change(Number((e.target as HTMLInputElement).value))} />
            )}
          </label>
        );
      })}
    </div>
  );
}
