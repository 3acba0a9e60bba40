// The program `instructions-bench.ts` runs under valgrind: plays `games` games of
// one workload and prints the decisions made (bundled by esbuild before it runs,
// so no TypeScript loader thread runs beside it).
import { readFileSync } from 'node:fs';
import { compile, createMemoryHost } from '@houserules/compiler';
import { loadGraph, playGame, randomAgent } from '@houserules/engine';
import { DiamantBaseline } from './diamant-baseline.ts';

const [workload, gamesArg, file] = process.argv.slice(2);
const games = Number(gamesArg);

function load(path: string) {
  const compiled = compile(createMemoryHost({ [path]: readFileSync(path, 'utf8') }), path);
  const loaded = compiled.value === null ? null : loadGraph(compiled.value).value;
  if (!loaded) throw new Error(`${path} does not compile and load`);
  return loaded;
}

let decisions = 0;
if (workload === 'diamant-baseline') {
  const game = new DiamantBaseline(4);
  for (let i = 0; i < games; i++) game.play(i);
} else {
  const loaded = load(file!);
  const options: Record<string, number> = workload === 'catan-random' ? { round_limit: 500 } : {};
  for (let i = 0; i < games; i++) decisions += playGame(loaded, { seed: i, players: 4, options, recordLog: false }, [randomAgent(i * 16 + 1)]).steps;
}
console.log(decisions);
