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
 * The agents a seat may be given: the engine's own, the search agent at two strengths (docs/agents.md: a quick
 * one and its default budget) and the scenario's policies (with their default arguments).
 */
export function agentChoices(check: CheckResult | null): string[] {
  return ['random', 'first', 'mcts(iterations=100)', 'mcts', ...(check?.policies ?? []).map((p) => p.name)];
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
        {setup.seats.map((seat, i) => (
          <label key={i} class="seat">
            p{i + 1}
            <select
              data-testid={`${seatTestId}-${i + 1}`}
              value={String(Math.max(0, seatChoices.findIndex((c) => c.value === seat)))}
              onChange={(e) => {
                const chosen = seatChoices[Number((e.target as HTMLSelectElement).value)];
                if (chosen) set({ seats: setup.seats.map((x, j) => (j === i ? chosen.value : x)) });
              }}
            >
              {seatChoices.map((c, k) => (
                <option key={k} value={String(k)}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <OptionFields check={check} values={setup.options} onChange={(options) => set({ options })} />
    </>
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
