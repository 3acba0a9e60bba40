import { coverageLines, coverageShortfalls, findTestFiles, reportJson, reportJunit, reportPretty, reportTap, runSuite, suiteOk, type SuiteResult } from '@houserules/conformance';
import { printable, type Diagnostic } from '@houserules/schema';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { flag, parseCommandArgs, stringOption } from '../command-args.ts';
import { displayPath } from '../diagnostic-output.ts';
import { usageLine, errorLine } from '../cli-errors.ts';
import type { Command } from '../main.ts';
import { ProjectHosts, rootHelp, rootOption } from '../project-hosts.ts';
import { findRulesFiles } from '../rules-files.ts';
import { watchAndRerun } from '../watch.ts';

const REPORTERS = ['pretty', 'json', 'tap', 'junit'] as const;

const usage = `Usage: houserules test [paths…] [--filter text] [--reporter pretty|json|tap|junit] [--coverage] [--watch] [--root DIR]

Runs the \`test\` blocks of every .rules file under the paths (default: scenarios),
each in a fresh game with a step budget, and reports expected and actual values,
the events before a failure and the failing step's file:line:col.

Options:
  --filter text   only tests whose name (or file path) contains the text
  --reporter r    pretty (default), json, tap or junit
  --coverage      rule coverage per scenario module (tests that fired each rule, with
                  its cited sentence; an extension with its own scenario block counts
                  apart, with the rules it adds or overrides), the rulebook's sentences
                  no rule cites and no test cites; fails when the conformance.json
                  beside a scenario sets a higher "coverage" than reached
  --watch         run the tests again whenever a .rules (or rulebook, README, json) file
                  under the paths changes
${rootHelp(18)}
  -h, --help      this help

Exit code 1 when a test fails, a test file does not compile, or coverage is short.
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { filter: { type: 'string' }, reporter: { type: 'string' }, coverage: { type: 'boolean' }, root: { type: 'string' }, watch: { type: 'boolean' } });
  if (!parsed.ok) {
    io.stderr.write(usageLine('test', parsed.message));
    return EXIT_USAGE;
  }
  const { args } = parsed;
  if (flag(args, 'watch')) {
    const once = argv.filter((a) => a !== '--watch');
    return watchAndRerun('test', args.positionals.length > 0 ? args.positionals : ['scenarios'], io, () => run(once, io));
  }
  if (flag(args, 'help')) {
    io.stdout.write(usage);
    return EXIT_OK;
  }
  const reporter = stringOption(args, 'reporter') ?? 'pretty';
  if (!(REPORTERS as readonly string[]).includes(reporter)) {
    io.stderr.write(usageLine('test', `--reporter must be one of ${REPORTERS.join(', ')}, not "${reporter}"`));
    return EXIT_USAGE;
  }
  const paths = args.positionals.length > 0 ? args.positionals : ['scenarios'];
  const found = findRulesFiles(io.cwd, paths);
  if (!found.ok) {
    io.stderr.write(errorLine('test', found.code, found.message));
    return EXIT_USAGE;
  }
  const root = rootOption(args, io.cwd);
  if (!root.ok) {
    io.stderr.write(usageLine('test', root.message));
    return EXIT_USAGE;
  }
  // One project per run: the one of the first path, or --root.
  const host = new ProjectHosts(root.root, io.cwd).hostFor(found.files[0] ?? io.cwd);
  const files = findTestFiles(host, found.files);
  if (files.length === 0) {
    io.stderr.write(usageLine('test', `no test blocks in the .rules files under ${paths.join(', ')}`));
    return EXIT_USAGE;
  }
  // Rulebooks, READMEs and conformance.json are read through the host too: only inside the project.
  const readText = (path: string): string | undefined => host.readFile(path);
  const filter = stringOption(args, 'filter');
  const show = (file: string): string => displayPath(io.cwd, file);
  const result = displayPaths(runSuite({ host, files, readText }, filter === undefined ? {} : { filter }), show);
  const coverage = flag(args, 'coverage');
  switch (reporter) {
    case 'json':
      io.stdout.write(reportJson(result));
      break;
    case 'tap':
      io.stdout.write(reportTap(result));
      break;
    case 'junit':
      io.stdout.write(reportJunit(result));
      break;
    default:
      io.stdout.write(reportPretty(result, { coverage }));
  }
  if (coverage && reporter !== 'pretty' && reporter !== 'json') {
    for (const c of result.coverage) io.stderr.write(coverageLines(c).join('\n') + '\n');
  }
  const short = coverage ? coverageShortfalls(result) : [];
  for (const s of short) io.stderr.write(`houserules test: ${printable(s)}\n`);
  return suiteOk(result) && short.length === 0 ? EXIT_OK : EXIT_FAILURE;
}

/** Reports name files as the user sees them (relative to the working directory), in every format. */
function displayPaths(r: SuiteResult, show: (file: string) => string): SuiteResult {
  const diagnostic = (d: Diagnostic): Diagnostic => (d.file === undefined ? d : { ...d, file: show(d.file) });
  return {
    ...r,
    files: r.files.map((f) => ({
      file: show(f.file),
      diagnostics: f.diagnostics.map(diagnostic),
      tests: f.tests.map((t) => ({ ...t, file: show(t.file), ...(t.failure ? { failure: { ...t.failure, file: show(t.failure.file) } } : {}) })),
    })),
    coverage: r.coverage.map((c) => ({ ...c, scenario: show(c.scenario) })),
  };
}

export const testCommand: Command = { name: 'test', summary: 'run the scenarios\' test blocks; rule coverage', usage, run };
