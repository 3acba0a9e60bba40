import type { Diagnostic, Result, RuleGraph } from '@houserules/schema';
import { checkGraphBudgets, validateRuleGraph } from '@houserules/schema';
import { MISSING_NAME, parse } from '@houserules/syntax';
import { buildGraph } from './build-graph.ts';
import { checkDeclaredSizes } from './declared-sizes.ts';
import { checkReservedNames } from './reserved-names.ts';
import { buildDeclarationTable, type DeclarationTable } from './declaration-table.ts';
import type { Lowerers } from './lower-declarations.ts';
import type { SemanticRecorder } from './semantic/semantic-recorder.ts';
import { DiagnosticOverflow, DiagnosticSink } from './diagnostic-sink.ts';
import { MAX_ERRORS_PER_COMPILATION } from './budgets.ts';
import { limitPerFile } from './diagnostics-per-file.ts';
import { createMemoryHost, type ModuleHost } from './module-host.ts';
import { loadModules, type LoadedModule, type ParseFn } from './module-loader.ts';
import { collectTests, lowerTests, testVariant, type CompiledTest } from './lower-tests.ts';
import { didYouMean } from './suggest-name.ts';

export interface CompileOptions {
  /** the variant to apply (`variant x { … }` in any loaded module); none by default */
  variant?: string;
  /** the parser (tests may pass their own); defaults to @houserules/syntax */
  parse?: ParseFn;
}

/**
 * Compiles the module `entry` and everything it loads into a rule graph.
 * The value is null when there is any error; warnings leave the graph.
 * Never throws: an internal failure is one `compiler/internal-error`. At most
 * MAX_DIAGNOSTICS_PER_FILE diagnostics a file are returned, then a count.
 */
export function compile(host: ModuleHost, entry: string, options: CompileOptions = {}): Result<RuleGraph | null> {
  try {
    const loaded = loadModules(host, entry, options.parse ?? parse);
    const result = compileLoaded(loaded.value, loaded.diagnostics, entry, options.variant ?? null, false);
    return { value: result.value?.graph ?? null, diagnostics: limitPerFile(result.diagnostics) };
  } catch (error) {
    return { value: null, diagnostics: [internalError(error, entry)] };
  }
}

/**
 * Compiles like `compile` and also resolves the `test` blocks of every loaded
 * module that run under this variant (a test's own `variant x`, or none for the
 * base game): the conformance runner's input.
 */
export function compileTests(host: ModuleHost, entry: string, options: CompileOptions = {}): Result<{ graph: RuleGraph; tests: CompiledTest[] } | null> {
  try {
    const loaded = loadModules(host, entry, options.parse ?? parse);
    const result = compileLoaded(loaded.value, loaded.diagnostics, entry, options.variant ?? null, true);
    return { value: result.value, diagnostics: limitPerFile(result.diagnostics) };
  } catch (error) {
    return { value: null, diagnostics: [internalError(error, entry)] };
  }
}

/** Checks the base scenario and every variant; diagnostics found twice are reported once. */
export function check(host: ModuleHost, entry: string, options: Omit<CompileOptions, 'variant'> = {}): Result<{ variants: string[] }> {
  try {
    const loaded = loadModules(host, entry, options.parse ?? parse);
    const checked = checkLoaded(loaded.value, loaded.diagnostics, entry, () => null);
    return { value: { variants: checked.variants }, diagnostics: limitPerFile(checked.diagnostics) };
  } catch (error) {
    return { value: { variants: [] }, diagnostics: [internalError(error, entry)] };
  }
}

/** One lowering of the base game or of a variant, as `checkLoaded` ran it. */
export interface CheckedRun {
  variant: string | null;
  /** null when the variant does not exist (the diagnostics say so) */
  lowered: Lowered | null;
}

/**
 * `check` on loaded modules: the base game, then every variant, each lowered
 * with the recorder `recorderFor(variant)` gives (the semantic model's, or none).
 */
