import { basename } from 'node:path';
import { check, compile } from '@houserules/compiler';
import { stringifyJson, type Diagnostic } from '@houserules/schema';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cli-io.ts';
import { countBySeverity } from '../code-frame.ts';
import { flag, parseCommandArgs } from '../command-args.ts';
import { dedupeDiagnostics, diagnosticsForJson, displayPath, hasErrors, writeDiagnostics } from '../diagnostic-output.ts';
import { usageLine, errorLine } from '../cli-errors.ts';
import type { Command } from '../main.ts';
import type { NodeModuleHost } from '../node-module-host.ts';
import { ProjectHosts, rootHelp, rootOption } from '../project-hosts.ts';
import { findRulesFiles } from '../rules-files.ts';
import { watchAndRerun } from '../watch.ts';
import { findEntryFiles } from '../scenario-entries.ts';
import { formatTable } from '../text-table.ts';
import { nowMs } from '../clock.ts';

export interface ScenarioCheck {
  file: string;
  name: string | null;
  title: string | null;
  modules: number;
  rules: number;
  events: number;
  variants: string[];
  errors: number;
  warnings: number;
  /** Wall time to check every variant and compile the base graph. */
  ms: number;
}

const usage = `Usage: houserules check <paths…> [--json] [--summary] [--watch] [--root DIR]

Compiles every scenario found under the paths with every variant and prints
the diagnostics with code frames. A directory is searched for *.rules files.
Every file that declares a scenario is compiled, and every file no other file
imports or extends (extensions, test modules); a base module is checked through
the files built on it.

Options:
  --summary   a table per scenario: modules, rules, events, variants, diagnostics, time
  --json      machine-readable output: { ok, errors, warnings, scenarios, testModules, diagnostics }
  --watch     check again whenever a .rules (or rulebook, README, json) file under the paths changes
${rootHelp(14)}
  -h, --help  this help

Exit code 1 when any error is found.
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { json: { type: 'boolean' }, summary: { type: 'boolean' }, root: { type: 'string' }, watch: { type: 'boolean' } });
  if (!parsed.ok) {
    io.stderr.write(usageLine('check', parsed.message));
    return EXIT_USAGE;
  }
  const { args } = parsed;
  if (flag(args, 'watch')) {
    const once = argv.filter((a) => a !== '--watch');
    return watchAndRerun('check', args.positionals, io, () => run(once, io));
  }
  if (args.positionals.length === 0) {
    io.stderr.write(`${usageLine('check', `name at least one file or directory`)}\n${usage}`);
    return EXIT_USAGE;
  }
  const found = findRulesFiles(io.cwd, args.positionals);
  if (!found.ok) {
    io.stderr.write(errorLine('check', found.code, found.message));
    return EXIT_USAGE;
  }
  if (found.files.length === 0) {
    io.stderr.write(usageLine('check', `no .rules files under ${args.positionals.join(', ')}`));
    return EXIT_USAGE;
  }

  const root = rootOption(args, io.cwd);
  if (!root.ok) {
    io.stderr.write(usageLine('check', root.message));
    return EXIT_USAGE;
  }
  const hosts = new ProjectHosts(root.root, io.cwd);
  const byHost = new Map<NodeModuleHost, string[]>();
  for (const file of found.files) {
    const host = hosts.hostFor(file);
    byHost.set(host, [...(byHost.get(host) ?? []), file]);
  }
  const entries: { host: NodeModuleHost; entry: string }[] = [];
  const testModules = new Set<string>();
  for (const [host, files] of byHost) {
    const found = findEntryFiles(host, files);
    for (const entry of found.entries) entries.push({ host, entry });
    for (const t of found.testModules) testModules.add(t);
  }
  const scenarios: ScenarioCheck[] = [];
  const testModuleChecks: { file: string; errors: number; warnings: number }[] = [];
  const all: Diagnostic[] = [];
  for (const { host, entry } of entries) {
    const started = nowMs();
    const checked = check(host, entry);
    const compiled = hasErrors(checked.diagnostics) ? null : compile(host, entry);
    const ms = nowMs() - started;
    // check weighed the lints over the base game and every variant; one compilation's would contradict it
    const diagnostics = dedupeDiagnostics([...checked.diagnostics, ...(compiled?.diagnostics ?? []).filter((d) => !d.code.startsWith('lint/'))]);
    const graph = compiled?.value ?? null;
    const counts = countBySeverity(diagnostics);
    for (const d of diagnostics) all.push(d);
    if (testModules.has(entry)) {
      // Test modules are compiled like any entry but are not scenarios of their own.
      testModuleChecks.push({ file: displayPath(io.cwd, entry), errors: counts.errors, warnings: counts.warnings });
      continue;
    }
    scenarios.push({
      file: displayPath(io.cwd, entry),
      name: graph?.scenario.name ?? null,
      title: graph?.scenario.title ?? null,
      modules: graph?.scenario.modules.length ?? 0,
      rules: graph?.rules.filter((r) => r.status === 'active').length ?? 0,
      events: graph?.events.length ?? 0,
      variants: checked.value?.variants ?? [],
      errors: counts.errors,
      warnings: counts.warnings,
      ms,
    });
  }
  const diagnostics = dedupeDiagnostics(all);
  const totals = countBySeverity(diagnostics);

  if (flag(args, 'json')) {
    io.stdout.write(
      stringifyJson(
        {
          ok: totals.errors === 0,
          errors: totals.errors,
          warnings: totals.warnings,
          scenarios,
          testModules: testModuleChecks,
          diagnostics: diagnosticsForJson(io.cwd, diagnostics),
        },
        2,
      ) + '\n',
    );
  } else {
    writeDiagnostics(io, io.stdout, diagnostics, hosts.readCached);
    if (flag(args, 'summary')) io.stdout.write(formatScenarioTable(scenarios) + '\n');
    io.stdout.write(
      `checked ${scenarios.length} scenario${scenarios.length === 1 ? '' : 's'}` +
        (testModuleChecks.length > 0 ? ` and ${testModuleChecks.length} test module${testModuleChecks.length === 1 ? '' : 's'}` : '') +
        ` (${found.files.length} file${found.files.length === 1 ? '' : 's'}): ` +
        `${totals.errors} error${totals.errors === 1 ? '' : 's'}, ${totals.warnings} warning${totals.warnings === 1 ? '' : 's'}\n`,
    );
  }
  return totals.errors > 0 ? EXIT_FAILURE : EXIT_OK;
}

function formatScenarioTable(scenarios: ScenarioCheck[]): string {
  return formatTable(
    ['scenario', 'file', 'modules', 'rules', 'events', 'variants', 'errors', 'warnings', 'ms'],
    scenarios.map((s) => [
      s.title ?? s.name ?? basename(s.file, '.rules'),
      s.file,
      String(s.modules),
      String(s.rules),
      String(s.events),
      String(s.variants.filter((v) => v !== '').length),
      String(s.errors),
      String(s.warnings),
      s.ms.toFixed(1),
    ]),
    [false, false, true, true, true, true, true, true, true],
  );
}

export const checkCommand: Command = { name: 'check', summary: 'compile scenarios with every variant and report diagnostics', usage, run };
