// What the engine worker answers at once while the project is still the repo's own files: the opening scenario's
// check, the gallery's catalog and every module's test list, computed at build time by the same functions
// (build/first-answers.ts). A fresh visitor's page asks exactly these while Monaco loads; computing them cold in the
// worker took its ~1 s of CPU (2–3 s on a busy machine) from the same two cores as Monaco's parse. Once any file
// differs from the repo's, every answer is computed again, as before.
import type { Catalog, CheckResult, TestBlock } from '../protocol/engine-protocol.ts';
import { buildCatalog } from './catalog.ts';
import { ProjectFiles } from './project-files.ts';
import { checkScenario } from './scenario-check.ts';
import { listTests } from './test-run.ts';

export interface FirstAnswerSet {
  /** by entry file: only the scenario the page opens on */
  check: Record<string, CheckResult>;
  catalog: Catalog;
  /** by module file: every `.rules` file of the repo */
  tests: Record<string, TestBlock[]>;
}

/** The answers for the repo's files as they are (at build time, in Node). */
export function computeFirstAnswers(files: Record<string, string>, entries: string[]): FirstAnswerSet {
  const project = new ProjectFiles();
  project.setAll(files);
  return {
    check: Object.fromEntries(entries.filter((e) => project.read(e) !== undefined).map((e) => [e, checkScenario(project, e)])),
    catalog: buildCatalog(project),
    tests: Object.fromEntries(project.rulesFiles().map((f) => [f, listTests(project, f)])),
  };
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
