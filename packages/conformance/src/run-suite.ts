import { BOARD_BUILTINS, BUILTIN_ARITY, check, compileTests, normalizePath, type CompiledTest, type ModuleHost } from '@houserules/compiler';
import { createProbe, loadGraph } from '@houserules/engine';
import { walkNodes, type Diagnostic, type RuleGraph, type TestPlan, type Value } from '@houserules/schema';
import { HARD_KEYWORDS, parse, SOFT_KEYWORDS } from '@houserules/syntax';

/** the names the language gives values and collections (docs/language.md, "Context names") */
const CONTEXT_WORDS = ['players', 'player_count', 'current', 'actor', 'self', 'round', 'turn', 'hexes', 'corners', 'edges', 'none'];
import { normalize, readmeRows, splitCite, splitSentences } from './rulebook-sentences.ts';
import type { FileResult, NodeCoverage, RuleCoverage, ScenarioCoverage, SentenceCoverage, SuiteResult, TestResult } from './results.ts';
import { prepareTest, type GameWatcher, type RunLimits } from './run-test.ts';
import { toTestPlan } from './test-plan.ts';

export interface SuiteOptions {
  /** run only tests whose name (or file) contains this text */
  filter?: string;
  limits?: RunLimits;
  /** false: the engine's closures only, never generated code (a page under a strict CSP); default true */
  codegen?: boolean;
  /** called with each test's game as it stands when the test ends (passed or failed): what the diff draws and narrates */
  onGame?: GameWatcher;
}

/** The files among these that hold `test` blocks (they parse and declare at least one test). */
export function findTestFiles(host: Pick<ModuleHost, 'readFile'>, files: string[]): string[] {
  return files.filter((file) => {
    const text = host.readFile(file);
    if (text === undefined || !/\btest\b/.test(text)) return false;
    return (parse(text, file).value?.items ?? []).some((item) => item?.$type === 'TestDecl');
  });
}

/** One scenario test, compiled and ready to run (the vitest adapter registers these one by one). */
export interface PreparedTest {
  plan: TestPlan;
  run: () => TestResult;
}

export interface PreparedFile {
  file: string;
  diagnostics: Diagnostic[];
  tests: PreparedTest[];
  /** the graphs (base and variants) the tests run on */
  graphs: RuleGraph[];
}

/**
 * Compiles a test file: the base scenario and each variant a test asks for.
 * A file that does not compile has only diagnostics: its tests cannot run.
 * Only the file's own tests run (a scenario's tests are run from the scenario file).
 */
