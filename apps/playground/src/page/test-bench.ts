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
  private cancel: (() => void) | null = null;

  /** the open scenario's test files, and the scenario itself (a house rule often holds its own tests) */
  readonly files = computed(() => {
    const entry = this.pg.entry.value;
    return entry ? [...new Set([...entry.tests, entry.file])] : [];
  });
  readonly passed = computed(() => [...this.results.value.values()].filter((r) => r.status === 'passed').length);
  readonly failed = computed(() => [...this.results.value.values()].filter((r) => r.status === 'failed').length);

  constructor(private readonly pg: Playground) {
    // Test blocks are listed again whenever the files or the open scenario change.
    effect(() => {
      void pg.revision.value;
      void this.refreshBlocks(this.files.value);
    });
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
    const pending = this.pg.engine.start('tests/run', { files, ...(only ? { only } : {}) }, (p) => (this.running.value = { done: p.done, total }));
    this.cancel = pending.cancel;
    try {
      const result = await pending.result;
      const results = new Map(only ? this.results.value : []);
      for (const t of result.tests) results.set(keyOf(t.file, t.name), t);
      this.results.value = results;
      this.lastRun.value = result;
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
