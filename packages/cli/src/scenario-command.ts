import type { RuleGraph } from '@houserules/schema';
import { EXIT_FAILURE, EXIT_USAGE, type CliIo } from './cli-io.ts';
import { parseCommandArgs, stringOption, type ParsedCommandArgs } from './command-args.ts';
import { errorLine, usageLine } from './cli-errors.ts';
import { hasErrors, writeDiagnostics } from './diagnostic-output.ts';
import { rootOption } from './project-hosts.ts';
import { loadScenario, type LoadedScenario } from './scenario-loader.ts';

type OptionsConfig = Parameters<typeof parseCommandArgs>[1];

/** What a command on one scenario says of its arguments beyond `--variant`, `--root` and the scenario. */
export interface ScenarioCommandSpec<T> {
  /** the command's name, as its error lines start (`graph`, `play`) */
  readonly command: string;
  /** its own options (`--variant` and `--root` are added) */
  readonly options: OptionsConfig;
  /** what the one argument is, in "name exactly one …" (default `scenario`) */
  readonly noun?: string;
  /** printed after that message (its usage), when the command did so */
  readonly usage?: string;
  /** the options read and checked before the scenario is opened: their values, or a command-line mistake */
  readonly read: (args: ParsedCommandArgs) => { ok: true; value: T } | { ok: false; message: string };
  /** a scenario with errors is the command's to report (compile's --json); by default they are printed, exit 1 */
  readonly keepErrors?: boolean;
}

export interface OpenedScenario<T> {
  readonly args: ParsedCommandArgs;
  /** what `read` returned */
  readonly own: T;
  readonly variant: string | undefined;
  readonly loaded: Extract<LoadedScenario, { ok: true }>;
  /** the compiled graph: never null unless `keepErrors` */
  readonly graph: RuleGraph | null;
}

/**
 * The first steps of every command on one scenario (compile, graph, play, render), in one order: its
 * options parsed, exactly one scenario named, its own options read, `--root` checked, the scenario found
 * and compiled. Each mistake is printed as these commands print it and its exit code returned: a
 * command-line mistake as one `cli/usage` line (exit 2), a wrong path or variant under its own code
 * (exit 2), errors in the rules as diagnostics (exit 1).
 */
export function openScenarioCommand<T>(argv: string[], io: CliIo, spec: ScenarioCommandSpec<T>): { ok: true; value: OpenedScenario<T> } | { ok: false; exit: number } {
  const refuse = (message: string, usage = ''): { ok: false; exit: number } => {
    io.stderr.write(usage === '' ? usageLine(spec.command, message) : `${usageLine(spec.command, message)}\n${usage}`);
    return { ok: false, exit: EXIT_USAGE };
  };
  const parsed = parseCommandArgs(argv, { ...spec.options, variant: { type: 'string' }, root: { type: 'string' } });
  if (!parsed.ok) return refuse(parsed.message);
  const { args } = parsed;
  if (args.positionals.length !== 1) return refuse(`name exactly one ${spec.noun ?? 'scenario'}`, spec.usage);
  const own = spec.read(args);
  if (!own.ok) return refuse(own.message);
  const root = rootOption(args, io.cwd);
  if (!root.ok) return refuse(root.message);
  const variant = stringOption(args, 'variant');
  const loaded = loadScenario(io.cwd, args.positionals[0]!, variant, root.root === undefined ? {} : { root: root.root });
  if (!loaded.ok) {
    io.stderr.write(errorLine(spec.command, loaded.code, loaded.message));
    return { ok: false, exit: EXIT_USAGE };
  }
  if (spec.keepErrors !== true && (loaded.graph === null || hasErrors(loaded.diagnostics))) {
    writeDiagnostics(io, io.stderr, loaded.diagnostics, loaded.host.readCached);
    return { ok: false, exit: EXIT_FAILURE };
  }
  return { ok: true, value: { args, own: own.value, variant, loaded, graph: loaded.graph } };
}

/** A command-line mistake found after the scenario was opened: one `cli/usage` line, exit 2. */
export function usageFailure(io: CliIo, command: string, message: string): number {
  io.stderr.write(usageLine(command, message));
  return EXIT_USAGE;
}