export function prepareFile(host: ModuleHost, file: string, options: SuiteOptions = {}): PreparedFile {
  const checked = check(host, file);
  const errors = checked.diagnostics.filter((d) => d.severity === 'error');
  const out: PreparedFile = { file, diagnostics: checked.diagnostics, tests: [], graphs: [] };
  if (errors.length > 0) return out;
  const own = normalizePath(file);
  const found: { test: CompiledTest; graph: RuleGraph; variant: string | null }[] = [];
  for (const variant of [null, ...checked.value.variants]) {
    const compiled = compileTests(host, file, variant === null ? {} : { variant });
    if (!compiled.value) {
      out.diagnostics.push(...compiled.diagnostics.filter((d) => d.severity === 'error'));
      continue;
    }
    const mine = compiled.value.tests.filter((t) => normalizePath(t.provenance.file) === own);
    if (variant === null || mine.length > 0) out.graphs.push(compiled.value.graph);
    for (const test of mine) found.push({ test, graph: compiled.value.graph, variant });
  }
  found.sort((a, b) => a.test.provenance.range.start.offset - b.test.provenance.range.start.offset);
  const source = host.readFile(file) ?? '';
  const plans = found.map(({ test, graph, variant }, i) => ({ plan: toTestPlan(test, i, graph, source), graph, variant }));
  const filter = options.filter?.toLowerCase();
  // One loaded graph per graph and values of the options that shape its board (a test setting one
  // runs on a board built for it).
  const byGraph = new Map<string, { graph: RuleGraph; boardOptions: Record<string, Value>; plans: TestPlan[] }>();
  const graphKeys = new Map<RuleGraph, number>();
  for (const { plan, graph } of plans) {
    if (filter && !plan.name.toLowerCase().includes(filter) && !file.toLowerCase().includes(filter)) continue;
    const boardOptions = boardOptionsOf(graph, plan.options);
    if (!graphKeys.has(graph)) graphKeys.set(graph, graphKeys.size);
    const key = `${graphKeys.get(graph)} ${JSON.stringify(boardOptions)}`;
    const entry = byGraph.get(key) ?? { graph, boardOptions, plans: [] };
    entry.plans.push(plan);
    byGraph.set(key, entry);
  }
  for (const { graph, boardOptions, plans: list } of byGraph.values()) {
    const loaded = loadGraph(graph, { codegen: options.codegen ?? true, options: boardOptions });
    if (!loaded.value) {
      out.diagnostics.push(...loaded.diagnostics);
      continue;
    }
    const probe = createProbe(loaded.value);
    const prepared = list.map((plan) => ({ plan, runOn: safePrepare(plan, probe) }));
    // Every probe is compiled before any game exists: the graph's local slots are final now.
    const lg = probe.graph();
    for (const { plan, runOn } of prepared) out.tests.push({ plan, run: () => runOn(lg, options.limits, options.onGame) });
  }
  out.tests.sort((a, b) => a.plan.provenance.range.start.offset - b.plan.provenance.range.start.offset);
  return out;
}

/** The values a test gives the options its graph's board depends on (spots and paths `when` an option has a value). */
function boardOptionsOf(graph: RuleGraph, given: Record<string, Value>): Record<string, Value> {
  const shaping = new Set<string>();
  for (const b of graph.boards ?? []) for (const item of [...(b.internals?.spots ?? []), ...(b.internals?.paths ?? [])]) if (item.when) shaping.add(item.when.option);
  const out: Record<string, Value> = {};
  for (const o of graph.options) {
    if (!shaping.has(o.id)) continue;
    const v = given[o.name] ?? given[o.id];
    if (v !== undefined) out[o.name] = v;
  }
  return out;
}

/** One broken test (an internal failure while compiling or running it) never stops the others. */
function safePrepare(plan: TestPlan, probe: Parameters<typeof prepareTest>[1]): ReturnType<typeof prepareTest> {
  let run: ReturnType<typeof prepareTest>;
  try {
    run = prepareTest(plan, probe);
  } catch (error) {
    return () => crashed(plan, error);
  }
  return (lg, limits, onGame) => {
    try {
      return run(lg, limits, onGame);
    } catch (error) {
      return crashed(plan, error);
    }
  };
}

function crashed(plan: TestPlan, error: unknown): TestResult {
  return {
    id: plan.id,
    name: plan.name,
    file: plan.provenance.file,
    line: plan.provenance.range.start.line,
    scenario: '',
    variant: plan.variant,
    status: 'failed',
    failure: {
      code: 'test/internal-error',
      message: `the runner failed (a bug in Houserules): ${error instanceof Error ? error.message : String(error)}`,
      file: plan.provenance.file,
      range: plan.provenance.range,
      text: `test "${plan.name}"`,
      events: [],
    },
    firings: {},
    steps: 0,
  };
}

export interface RunSuiteInput {
  host: ModuleHost;
  /** test files (see findTestFiles) */
  files: string[];
  /** reads a file that is not a module (the rulebook text, README.md, conformance.json); undefined when absent */
  readText?: (path: string) => string | undefined;
}

