import { createGame, loadGraph, type Game, type Move } from '@houserules/engine';
import { pictureOf, renderBoard, renderTable } from '@houserules/render';
import { parseOptionAssignments, type LoggedGame } from '@houserules/simulation';
import { unlimitedPoolTokens } from '@houserules/schema';
import { resolve } from 'node:path';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { integerOptions, listOption, stringOption } from '../command-args.ts';
import { writeDiagnostics } from '../diagnostic-output.ts';
import { errorLine } from '../cli-errors.ts';
import { readLoggedGames } from '../log-file.ts';
import type { Command } from '../main.ts';
import { writeOutputFile } from '../output-file.ts';
import { rootHelp } from '../project-hosts.ts';
import { openScenarioCommand, usageFailure } from '../scenario-command.ts';
import { readStyleFile, scenarioStyle } from '../style-file.ts';

const usage = `Usage: houserules render <scenario> -o board.svg [options]

Draws a game of the scenario as an SVG picture: the board (any hex board, from
the engine's geometry: terrain, numbers, pieces in their owners' colours) or,
for a game without a board, its zones, cards and pools as a table. By default
the game as set up; with --log, a logged game after its first --at answers.

Options:
  -o, --out FILE   the .svg file to write (required)
  --variant V      play variant V
  --players N      number of players (default: the scenario's smallest count, at least 2)
  --seed S         the game's seed (default 1)
  --option k=v     set a scenario option (repeatable)
  --log FILE       a simulate --log file: draw its game (--game N, default the first)
  --game N         which game of the log
  --at K           after the first K answers of that game (default: all of them)
  --seat N         draw what seat N (1-based) may see (default 1)
  --style FILE     colours and shapes (a style.json, see @houserules/render); by default
                   the style.json next to the scenario (or the module it extends), if any
${rootHelp(19)}
  -h, --help       this help
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const opened = openScenarioCommand(argv, io, {
    command: 'render',
    options: {
      out: { type: 'string', short: 'o' }, players: { type: 'string' }, seed: { type: 'string' }, option: { type: 'string', multiple: true },
      log: { type: 'string' }, game: { type: 'string' }, at: { type: 'string' }, seat: { type: 'string' }, style: { type: 'string' },
    },
    read: (args) => {
      const out = stringOption(args, 'out');
      if (out === undefined || !/\.svg$/i.test(out)) return { ok: false, message: 'name the picture to write with -o FILE.svg' };
      const numbers = integerOptions(args, { players: 1, seed: 0, game: 0, at: 0, seat: 1 });
      return numbers.ok ? { ok: true, value: { out, numbers: numbers.values } } : numbers;
    },
  });
  if (!opened.ok) return opened.exit;
  const { args, own: { out, numbers }, loaded } = opened.value;
  const fail = (message: string): number => usageFailure(io, 'render', message);
  const graph = opened.value.graph!;
  // The style is untrusted input too: read inside the project, checked entry by entry.
  const stylePath = stringOption(args, 'style');
  const style = stylePath === undefined ? scenarioStyle(loaded.host, graph) : readStyleFile(loaded.host, resolve(io.cwd, stylePath));
  if (!style.ok) {
    io.stderr.write(errorLine('render', style.code, style.message));
    return style.code === 'cli/not-a-regular-file' ? EXIT_USAGE : EXIT_FAILURE;
  }
  // The game: from the log's header and answers, or from the command line.
  let config: { seed: number; players: number; options: Record<string, unknown> };
  let answers: { seat: number; move: Move }[] = [];
  const logPath = stringOption(args, 'log');
  if (logPath !== undefined) {
    // Read as replay reads it (a regular file, line by line, each line bounded), up to the game wanted.
    const which = numbers.game;
    let logged: LoggedGame | undefined;
    await readLoggedGames(resolve(io.cwd, logPath), logPath, (game) => {
      if (which !== undefined && game.game !== which) return true;
      logged = game;
      return false;
    });
    if (logged === undefined) return fail(`the log holds no game${which === undefined ? '' : ` ${which}`}`);
    config = { seed: logged.header.seed, players: logged.header.players, options: logged.header.options };
    answers = logged.events.filter((e) => e.event === '$answer').map((e) => e.data as { seat: number; move: Move });
    const at = numbers.at;
    if (at !== undefined) answers = answers.slice(0, at);
  } else {
    const options = parseOptionAssignments(listOption(args, 'option'), graph);
    if (!options.ok) return fail(options.message);
    const range = graph.scenario.players;
    const players = numbers.players ?? Math.max(range.min, Math.min(range.max, 2));
    if (players < range.min || players > range.max) return fail(`${graph.scenario.title || graph.scenario.name} is for ${range.min}–${range.max} players, not ${players}`);
    config = { seed: numbers.seed ?? 1, players, options: options.value };
  }
  const lg = loadGraph(graph, { options: config.options as never });
  if (lg.value === null) {
    writeDiagnostics(io, io.stderr, lg.diagnostics, loaded.host.readCached);
    return EXIT_FAILURE;
  }
  const created = createGame(lg.value, config as never);
  if (created.value === null) {
    writeDiagnostics(io, io.stderr, created.diagnostics, loaded.host.readCached);
    return EXIT_FAILURE;
  }
  const game: Game = created.value;
  for (const [i, a] of answers.entries()) {
    const applied = game.apply(a.seat, a.move);
    if (!applied.value) {
      io.stderr.write(errorLine('render', 'cli/malformed-log', `answer ${i + 1} of the logged game does not fit this scenario: ${applied.diagnostics[0]?.message ?? 'refused'}`));
      return EXIT_FAILURE;
    }
  }
  const seat = (numbers.seat ?? 1) - 1;
  if (seat >= config.players) return fail(`--seat ${seat + 1}: the game has ${config.players} players`);
  const title = `${graph.scenario.title || graph.scenario.name} — round ${game.round}`;
  const picture = pictureOf(game, seat);
  const svg = picture !== null ? renderBoard(picture, style.style, { title, legend: true }) : renderTable(game.view(seat), { title, unlimited: unlimitedPoolTokens(graph) });
  writeOutputFile(io.cwd, out, svg, loaded.host.projectRoot);
  return EXIT_OK;
}

export const renderCommand: Command = { name: 'render', summary: 'draw a game’s board (or its zones and cards) as an SVG picture', usage, run };
