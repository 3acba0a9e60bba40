import type { Diagnostic, Value } from '@houserules/schema';

export interface GameConfig {
  seed: number;
  players: number;
  options?: Record<string, Value>;
  /** check token conservation and the graph's invariants after every event (slower) */
  checkInvariants?: boolean;
  /** rule firings allowed per flow step (default 100 000) */
  stepBudget?: number;
  /** keep the log (default true); off for fast simulation */
  recordLog?: boolean;
  /** run only game_start's rules; the flow waits for `resume()` (tests arrange the table in between) */
  holdFlow?: boolean;
  /** flow steps allowed between two decisions (default unlimited); tests stop a flow that never waits with it */
  flowStepBudget?: number;
}

export type Move =
  | { kind: 'choice'; ask: string; value: Value }
  | { kind: 'action'; action: string; args: Value[] };

export interface Decision {
  /** unique while pending: `<group>:<seat>` */
  id: string;
  seat: number;
  /** the ask id, or `actions` for an actions flow item */
  ask: string;
  secret: boolean;
  options: Move[];
}

export interface LogEntry {
  seq: number;
  round: number;
  turn: number;
  /** an event name, or `$start`, `$answer`, `$shuffle`, `$reveal`, `$roll`, `$pick`, `$end` */
  event: string;
  data: Record<string, unknown>;
  /** the state hash once an answer has been applied and the game has settled */
  hash?: string;
}

export interface Outcome {
  winners: number[];
  ranking: { seat: number; rank: number; score: Value[] }[];
  /** `flow-ended`, `end-game`, or the id of the end condition that held */
  reason: string;
}

export interface CardView {
  id: number;
  kind: string;
  fields: Record<string, Value>;
  pools?: Record<string, Record<string, number>>;
}

export interface ZoneView {
  count: number;
  /** top first; absent when the seat may not see the contents */
  cards?: CardView[];
}

export interface PlayerView {
  seat: number;
  round: number;
  turn: number;
  current: number;
  over: boolean;
  outcome: Outcome | null;
  options: Record<string, Value>;
  vars: Record<string, Value | Value[]>;
  pools: Record<string, Record<string, number> | Record<string, number>[]>;
  zones: Record<string, ZoneView | ZoneView[]>;
  /** this seat's open decisions */
  decisions: Decision[];
  /** every seat that still has to answer (not what they chose) */
  waitingFor: number[];
  /** seats that committed a secret choice not yet revealed (not what they chose) */
  committed: number[];
}

export interface DecisionRecord {
  /** ask index, or -1 for an actions flow item */
  ask: number;
  /** -1 for the placeholder of an `ask each` with nobody to ask */
  seat: number;
  group: number;
  /** option values; for actions each option is [action, ...args] starting at offsets[i] */
  values: number[];
  offsets: number[] | null;
  count: number;
  chosen: number;
  /** the `each` binding of this chooser, or the flow frame of an actions item */
  each: number;
  saved: (number | number[])[] | null;
}

export interface Snapshot {
  readonly kind: 'houserules-engine-snapshot';
  counts: number[];
  vars: number[];
  zoneCards: number[][];
  zoneLen: number[];
  cardZone: number[];
  frames: number[];
  depth: number;
  qEvent: number[];
  qArgs: number[];
  qHead: number;
  qTail: number;
  decisions: DecisionRecord[];
  nextGroup: number;
  actionCounts: number[];
  rng: Uint32Array;
  firings: number[];
  scalars: number[];
  endWinners: number[] | null;
  endReason: string;
  outcome: Outcome | null;
  error: Diagnostic | null;
  diagnostics: Diagnostic[];
  log: LogEntry[] | null;
  locals: (number | number[])[];
}
