import { parse, type ModuleRef } from '@houserules/syntax';
import type { ModuleHost } from '@houserules/compiler';

export interface EntryFiles {
  /** The files to compile, in the order given. */
  entries: string[];
  /** Of those, the modules that only add `test` blocks (to a scenario they extend or import), with the derived values, policies and invariants they use. */
  testModules: Set<string>;
}

/** What a test module may declare beside its tests without becoming a scenario: values and checks that change no game. */
const TEST_HELPERS: ReadonlySet<string> = new Set(['DeriveDecl', 'PolicyDecl', 'InvariantDecl']);

/**
 * The files to compile: every file that declares a `scenario`, and every file
 * no other file of the run imports or extends (extensions, variants in their own
 * module, test modules). A base module that is neither is checked through the
 * files built on it, and its diagnostics appear once.
 */
export function findEntryFiles(host: ModuleHost, files: readonly string[]): EntryFiles {
  const referenced = new Set<string>();
  const scenarios = new Set<string>();
  const testModules = new Set<string>();
  for (const file of files) {
    const text = host.readFile(file);
    if (text === undefined) continue;
    const { value: ast } = parse(text, file);
    const refs: ModuleRef[] = [];
    if (ast.module?.extends) refs.push(ast.module.extends);
    let tests = 0;
    let others = 0;
    for (const item of ast.items) {
      if (item.$type === 'ImportDecl') refs.push(item.module);
      else if (item.$type === 'TestDecl') tests++;
      else if (!TEST_HELPERS.has(item.$type)) others++;
      if (item.$type === 'ScenarioDecl') scenarios.add(file);
    }
    if (tests > 0 && others === 0) testModules.add(file);
    for (const ref of refs) {
      const target =
        ref.$type === 'StringLiteral'
          ? host.resolvePath(file, ref.value)
          : host.findModule(ref.parts.map((p) => p.name).join('.'), file);
      if (target !== undefined && target !== file) referenced.add(target);
    }
  }
  const entries = files.filter((f) => scenarios.has(f) || !referenced.has(f));
  // A set of files that only reference each other (a cycle) still needs checking.
  return { entries: entries.length > 0 ? entries : [...files], testModules };
}
