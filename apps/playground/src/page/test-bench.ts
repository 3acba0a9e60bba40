// The Tests view's state: the test blocks of the open scenario's files, the last run's results and coverage,
// and what the editor shows from them (▶ above each test, pass/fail in the gutter, the coverage heat map).
import { computed, effect, signal } from '@preact/signals';
import type { TestBlock, TestReport, TestRunResult } from '../protocol/engine-protocol.ts';
import type { Playground } from './playground.ts';

export class TestBench {
  readonly blocks = signal<Map<string, TestBlock[]>>(new Map());
  /** the latest result of each test, by `file|name` */
  readonly results = signal<Map<string, TestReport>>(new Map());
  readonly lastRun = signal<TestRunResult | null>(null);
  readonly running = signal<{ done: number; total: number } | null>(null);
  readonly selected = signal<string | null>(null);
  readonly heatMap = signal(false);
  /** the workspace revision the last run saw: once the files change, its results are stale (marked, not shown as now) */
  readonly runRevision = signal<number | null>(null);
  readonly stale = computed(() => this.runRevision.value !== null && this.runRevision.value !== this.pg.revision.value);
  private cancel: (() => void) | null = null;
  private entryOfResults: string | null = null;

  /** the open scenario's test files, and the scenario itself (a house rule often holds its own tests) */
  readonly files = computed(() => {
    const entry = this.pg.entry.value;
    return entry ? [...new Set([...entry.tests, entry.file])] : [];
  });
  readonly passed = computed(() => [...this.results.value.values()].filter((r) => r.status === 'passed').length);
  readonly failed = computed(() => [...this.results.value.values()].filter((r) => r.status === 'failed').length);

  constructor(private readonly pg: Playground) {
    // Test blocks are listed again when the open scenario changes or a check follows an edit (not at each
    // keystroke: the check waits for a pause in the typing, and listing reads every test file again).
    effect(() => {
      void pg.check.value;
      void this.refreshBlocks(this.files.value);
    });
    // Another scenario: the last one's results are not this one's.
    effect(() => {
      const entry = pg.entryId.value;
      if (this.entryOfResults !== null && this.entryOfResults !== entry) this.clear();
      this.entryOfResults = entry;
    });
  }

  clear(): void {
    this.results.value = new Map();
    this.lastRun.value = null;
    this.selected.value = null;
    this.runRevision.value = null;
  }

  async refreshBlocks(files: string[]): Promise<void> {
    const out = new Map<string, TestBlock[]>();
    for (const file of files) {
      const blocks = await this.pg.engine.request('tests/list', { file });
      if (blocks.length > 0) out.set(file, blocks);
    }
    this.blocks.value = out;
  }

  async runAll(): Promise<void> {
    await this.run([...this.blocks.value.keys()]);
  }

  async runOne(file: string, name: string): Promise<void> {
    await this.run([file], [{ file, name }]);
  }

  async run(files: string[], only?: { file: string; name: string }[]): Promise<void> {
    this.cancel?.();
    const total = only ? only.length : [...this.blocks.value].filter(([f]) => files.includes(f)).reduce((n, [, b]) => n + b.length, 0);
    this.running.value = { done: 0, total };
    const revision = this.pg.revision.value;
    const entry = this.pg.entryId.value;
    const pending = this.pg.engine.start('tests/run', { files, ...(only ? { only } : {}) }, (p) => (this.running.value = { done: p.done, total }));
    this.cancel = pending.cancel;
    try {
      const result = await pending.result;
      // a run for a scenario no longer open is not shown
      if (entry !== this.pg.entryId.value) return;
      // one test run again on changed files: the others' results are from before, so only this run's are kept
      const results = new Map(only && !this.stale.value ? this.results.value : []);
      for (const t of result.tests) results.set(keyOf(t.file, t.name), t);
      this.results.value = results;
      this.lastRun.value = result;
      this.runRevision.value = revision;
      const firstFailure = result.tests.find((t) => t.status === 'failed');
      if (firstFailure && only) this.open(firstFailure);
    } finally {
      this.running.value = null;
      this.cancel = null;
    }
  }

  stop(): void {
    this.cancel?.();
  }

  /** Opens a test at its failing step (or its first line when it passed). */
  open(t: TestReport): void {
    this.selected.value = keyOf(t.file, t.name);
    if (t.failure) this.pg.openFile(t.failure.file, t.failure.range);
    else this.pg.openFile(t.file, t.range);
  }

  result(file: string, name: string): TestReport | undefined {
    return this.results.value.get(keyOf(file, name));
  }
}

export const keyOf = (file: string, name: string): string => `${file}|${name}`;

const benches = new WeakMap<Playground, TestBench>();
export function testBench(pg: Playground): TestBench {
  let b = benches.get(pg);
  if (!b) {
    b = new TestBench(pg);
    benches.set(pg, b);
  }
  return b;
}