/** Runs every test of every file, each in a fresh game, and computes rule coverage per scenario. */
export function runSuite(input: RunSuiteInput, options: SuiteOptions = {}): SuiteResult {
  const files: FileResult[] = [];
  const graphs: RuleGraph[] = [];
  for (const file of input.files) {
    const prepared = prepareFile(input.host, file, options);
    graphs.push(...prepared.graphs);
    files.push({ file, diagnostics: prepared.diagnostics, tests: prepared.tests.map((t) => t.run()) });
  }
  const tests = files.flatMap((f) => f.tests);
  return {
    files,
    coverage: computeCoverage(graphs, tests, input.readText ?? input.host.readFile.bind(input.host)),
    passed: tests.filter((t) => t.status === 'passed').length,
    failed: tests.filter((t) => t.status === 'failed').length,
    brokenFiles: files.filter((f) => f.diagnostics.some((d) => d.severity === 'error')).length,
  };
}

/**
 * Rule coverage per scenario module (the module whose `scenario` block the
 * graph runs: the most derived one in load order, so an extension such as
 * `module x.sea extends "./base.rules"` with its own `scenario` block is its
 * own scenario). Every active rule of its graphs (base and the variants the
 * tests ran, inherited rules included) with the number of its tests that fired
 * it; `own` marks the rules the scenario module itself adds or overrides.
 */
export function computeCoverage(graphs: RuleGraph[], tests: TestResult[], readText: (path: string) => string | undefined): ScenarioCoverage[] {
  const scenarioSource = scenarioBlockReader(readText);
  const holdsScenario = (file: string): boolean => scenarioSource(file) !== undefined;
  const byScenario = new Map<string, { graphs: RuleGraph[]; module: string; file: string }>();
  for (const g of graphs) {
    const mod = [...g.scenario.modules].reverse().find((m) => holdsScenario(m.file)) ?? g.scenario.modules[0];
    const key = mod ? normalizePath(mod.file) : g.scenario.name;
    const entry = byScenario.get(key) ?? { graphs: [], module: mod?.name ?? g.scenario.name, file: key };
    entry.graphs.push(g);
    byScenario.set(key, entry);
  }
  // every graph of the scenarios in a folder (its README may map the sentences of each)
  const graphsIn = (dir: string): RuleGraph[] => [...byScenario.entries()].filter(([key]) => dirname(key) === dir).flatMap(([, v]) => v.graphs);
  const out: ScenarioCoverage[] = [];
  for (const [key, { graphs: gs, module, file }] of byScenario) {
    const dir = dirname(file);
    const names = new Set(gs.map((g) => g.scenario.name));
    const mine = tests.filter((t) => names.has(t.scenario));
    const rules = new Map<string, RuleCoverage>();
    for (const g of gs) {
      for (const r of g.rules) {
        if (r.status !== 'active' || rules.has(r.id)) continue;
        const own = normalizePath(r.provenance.file) === file;
        rules.set(r.id, { id: r.id, name: r.name, ...(r.provenance.cite !== undefined ? { cite: r.provenance.cite } : {}), tests: 0, own });
      }
    }
    for (const t of mine) for (const [id, n] of Object.entries(t.firings)) if (n > 0) { const r = rules.get(id); if (r) r.tests++; }
    const list = [...rules.values()];
    // actions taken and constraints seen refusing a move, over the same graphs and tests
    const nodes = (kind: 'actions' | 'constraints', seen: (t: TestResult) => Record<string, number> | undefined): NodeCoverage[] => {
      const byId = new Map<string, NodeCoverage>();
      for (const g of gs) {
        for (const n of g[kind]) {
          if (n.status !== 'active' || byId.has(n.id)) continue;
          byId.set(n.id, { id: n.id, name: n.name, ...(n.provenance.cite !== undefined ? { cite: n.provenance.cite } : {}), tests: 0, own: normalizePath(n.provenance.file) === file });
        }
      }
      for (const t of mine) for (const [id, n] of Object.entries(seen(t) ?? {})) if (n > 0) { const c = byId.get(id); if (c) c.tests++; }
      return [...byId.values()];
    };
    const actions = nodes('actions', (t) => t.actions);
    const constraints = nodes('constraints', (t) => t.refusals);
    const first = gs[0]!;
    const threshold = thresholds(readJson(readText(joinPath(dir, 'conformance.json'))), module);
    out.push({
      scenario: key,
      module,
      title: first.scenario.title,
      rules: list,
      percent: percentFired(list),
      actions,
      actionPercent: percentFired(actions),
      actionThreshold: threshold.actions,
      constraints,
      constraintPercent: percentFired(constraints),
      constraintThreshold: threshold.constraints,
      threshold: threshold.all,
      ownPercent: percentFired(list.filter((r) => r.own)),
      ownThreshold: threshold.own,
      sentences: first.scenario.source
        ? sentenceCoverage(findUpwards(dir, first.scenario.source, readText), readText(joinPath(dir, 'README.md')), gs, mine, inheritedRulebooks(first, file, scenarioSource, readText), graphsIn(dir))
        : null,
      sentenceThreshold: threshold.sentences,
    });
  }
  return out;
}

