// The program `instructions-bench.ts` runs under valgrind: plays `games` games of
// one workload and prints the decisions made (bundled by esbuild before it runs,
// so no TypeScript loader thread runs beside it).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { compile, findModuleInTree, type ModuleHost } from '@houserules/compiler';
import { createGame, loadGraph, playGame, randomAgent, type Game } from '@houserules/engine';
import { DiamantBaseline } from './diamant-baseline.ts';
import { midGame, playOut } from './mid-game.ts';

const [workload, gamesArg, file, playersArg] = process.argv.slice(2);
const games = Number(gamesArg);
const players = playersArg ? Number(playersArg) : 4;

// the files a scenario extends and imports are read as it names them
const host: ModuleHost = {
  readFile: (path) => (existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined),
  resolvePath: (fromFile, ref) => resolve(dirname(fromFile), ref),
  findModule: (name, fromFile) => findModuleInTree(name, fromFile, existsSync),
};

function load(path: string) {
  const compiled = compile(host, path);
  const loaded = compiled.value === null ? null : loadGraph(compiled.value).value;
  if (!loaded) throw new Error(`${path} does not compile and load`);
  return loaded;
}

let decisions = 0;
if (workload === 'diamant-baseline') {
  const game = new DiamantBaseline(4);
  for (let i = 0; i < games; i++) game.play(i);
} else if (workload === 'catan-playout') {
  // as search-bench.ts: 4 players, 300 random decisions in, then `games` playouts restored from there (after 30 warm ones)
  const loaded = load(file!);
  const game = midGame(loaded, { round_limit: 500 }, 300);
  const root = game.snapshot();
  root.log = null;
  const work = createGame(loaded, { ...game.config, recordLog: false }).value!;
  const rng = randomAgent(3);
  for (let p = 0; p < 30 + games; p++) {
    const made = playOut(work, root, rng);
    if (p >= 30) decisions += made;
  }
} else {
  const loaded = load(file!);
  const options: Record<string, number> = workload === 'catan-random' || workload === 'scenario-random' ? { round_limit: 500 } : {};
  // one game's arrays for every game (Game.restart), as a simulation run does
  let reuse: Game | null = null;
  // one random agent seeded again each game, as a simulation run does (it then plays exactly as a new one)
  const agent = randomAgent(0);
  const agents = [agent];
  for (let i = 0; i < games; i++) {
    agent.reseed(i * 16 + 1);
    const result = playGame(loaded, { seed: i, players, options, recordLog: false }, agents, { reuse });
    decisions += result.steps;
    reuse = result.game;
  }
}
console.log(decisions);
