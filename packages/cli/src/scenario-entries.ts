import { parse } from '@houserules/syntax';
import type { ModuleHost } from '@houserules/compiler';

/**
 * The files to compile as scenarios: every file no other file of the run
 * imports or extends. A base module is then checked through the scenarios
 * built on it, and its diagnostics appear once.
 */
export function findEntryFiles(host: ModuleHost, files: readonly string[]): string[] {
  const referenced = new Set<string>();
  for (const file of files) {
    const text = host.readFile(file);
    if (text === undefined) continue;
    const { value: ast } = parse(text, file);
    const refs = [];
    if (ast.module?.extends) refs.push(ast.module.extends);
    for (const item of ast.items) if (item.$type === 'ImportDecl') refs.push(item.module);
    for (const ref of refs) {
      const target =
        ref.$type === 'StringLiteral'
          ? host.resolvePath(file, ref.value)
          : host.findModule(ref.parts.map((p) => p.name).join('.'), file);
      if (target !== undefined && target !== file) referenced.add(target);
    }
  }
  const entries = files.filter((f) => !referenced.has(f));
  // A set of files that only reference each other (a cycle) still needs checking.
  return entries.length > 0 ? entries : [...files];
}
