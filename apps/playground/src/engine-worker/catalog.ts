// The gallery's list: every module with a `scenario` block, and each of its variants, with its tests and the
// modules it builds on. Computed from the files themselves, so a new scenario folder shows up on its own.
import { loadModules, normalizePath } from '@houserules/compiler';
import type { RulesFile } from '@houserules/syntax';
import type { Catalog, CatalogEntry } from '../protocol/engine-protocol.ts';
import type { ProjectFiles } from './project-files.ts';

interface FileFacts {
  file: string;
  ast: RulesFile | null;
  base: string | undefined;
  modules: string[];
  hasTests: boolean;
  /** the variants of every module it loads (an extension plays its base's variants too) */
  variants: { name: string; title: string | null }[];
}

function factsOf(project: ProjectFiles, file: string): FileFacts {
  const loaded = loadModules(project.host, file, project.cache.parse);
  const self = loaded.value.find((m) => normalizePath(m.file) === file);
  const ast = self?.ast ?? null;
  const variants: FileFacts['variants'] = [];
  for (const m of loaded.value) {
    for (const item of m.ast.items ?? []) {
      if (item?.$type === 'VariantDecl' && item.name?.name && !variants.some((v) => v.name === item.name.name)) {
        variants.push({ name: item.name.name, title: item.title?.value ?? null });
      }
    }
  }
  return {
    variants,
    file,
    ast,
    base: self?.base !== undefined ? normalizePath(self.base) : undefined,
    modules: loaded.value.map((m) => normalizePath(m.file)),
    hasTests: (ast?.items ?? []).some((item) => item?.$type === 'TestDecl'),
  };
}

export function buildCatalog(project: ProjectFiles): Catalog {
  const facts = project.rulesFiles().map((file) => factsOf(project, file));
  const entries: CatalogEntry[] = [];
  for (const f of facts) {
    const items = f.ast?.items ?? [];
    const scenario = items.find((item) => item?.$type === 'ScenarioDecl');
    if (!scenario || scenario.$type !== 'ScenarioDecl') continue;
    const tests = facts.filter((t) => t.hasTests && (t.file === f.file || t.base === f.file)).map((t) => t.file);
    const common = {
      file: f.file,
      title: scenario.title?.value ?? f.file,
      module: f.ast?.module ? f.ast.module.name.parts.map((p) => p.name).join('.') : f.file.replace(/^.*\//, '').replace(/\.rules$/, ''),
      players: scenario.players ? { min: scenario.players.min, max: scenario.players.max } : null,
      tests,
      dependencies: f.modules.filter((m) => m !== f.file),
    };
    entries.push({ id: f.file, variant: null, variantTitle: null, ...common });
    for (const v of f.variants) entries.push({ id: `${f.file}#${v.name}`, variant: v.name, variantTitle: v.title, ...common });
  }
  return { entries };
}
