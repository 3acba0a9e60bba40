import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compile, findModuleInTree, type ModuleHost } from '@houserules/compiler';
import { loadGraph, mctsAgent, playGame, policyAgent, randomAgent, type Agent, type LoadedGraph } from '@houserules/engine';
import type { Value } from '@houserules/schema';
import { printTable } from './harness.ts';

/**
 * The agents' strength table (docs/agents.md, issue 26): one `mcts` seat against
 * the others, seat rotated game by game, win rates with 95% Wilson intervals and
 * the time per decision. Asked for by name (`pnpm bench -- agents`): it takes
 * minutes. AGENTS_GAMES scales the games of every row, AGENTS_ONLY names one
 * scenario (`diamant`), AGENTS_WRITE=1 writes the table into docs/agents.md (with AGENTS_ONLY,
 * replacing that scenario's rows only).
 */

interface Matchup {
  scenario: string;
  file: string;
  players: number;
  options?: Record<string, Value>;
  mcts: Record<string, Value>;
  /** the other seats' agent: `random` or a policy's name */
  against: string;
  games: number;
}

const CATAN_OPTIONS = { round_limit: 200 };

/** a Catan-based scenario's rows: two budgets against random, the default against its builder policy, and with builder playouts */
function catanFamily(scenario: string, file: string): Matchup[] {
  const row = (mcts: Record<string, Value>, against: string): Matchup => ({ scenario, file, players: 4, options: CATAN_OPTIONS, mcts, against, games: 8 });
  return [row({}, 'random'), row({ iterations: 100 }, 'random'), row({}, 'builder'), row({ rollout: 'builder' }, 'builder')];
}

const MATCHUPS: Matchup[] = [
  { scenario: 'Diamant', file: 'diamant/diamant.rules', players: 4, mcts: {}, against: 'random', games: 60 },
  { scenario: 'Diamant', file: 'diamant/diamant.rules', players: 4, mcts: { iterations: 100 }, against: 'random', games: 60 },
  { scenario: 'Diamant', file: 'diamant/diamant.rules', players: 4, mcts: {}, against: 'cautious', games: 60 },
  { scenario: 'Diamant', file: 'diamant/diamant.rules', players: 4, mcts: {}, against: 'greedy', games: 60 },
  { scenario: 'Diamant', file: 'diamant/diamant.rules', players: 4, mcts: {}, against: 'mcts(100)', games: 40 },
  { scenario: 'High card (hidden hands)', file: 'examples/high-card/high-card.rules', players: 3, mcts: {}, against: 'random', games: 60 },
  { scenario: 'High card (hidden hands)', file: 'examples/high-card/high-card.rules', players: 3, mcts: { iterations: 100 }, against: 'random', games: 60 },
  { scenario: 'High card (hidden hands)', file: 'examples/high-card/high-card.rules', players: 3, mcts: {}, against: 'shrewd', games: 60 },
  { scenario: 'High card (hidden hands)', file: 'examples/high-card/high-card.rules', players: 3, mcts: {}, against: 'mcts(100)', games: 60 },
  ...catanFamily('Catan base', 'catan/base.rules'),
  { scenario: 'Catan base', file: 'catan/base.rules', players: 4, options: CATAN_OPTIONS, mcts: { iterations: 100, rollout: 'builder' }, against: 'builder', games: 8 },
  { scenario: 'Catan base', file: 'catan/base.rules', players: 4, options: CATAN_OPTIONS, mcts: {}, against: 'mcts(100)', games: 6 },
  ...catanFamily('Diamond mines', 'diamond-mines/base.rules'),
  ...catanFamily('Kaffee', 'kaffee/kaffee.rules'),
];

/** a cooperative scenario: every seat plays the same agent, and the team's score is what counts */
interface TeamMatchup {
  scenario: string;
  file: string;
  players: number;
  /** `random`, a policy, or mcts parameters */
  team: string | Record<string, Value>;
  games: number;
}