export function checkLoaded(
  modules: LoadedModule[], loadDiagnostics: Diagnostic[], entry: string, recorderFor: (variant: string | null) => SemanticRecorder | null,
): { variants: string[]; diagnostics: Diagnostic[]; runs: CheckedRun[] } {
  const variants = variantNames(modules);
  const runs: CheckedRun[] = [];
  const all: Diagnostic[] = [];
  const seen = new Set<string>();
  // Each run lowers only the tests that run in it (a test module's helper read by the tests of
  // one variant looks unused in the others): a declaration is unused when every run that
  // declares it finds it unused.
  const unused = new Map<string, { diagnostic: Diagnostic; runs: number }>();
  const declaredIn = new Map<string, number>();
  for (const v of [null, ...variants]) {
    // the load's diagnostics with every run (reported once, below): a variant lowered after a parse error knows its graph holds placeholders
    const run = lowerLoaded(modules, loadDiagnostics, entry, v, recorderFor(v));
    runs.push({ variant: v, lowered: run.lowered });
    for (const d of run.lowered?.table.byName.values() ?? []) {
      const key = `${d.origin.file}:${d.ident.range.start.offset}`;
      declaredIn.set(key, (declaredIn.get(key) ?? 0) + 1);
    }
    for (const d of run.diagnostics) {
      if (d.code === 'lint/unused-declaration') {
        const key = `${d.file}:${d.range?.start.offset}`;
        const known = unused.get(key);
        if (known) known.runs++;
        else unused.set(key, { diagnostic: d, runs: 1 });
        continue;
      }
      const key = diagnosticKey(d);
      if (seen.has(key)) continue;
      seen.add(key);
      all.push(d);
    }
  }
  for (const [key, { diagnostic, runs: count }] of unused) if (count === (declaredIn.get(key) ?? 0)) all.push(diagnostic);
  for (const { decl, origin } of collectTests(modules)) {
    const wanted = testVariant(decl);
    if (wanted !== null && !variants.includes(wanted)) {
      const item = decl.items.find((i) => i?.$type === 'TestVariant');
      all.push({ code: 'resolve/unknown-variant', severity: 'error', message: `test "${decl.name?.value ?? ''}" runs variant \`${wanted}\`, which does not exist`,
        file: origin.file, ...(item ? { range: item.range } : {}), hint: didYouMean(wanted, variants) ?? (variants.length ? `variants: ${variants.join(', ')}` : 'this scenario declares no variants') });
    }
  }
  return { variants, diagnostics: all, runs };
}

/** Compiles one text (no imports beyond what a memory host of that one file holds). */
export function compileSource(text: string, options: { file?: string; variant?: string; parse?: ParseFn } = {}): Result<RuleGraph | null> {
  const file = options.file ?? 'main.rules';
  return compile(createMemoryHost({ [file]: text }), file, options);
}

function variantNames(modules: LoadedModule[]): string[] {
  const names: string[] = [];
  for (const m of modules) {
    // A variant whose name did not parse (`module variant.v` read as a variant) is the parse error's, not a variant to lower.
    for (const item of m.ast.items ?? []) if (item?.$type === 'VariantDecl' && item.name && item.name.name !== MISSING_NAME && !names.includes(item.name.name)) names.push(item.name.name);
  }
  return names;
}

/** What one lowering made: its graph (also after errors, with placeholders), tests, lowerers and namespace. */
export interface Lowered {
  graph: RuleGraph;
  tests: CompiledTest[];
  lowerers: Lowerers;
  table: DeclarationTable;
  hadErrors: boolean;
}

function compileLoaded(
  modules: LoadedModule[], loadDiagnostics: Diagnostic[], entryFile: string, variant: string | null, withTests: boolean,
): Result<{ graph: RuleGraph; tests: CompiledTest[] } | null> {
  const run = lowerLoaded(modules, loadDiagnostics, entryFile, variant, null);
  const lowered = run.lowered;
  return { value: lowered === null || lowered.hadErrors ? null : { graph: lowered.graph, tests: withTests ? lowered.tests : [] }, diagnostics: run.diagnostics };
}

function lowerLoaded(
  modules: LoadedModule[], loadDiagnostics: Diagnostic[], entryFile: string, variant: string | null, recorder: SemanticRecorder | null,
): { lowered: Lowered | null; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink(MAX_ERRORS_PER_COMPILATION);
  sink.pushAll(loadDiagnostics);
  try {
    return lowerInto(sink, modules, entryFile, variant, recorder);
  } catch (error) {
    if (!(error instanceof DiagnosticOverflow)) throw error;
    sink.pushAll([{ code: 'limit/diagnostics', severity: 'error', file: entryFile, message: `compiling stopped after ${error.budget} errors`, hint: 'fix the first ones: later ones often follow from them' }]);
    return { lowered: null, diagnostics: sink.list };
  }
}