function percentFired(rules: RuleCoverage[]): number {
  const fired = rules.filter((r) => r.tests > 0).length;
  return rules.length === 0 ? 100 : Math.floor((fired / rules.length) * 1000) / 10;
}

/**
 * A folder's conformance.json: `{ "coverage": 100 }` holds for every scenario
 * module in it; `{ "coverage": { "<module>": 100 } }` names each module, and
 * `{ "coverage": { "<module>": { "all": 80, "own": 100 } } }` also sets the
 * threshold of the rules the module adds or overrides.
 */
type Thresholds = { all: number | null; own: number | null; sentences: number | null; actions: number | null; constraints: number | null };

function thresholds(settings: Record<string, unknown> | null, module: string): Thresholds {
  const none: Thresholds = { all: null, own: null, sentences: null, actions: null, constraints: null };
  const value = settings?.['coverage'];
  if (typeof value === 'number') return { ...none, all: value };
  if (!value || typeof value !== 'object') return none;
  const mine = (value as Record<string, unknown>)[module];
  if (typeof mine === 'number') return { ...none, all: mine };
  if (!mine || typeof mine !== 'object') return none;
  const { all, own, sentences, actions, constraints } = mine as Record<string, unknown>;
  const num = (x: unknown): number | null => (typeof x === 'number' ? x : null);
  return { all: num(all), own: num(own), sentences: num(sentences), actions: num(actions), constraints: num(constraints) };
}

/** Whether a module file declares a `scenario` block (each file parsed once). */
/** Reads a module's `scenario` block: undefined when it has none, else its rulebook `source` ('' when it names none). */
function scenarioBlockReader(readText: (path: string) => string | undefined): (file: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  return (file) => {
    if (known.has(file)) return known.get(file);
    const text = readText(file);
    let source: string | undefined;
    if (text !== undefined && /\bscenario\b/.test(text)) {
      for (const item of parse(text, file).value?.items ?? []) {
        if (item?.$type === 'ScenarioDecl') source = item.source?.value ?? '';
      }
    }
    known.set(file, source);
    return source;
  };
}

/** The rulebooks of the scenarios a scenario extends: an inherited rule may cite them. */
function inheritedRulebooks(g: RuleGraph, own: string, scenarioSource: (file: string) => string | undefined, readText: (path: string) => string | undefined): string {
  const texts: string[] = [];
  for (const m of g.scenario.modules) {
    if (normalizePath(m.file) === own) continue;
    const source = scenarioSource(m.file);
    if (!source) continue;
    const text = findUpwards(dirname(normalizePath(m.file)), source, readText);
    if (text !== undefined) texts.push(text);
  }
  return texts.join('\n');
}