const TEAMS: TeamMatchup[] = [
  { scenario: 'Night signals (hands face the table)', file: 'examples/night-signals/night-signals.rules', players: 3, team: 'random', games: 40 },
  { scenario: 'Night signals (hands face the table)', file: 'examples/night-signals/night-signals.rules', players: 3, team: { iterations: 100 }, games: 40 },
  { scenario: 'Night signals (hands face the table)', file: 'examples/night-signals/night-signals.rules', players: 3, team: {}, games: 40 },
];

function loadScenario(scenariosDir: string, file: string, options: Record<string, Value> | undefined): LoadedGraph {
  const host: ModuleHost = {
    readFile: (p: string) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined),
    resolvePath: (from: string, ref: string) => resolve(dirname(from), ref),
    findModule: (name: string, from: string) => findModuleInTree(name, from, existsSync),
  };
  const compiled = compile(host, join(scenariosDir, file));
  if (compiled.value === null) throw new Error(`${file} does not compile: ${compiled.diagnostics[0]?.message}`);
  const loaded = loadGraph(compiled.value, { options });
  if (loaded.value === null) throw new Error(`${file} does not load: ${loaded.diagnostics[0]?.message}`);
  return loaded.value;
}

/** the 95% Wilson interval of k successes in n */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** the time the mcts seats of a row took, and their decisions */
interface Clock {
  ms: number;
  decisions: number;
}

/** an mcts agent whose decisions are timed on `clock` */
function timedMcts(lg: LoadedGraph, params: Record<string, Value>, seed: number, clock: Clock): Agent {
  const mcts = mctsAgent(lg, params, seed).value!;
  return {
    name: 'mcts',
    choose(game, seat) {
      const t = performance.now();
      const pick = mcts.choose(game, seat);
      clock.ms += performance.now() - t;
      clock.decisions++;
      return pick;
    },
  };
}

function other(lg: LoadedGraph, name: string, seed: number): Agent {
  if (name === 'random') return randomAgent(seed);
  const m = /^mcts\((\d+)\)$/.exec(name);
  if (m) return mctsAgent(lg, { iterations: Number(m[1]) }, seed).value!;
  const policy = policyAgent(lg, name, {}, seed);
  if (policy.value === null) throw new Error(`no policy ${name}`);
  return policy.value;
}

const describeMcts = (params: Record<string, Value>): string => {
  const named = Object.entries(params).map(([k, v]) => `${k}=${String(v)}`);
  return named.length === 0 ? 'mcts (default: 400)' : `mcts(${named.join(', ')})`;
};

