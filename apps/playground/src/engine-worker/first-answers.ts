// What the engine worker answers at once while the project is still the repo's own files: the opening scenario's
// check, the gallery's catalog and every module's test list, computed at build time by the worker's own functions
// (build/first-answers.ts). A fresh visitor's page asks exactly these while Monaco loads; before, the worker compiled
// its 1.8 MB and checked cold for them, ~1 s of CPU (2–3 s on a busy machine) taken from Monaco's parse on the same
// two cores. Once any file differs from the repo's, every answer is the engine's (engine-handlers.ts), as before.
import type { Catalog, CheckResult, TestBlock } from '../protocol/engine-protocol.ts';

export interface FirstAnswerSet {
  /** by entry file: only the scenario the page opens on */
  check: Record<string, CheckResult>;
  catalog: Catalog;
  /** by module file: every `.rules` file of the repo */
  tests: Record<string, TestBlock[]>;
}

/** The build's answers, given only while every file is the repo's (the author's files, one by one, say otherwise). */
export class FirstAnswers {
  /** the files that differ from the repo's: the author's own, and the repo's edited */
  private readonly differing = new Set<string>();

  constructor(
    private readonly answers: FirstAnswerSet | null,
    private readonly repoFiles: Readonly<Record<string, string>>,
  ) {}

  /** `files/author`: the author's files replace the last set. */
  authored(files: Record<string, string>): void {
    this.differing.clear();
    for (const [path, text] of Object.entries(files)) this.changed(path, text);
  }

  /** `files/change`: one file's new text (null: removed). */
  changed(path: string, text: string | null): void {
    const repo = Object.hasOwn(this.repoFiles, path) ? this.repoFiles[path] : undefined;
    // as the repo has it: its text, or (null) absent
    if (text === null ? repo === undefined : text === repo) this.differing.delete(path);
    else this.differing.add(path);
  }

  get pristine(): boolean {
    return this.answers !== null && this.differing.size === 0;
  }

  check(entry: string): CheckResult | undefined {
    return this.pristine ? this.answers!.check[entry] : undefined;
  }

  catalog(): Catalog | undefined {
    return this.pristine ? this.answers!.catalog : undefined;
  }

  tests(file: string): TestBlock[] | undefined {
    return this.pristine ? this.answers!.tests[file] : undefined;
  }
}
