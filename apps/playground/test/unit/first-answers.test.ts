// The engine worker's built-in answers (src/engine-worker/first-answers.ts): computed by the worker's own functions
// on the repo's files, and given only while every file is the repo's.
import { describe, expect, it } from 'vitest';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeFirstAnswers } from '../../build/first-answers.ts';
import { collectScenarioFiles } from '../../build/scenario-bundle.ts';
import { buildCatalog } from '../../src/engine-worker/catalog.ts';
import { FirstAnswers } from '../../src/engine-worker/first-answers.ts';
import { ProjectFiles } from '../../src/engine-worker/project-files.ts';
import { checkScenario } from '../../src/engine-worker/scenario-check.ts';
import { listTests } from '../../src/engine-worker/test-run.ts';
import { DEFAULT_ENTRY } from '../../src/protocol/engine-protocol.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const repoFiles = Object.fromEntries(collectScenarioFiles(repoRoot).map((f) => [f.path, f.text]));
// as the build embeds them: through JSON
const answers = JSON.parse(JSON.stringify(computeFirstAnswers(repoFiles, [DEFAULT_ENTRY, 'scenarios/nowhere.rules'])));

describe("the engine worker's built-in answers", () => {
  it('are what the worker computes on the repo files: the opening check, the catalog, every test list', () => {
    const project = new ProjectFiles();
    project.setAll(repoFiles);
    // said to be the build's (its time is the build's, not the page's), which the worker's own check is not
    const { ms: _builtMs, built, ...check } = answers.check[DEFAULT_ENTRY];
    expect(built).toBe(true);
    const { ms: _nowMs, ...computed } = JSON.parse(JSON.stringify(checkScenario(project, DEFAULT_ENTRY)));
    expect(computed.built).toBeUndefined();
    expect(check).toEqual(computed);
    expect(check.ok).toBe(true);
    expect(answers.check['scenarios/nowhere.rules']).toBeUndefined();
    expect(answers.catalog).toEqual(JSON.parse(JSON.stringify(buildCatalog(project))));
    for (const file of project.rulesFiles()) expect(answers.tests[file]).toEqual(JSON.parse(JSON.stringify(listTests(project, file))));
    expect(Object.values(answers.tests).some((t) => (t as unknown[]).length > 0)).toBe(true);
  });

  it('are given while every file is the repo’s, and not once one differs, until it is the repo’s again', () => {
    const first = new FirstAnswers(answers, repoFiles);
    const testFile = Object.keys(answers.tests)[0]!;
    expect(first.check(DEFAULT_ENTRY)).toBe(answers.check[DEFAULT_ENTRY]);
    expect(first.catalog()).toBe(answers.catalog);
    expect(first.tests(testFile)).toBe(answers.tests[testFile]);
    // an author with no files of their own
    first.authored({});
    expect(first.pristine).toBe(true);
    // an edit of the opening scenario
    first.changed(DEFAULT_ENTRY, repoFiles[DEFAULT_ENTRY] + '\n// mine');
    expect([first.check(DEFAULT_ENTRY), first.catalog(), first.tests(testFile)]).toEqual([undefined, undefined, undefined]);
    // undone
    first.changed(DEFAULT_ENTRY, repoFiles[DEFAULT_ENTRY]!);
    expect(first.check(DEFAULT_ENTRY)).toBe(answers.check[DEFAULT_ENTRY]);
    // a new file, a repo file removed, the author's files from storage or a link
    first.changed('scenarios/mine/house.rules', 'module house');
    expect(first.pristine).toBe(false);
    first.changed('scenarios/mine/house.rules', null);
    expect(first.pristine).toBe(true);
    first.changed(DEFAULT_ENTRY, null);
    expect(first.pristine).toBe(false);
    first.authored({ 'scenarios/mine/house.rules': 'module house' });
    expect(first.catalog()).toBeUndefined();
    first.authored({ [DEFAULT_ENTRY]: repoFiles[DEFAULT_ENTRY]! });
    expect(first.catalog()).toBe(answers.catalog);
  });

  it('are never given when the build has none', () => {
    expect(new FirstAnswers(null, repoFiles).check(DEFAULT_ENTRY)).toBeUndefined();
  });
});