export function runAgentsBench(scenariosDir: string, repoRoot: string): void {
  const scale = Number(process.env.AGENTS_GAMES ?? '1');
  const only = process.env.AGENTS_ONLY?.toLowerCase();
  const rows: string[][] = [];
  const graphs = new Map<string, LoadedGraph>();
  for (const m of MATCHUPS) {
    if (only !== undefined && !m.file.toLowerCase().includes(only)) continue;
    const key = `${m.file} ${JSON.stringify(m.options ?? {})}`;
    let lg = graphs.get(key);
    if (lg === undefined) {
      lg = loadScenario(scenariosDir, m.file, m.options);
      graphs.set(key, lg);
    }
    const games = Math.max(2, Math.round(m.games * scale));
    let wins = 0;
    const clock: Clock = { ms: 0, decisions: 0 };
    for (let g = 0; g < games; g++) {
      const seat = g % m.players;
      const timed = timedMcts(lg, m.mcts, 1000 + g, clock);
      const agents = Array.from({ length: m.players }, (_, s) => (s === seat ? timed : other(lg, m.against, 7919 * (g + 1) + s)));
      const result = playGame(lg, { seed: 500 + g, players: m.players, options: m.options, recordLog: false }, agents);
      const winners = result.outcome?.winners ?? [];
      if (winners.includes(seat)) wins += 1 / winners.length;
    }
    const [lo, hi] = wilson(wins, games);
    const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;
    rows.push([m.scenario, `${m.players}`, describeMcts(m.mcts), m.against === 'random' ? 'random' : m.against, `${games}`, pct(wins / games), `${pct(lo)}–${pct(hi)}`, pct(1 / m.players), (clock.ms / Math.max(clock.decisions, 1)).toFixed(1)]);
    console.log(`  ${rows.at(-1)!.join('  ')}`);
  }
  rows.push(...teamRows(scenariosDir, scale, only, graphs));
  const header = ['scenario', 'players', 'mcts seat', 'other seats', 'games', 'mcts wins', '95% CI', 'fair share', 'ms/decision'];
  printTable('Agents — one mcts seat against the others (seat rotated; wins shared by k count 1/k)', header, rows);
  if (process.env.AGENTS_WRITE === '1') {
    const file = join(repoRoot, 'docs/agents.md');
    const doc = readFileSync(file, 'utf8');
    const start = '<!-- strength-table:start -->';
    const end = '<!-- strength-table:end -->';
    // with AGENTS_ONLY, the other scenarios' rows stay as they were measured
    const measured = new Set(rows.map((r) => r[0]));
    const kept = only === undefined ? [] : tableRows(doc.slice(doc.indexOf(start), doc.indexOf(end))).filter((r) => !measured.has(r[0]));
    const order = [...new Set([...MATCHUPS, ...TEAMS].map((m) => m.scenario))];
    const all = [...kept, ...rows].sort((a, b) => order.indexOf(a[0]!) - order.indexOf(b[0]!));
    const table = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...all.map((r) => `| ${r.join(' | ')} |`)].join('\n');
    const note = `Measured ${new Date().toISOString().slice(0, 10)}, node ${process.version}, one core; Catan-based scenarios with \`round_limit=200\`.`;
    writeFileSync(file, doc.slice(0, doc.indexOf(start) + start.length) + `\n${table}\n\n${note}\n` + doc.slice(doc.indexOf(end)));
    console.log(`wrote the strength table in ${file}`);
  }
}

/** cooperative scenarios: the team's mean score (95% t interval) with every seat the same agent */
function teamRows(scenariosDir: string, scale: number, only: string | undefined, graphs: Map<string, LoadedGraph>): string[][] {
  const rows: string[][] = [];
  for (const m of TEAMS) {
    if (only !== undefined && !m.file.toLowerCase().includes(only)) continue;
    let lg = graphs.get(m.file);
    if (lg === undefined) {
      lg = loadScenario(scenariosDir, m.file, undefined);
      graphs.set(m.file, lg);
    }
    const games = Math.max(2, Math.round(m.games * scale));
    const scores: number[] = [];
    const clock: Clock = { ms: 0, decisions: 0 };
    for (let g = 0; g < games; g++) {
      const agents = Array.from({ length: m.players }, (_, s): Agent => {
        const seed = 7919 * (g + 1) + s;
        return typeof m.team === 'string' ? other(lg, m.team, seed) : timedMcts(lg, m.team, seed, clock);
      });
      const result = playGame(lg, { seed: 500 + g, players: m.players, recordLog: false }, agents);
      scores.push(Number(result.outcome?.ranking[0]?.score[0] ?? 0));
    }
    const mean = scores.reduce((a, b) => a + b, 0) / games;
    const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(games - 1, 1));
    const half = (1.96 * sd) / Math.sqrt(games);
    const who = typeof m.team === 'string' ? m.team : describeMcts(m.team);
    rows.push([m.scenario, `${m.players}`, `every seat ${who}`, '(the same team)', `${games}`, `team score ${mean.toFixed(1)}`, `${(mean - half).toFixed(1)}–${(mean + half).toFixed(1)}`, '—', clock.decisions === 0 ? '—' : (clock.ms / clock.decisions).toFixed(1)]);
    console.log(`  ${rows.at(-1)!.join('  ')}`);
  }
  return rows;
}

/** the body rows of a Markdown table, cell by cell (the header and its rule left out) */
function tableRows(text: string): string[][] {
  const lines = text.split('\n').filter((l) => l.startsWith('| '));
  return lines.slice(1).map((l) => l.slice(2, -2).split(' | '));
}
