import { createGame, loadGraph } from '@houserules/engine';
import { printable } from '@houserules/schema';
import { formatAgentSpec, gameLogText, parseAgentSpec, parseOptionAssignments, splitAgentList, type AgentSpec, type GameLogHeader } from '@houserules/simulation';
import { EXIT_FAILURE, EXIT_OK, type CliIo } from '../cli-io.ts';
import { flag, integerOptions, listOption, stringOption } from '../command-args.ts';
import { writeDiagnostics } from '../diagnostic-output.ts';
import type { Command } from '../main.ts';
import { OutputFile } from '../output-file.ts';
import { rootHelp } from '../project-hosts.ts';
import { graphWithProjectPaths, projectRelative } from '../project-paths.ts';
import { openScenarioCommand, usageFailure } from '../scenario-command.ts';
import { inputLines } from '../play/input-lines.ts';
import { TerminalGame } from '../play/terminal-game.ts';

const usage = `Usage: houserules play <scenario> [--seat N]… [--agents a,b,…] [options]

Plays a game in the terminal: you play the seats named with --seat (p1 by
default), bots play the others. Before each of your decisions it shows what
your seat may see (shared and per-player state, the cards you may see, the
board's pieces) and every legal option, numbered; type a number or a name.
Commands: help, show, board, log, undo (back to your previous decision),
quit. Lines are read from the standard input, so a game can be scripted:
  printf '1\\n2\\nquit\\n' | houserules play scenarios/diamant --seed 3 --log game.jsonl
See docs/cli.md.

Options:
  --seat N           a seat you play, 1-based (repeatable; default 1)
  --agents a,b,…     the bots of the other seats, in seat order, repeating
                     (random, first, a policy of the scenario, or mcts(…) as in
                     simulate; default random)
  --players N        number of players (default: the scenario's smallest count, at least 2)
  --seed S           the game's seed (default: a new one, printed)
  --variant V        play variant V
  --option k=v       set a scenario option (repeatable)
  --log FILE         save the game as a simulate --log file (houserules replay verifies it)
  --json             one JSON object a line for each event, state, decision and prompt
                     (a script reads them and answers on the standard input; docs/cli.md)
${rootHelp(19)}
  -h, --help         this help

Exit code 0 when the game ended or you quit, 1 when a run error stopped it.
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const opened = openScenarioCommand(argv, io, {
    command: 'play',
    options: { seat: { type: 'string', multiple: true }, agents: { type: 'string' }, players: { type: 'string' }, seed: { type: 'string' }, option: { type: 'string', multiple: true }, log: { type: 'string' }, json: { type: 'boolean' } },
    read: (args) => {
      const numbers = integerOptions(args, { players: 1, seed: 0 });
      if (!numbers.ok) return numbers;
      if ((numbers.values.seed ?? 0) > 0xffffffff) return { ok: false, message: '--seed must fit in 32 bits' };
      return { ok: true, value: numbers.values };
    },
  });
  if (!opened.ok) return opened.exit;
  const { args, own: numbers, variant, loaded } = opened.value;
  const fail = (message: string): number => usageFailure(io, 'play', message);
  // Files named relative to the project, as simulate logs them: the saved game replays after the folder moves.
  const graph = graphWithProjectPaths(opened.value.graph!, loaded.host.projectRoot);
  const range = graph.scenario.players;
  const playerCount = numbers.players ?? Math.max(range.min, Math.min(range.max, 2));
  const title = graph.scenario.title || graph.scenario.name;
  if (playerCount < range.min || playerCount > range.max) return fail(`${title} is for ${range.min}–${range.max} players, not ${playerCount}`);
  const people = new Set<number>();
  for (const text of listOption(args, 'seat').length > 0 ? listOption(args, 'seat') : ['1']) {
    const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
    if (!(n >= 1 && n <= playerCount)) return fail(`--seat expects a seat from 1 to ${playerCount}, got "${text}"`);
    people.add(n - 1);
  }
  const agents: AgentSpec[] = [];
  for (const text of splitAgentList(stringOption(args, 'agents') ?? 'random')) {
    const agent = parseAgentSpec(text, graph);
    if (!agent.ok) return fail(agent.message);
    agents.push(agent.value);
  }
  if (agents.length === 0) return fail('--agents names no agent');
  const options = parseOptionAssignments(listOption(args, 'option'), graph);
  if (!options.ok) return fail(options.message);

  const lg = loadGraph(graph, { options: options.value });
  if (lg.value === null) {
    writeDiagnostics(io, io.stderr, lg.diagnostics, loaded.host.readCached);
    return EXIT_FAILURE;
  }
  const gameSeed = numbers.seed ?? Math.floor(Math.random() * 0x100000000);
  const created = createGame(lg.value, { seed: gameSeed, players: playerCount, options: options.value, recordLog: true });
  if (created.value === null) {
    writeDiagnostics(io, io.stderr, created.diagnostics, loaded.host.readCached);
    return EXIT_FAILURE;
  }
  // The bots take the agents in order, seat by seat, repeating.
  let nextAgent = 0;
  const bots = Array.from({ length: playerCount }, (_, seat) => (people.has(seat) ? null : agents[nextAgent++ % agents.length]!));
  const logPath = stringOption(args, 'log');
  const logFile = logPath === undefined ? null : OutputFile.open(io.cwd, logPath, loaded.host.projectRoot);

  const game = created.value;
  const json = flag(args, 'json');
  const table = new TerminalGame({ graph, lg: lg.value, game, title, bots, width: Math.max(40, Math.min(io.stdout.columns ?? 100, 160)), echo: io.stdin?.isTTY !== true, color: !json && (io.color ?? false), json, write: (text) => io.stdout.write(text) });
  if (json) io.stdout.write(`${JSON.stringify({ type: 'setup', seed: gameSeed, variant: variant === undefined ? null : printable(variant), players: playerCount })}\n`);
  else io.stdout.write(`seed ${gameSeed}${variant !== undefined ? `, variant ${printable(variant)}` : ''}\n`);
  table.start();
  if (table.end === null) {
    if (io.stdin === undefined) table.quit();
    else {
      for await (const line of inputLines(io.stdin, io.signal)) {
        table.take(line);
        if (table.end !== null) break;
      }
      table.quit();
    }
  }
  if (logFile !== null && logPath !== undefined) {
    const header: GameLogHeader = {
      scenario: projectRelative(loaded.host.projectRoot, loaded.file),
      variant: variant ?? null,
      options: options.value,
      players: playerCount,
      seed: gameSeed,
      agents: bots.map((b) => (b === null ? 'person' : formatAgentSpec(b))),
      agentSeeds: bots.map(() => 0),
    };
    const text = gameLogText(0, header, game.log, game.error === null ? undefined : { code: game.error.code, message: game.error.message });
    logFile.write(text);
    logFile.close();
    if (json) io.stdout.write(`${JSON.stringify({ type: 'saved', file: printable(logPath) })}\n`);
    else io.stdout.write(`saved to ${printable(logPath)} (houserules replay ${printable(logPath)} verifies it)\n`);
  }
  return game.error !== null || table.end === 'stopped' ? EXIT_FAILURE : EXIT_OK;
}

export const playCommand: Command = { name: 'play', summary: 'play a game in the terminal against bots', usage, run };