function lowerInto(
  sink: DiagnosticSink, modules: LoadedModule[], entryFile: string, variant: string | null, recorder: SemanticRecorder | null,
): { lowered: Lowered | null; diagnostics: Diagnostic[] } {
  const entry = modules[modules.length - 1];
  if (!entry) return { lowered: null, diagnostics: sink.list };
  // A size beyond its budget would make lowering itself run out of time or memory, and a
  // reserved name (`__proto__`) would be lost in the objects lowering builds: stop here.
  const reserved = checkReservedNames(modules, sink);
  if (checkDeclaredSizes(modules, sink) || reserved) return { lowered: null, diagnostics: sink.list };
  const table = buildDeclarationTable(modules, variant, sink, entry.file, recorder);
  if (variant !== null && !table.variants.some((v) => v.name === variant)) {
    const names = table.variants.map((v) => v.name);
    sink.error('resolve/unknown-variant', `there is no variant \`${variant}\``, entryFile, undefined,
      didYouMean(variant, names) ?? (names.length ? `variants: ${names.join(', ')}` : 'this scenario declares no variants'));
    return { lowered: null, diagnostics: sink.list };
  }
  const { graph, lowerers, lint } = buildGraph(modules, entry, table, variant, sink, recorder);
  const tests: CompiledTest[] = [];
  // Test blocks are always resolved: their mistakes are the file's errors, and what they read is used.
  for (const { decl, origin } of collectTests(modules)) {
    const wanted = testVariant(decl);
    // A test naming an unknown variant is still checked, against the base game.
    const runsHere = wanted === variant || (variant === null && wanted !== null && !table.variants.some((v) => v.name === wanted));
    if (runsHere) tests.push(...lowerTests(lowerers, decl, origin));
  }
  lint();
  dropLintsOfUnparsedModules(sink);
  dropRepeatsOfParseErrors(sink);
  const hadErrors = sink.hasErrors;
  const valid = validateRuleGraph(graph);
  // After a user error the graph holds placeholders; schema complaints would only repeat it.
  if (!valid.value && !hadErrors) sink.pushAll(valid.diagnostics);
  // The same budgets the engine's loader checks, on the whole graph (sizes computed from constants too).
  if (valid.value && !hadErrors) sink.pushAll(checkGraphBudgets(graph));
  return { lowered: { graph, tests, lowerers, table, hadErrors: sink.hasErrors }, diagnostics: sink.list };
}

/**
 * Lints speak about a module as written; in a module that did not parse, what
 * the parser recovered is not what the author wrote (a declaration cut short
 * looks unused), so its lints are dropped and only the parse errors remain.
 */
function dropLintsOfUnparsedModules(sink: DiagnosticSink): void {
  const unparsed = new Set(sink.list.filter((d) => d.severity === 'error' && d.code.startsWith('parse/')).map((d) => d.file));
  if (unparsed.size === 0) return;
  const kept = sink.list.filter((d) => !(d.code.startsWith('lint/') && unparsed.has(d.file)));
  sink.list.length = 0;
  sink.pushAll(kept);
}

/**
 * A parse error is the one report of its mistake: what the parser recovered there (a word taken
 * for a name, a list cut short) is not what the author meant, so a later diagnostic on the same
 * text (`\`ofx\` is not declared` after "expected `at`, found `ofx`") would report it again.
 */
function dropRepeatsOfParseErrors(sink: DiagnosticSink): void {
  const parse = sink.list.filter((d) => d.severity === 'error' && d.code.startsWith('parse/') && d.range !== undefined);
  if (parse.length === 0) return;
  const repeats = (d: Diagnostic): boolean =>
    !d.code.startsWith('parse/') && d.range !== undefined &&
    parse.some((p) => p.file === d.file && p.range!.start.offset <= d.range!.end.offset && d.range!.start.offset <= p.range!.end.offset);
  const kept = sink.list.filter((d) => !repeats(d));
  sink.list.length = 0;
  sink.pushAll(kept);
}

export function diagnosticKey(d: Diagnostic): string {
  return `${d.code}|${d.file ?? ''}|${d.range?.start.offset ?? ''}|${d.range?.end.offset ?? ''}|${d.message}`;
}

export function internalError(error: unknown, entry: string): Diagnostic {
  // The message only: a stack is for `--debug`, not for the author's screen.
  const detail = error instanceof Error ? error.message : String(error);
  return {
    code: 'compiler/internal-error', severity: 'error', file: entry,
    message: `the compiler failed (this is a bug in Houserules, not in your rules): ${detail}`,
    hint: 'please report it with the file that triggered it',
  };
}