function sentenceCoverage(text: string | undefined, readme: string | undefined, graphs: RuleGraph[], tests: TestResult[], inherited = '', folderGraphs: RuleGraph[] = graphs): SentenceCoverage | null {
  if (text === undefined) return null;
  const sentences = splitSentences(text);
  const cites = graphs.flatMap((g) => citesOf(g)).map(normalize);
  const testCites = tests.map((t) => normalize(t.cite ?? ''));
  const rows = readme ? readmeRows(readme) : [];
  const out: SentenceCoverage = { total: sentences.length, flavour: 0, unimplemented: [], untested: [], unknownCites: [] };
  // A cite is known when it quotes this scenario's rulebook or one it extends.
  const whole = normalize(`${text}\n${inherited}`);
  const allCites = [...graphs.flatMap((g) => citesOf(g)), ...tests.map((t) => t.cite ?? '')];
  for (const cite of allCites) {
    for (const part of splitCite(cite)) {
      if (!whole.includes(normalize(part)) && !out.unknownCites.includes(part)) out.unknownCites.push(part);
    }
  }
  // the names a row says implement a sentence must be there: a rule, an action, any declaration, a value
  // of the scenarios whose README it is (a folder's README may map the sentences of several)
  const known = namesOf(folderGraphs);
  let covered = 0;
  for (const s of sentences) {
    const n = normalize(s);
    const row = rows.find((r) => r.sentence.includes(n));
    for (const name of row?.names ?? []) if (!known.has(name) && !(out.unknownNames ??= []).includes(name)) out.unknownNames.push(name);
    if (row?.flavour) {
      out.flavour++;
      continue;
    }
    const unimplemented = !row && !cites.some((c) => c.includes(n));
    const untested = !testCites.some((c) => c.includes(n));
    if (unimplemented) out.unimplemented.push(s);
    if (untested) out.untested.push(s);
    if (!unimplemented && !untested) covered++;
  }
  const countable = sentences.length - out.flavour;
  out.percent = countable === 0 ? 100 : Math.floor((covered / countable) * 1000) / 10;
  return out;
}

/**
 * Every name a README row may give for a scenario: its graphs' names (nodes, ids without their
 * kind, named choices, enum members and other values), the language's words and its builtins.
 */
function namesOf(graphs: RuleGraph[]): Set<string> {
  const out = new Set<string>([...HARD_KEYWORDS, ...SOFT_KEYWORDS, ...BOARD_BUILTINS, ...Object.keys(BUILTIN_ARITY), ...CONTEXT_WORDS]);
  for (const g of graphs) {
    walkNodes(g, (node) => {
      for (const v of Object.values(node)) {
        if (typeof v === 'string') out.add(v.slice(v.indexOf(':') + 1)).add(v);
        else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.add(x.slice(x.indexOf(':') + 1)).add(x);
      }
      return undefined;
    });
  }
  return out;
}

/** Every cite string of a graph's nodes. */
function citesOf(g: RuleGraph): string[] {
  const out: string[] = [];
  for (const list of Object.values(g) as unknown[]) {
    if (!Array.isArray(list)) continue;
    for (const node of list as { provenance?: { cite?: string } }[]) if (node?.provenance?.cite) out.push(node.provenance.cite);
  }
  if (g.ranking?.provenance.cite) out.push(g.ranking.provenance.cite);
  return out;
}

function readJson(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A scenario's `source` is looked up from the scenario's folder upwards (`scenarios/diamant/rulebook.txt` from the repository root). */
function findUpwards(dir: string, ref: string, readText: (path: string) => string | undefined): string | undefined {
  // Uncited sentences are printed: a scenario's `source` may name a rulebook text, never another kind of file.
  if (!RULEBOOK_FILE.test(ref)) return undefined;
  let d = dir;
  for (let i = 0; i < 12; i++) {
    const text = readText(joinPath(d, ref));
    if (text !== undefined) return text;
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  return undefined;
}

/** What a scenario's `source` may name: a plain-text or markdown rulebook. */
const RULEBOOK_FILE = /\.(txt|md)$/i;

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  if (i < 0) return '.';
  return i === 0 ? '/' : path.slice(0, i);
}

function joinPath(dir: string, ref: string): string {
  return normalizePath(`${dir}/${ref}`);
}
