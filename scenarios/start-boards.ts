// The start board of every scenario with a board, drawn with @houserules/render: what a game with
// seed 1 and the fewest players shows before its first decision. `pnpm boards` writes them next to
// the scenarios (`board.svg`, or `board-<file>.svg` where a folder holds several scenario modules,
// and `board-<file>-<variant>.svg` for a variant whose start board differs);
// `test/start-boards.test.ts` fails when a committed picture is not what the scenario draws now.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, compile, findModuleInTree, type ModuleHost } from '@houserules/compiler';
import { createGame, loadGraph } from '@houserules/engine';
import { mergeStyles, pictureOf, renderBoard, styleProblems, type BoardPicture, type BoardStyle } from '@houserules/render';
import { parse } from '@houserules/syntax';

export const scenariosDir = dirname(fileURLToPath(import.meta.url));

export interface StartBoard {
  /** where the picture belongs, relative to scenarios/ */
  file: string;
  svg: string;
}

const readText = (path: string): string | undefined => (existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined);
const host: ModuleHost = {
  readFile: readText,
  resolvePath: (fromFile, ref) => resolve(dirname(fromFile), ref),
  findModule: (name, fromFile) => findModuleInTree(name, fromFile, existsSync),
};

/** the `.rules` files of a scenario folder (not its tests) that declare a `scenario` */
export function scenarioModules(folder: string): string[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.rules'))
    .sort()
    .map((f) => join(folder, f))
    .filter((f) => parse(readFileSync(f, 'utf8'), f).value.items.some((i) => i.$type === 'ScenarioDecl'));
}

/** a folder's `style.json`, laid over the styles it `extends` (paths relative to the file); problems throw */
export function loadStyle(folder: string, seen: string[] = []): BoardStyle {
  const path = join(folder, 'style.json');
  if (!existsSync(path)) return {};
  if (seen.includes(path)) throw new Error(`style ${path} extends itself`);
  const style = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const problems = styleProblems(style);
  if (problems.length > 0) throw new Error(`${relative(scenariosDir, path)}: ${problems.join('; ')}`);
  const own = style as BoardStyle;
  if (own.extends === undefined) return own;
  const base = resolve(folder, own.extends);
  return mergeStyles(loadStyle(dirname(base), [...seen, path]), own);
}

/** the start board of a scenario module (or one of its variants), or null when it has no board */
function startPicture(entry: string, variant: string | null): { picture: BoardPicture; title: string } | null {
  const compiled = compile(host, entry, variant === null ? {} : { variant });
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  if (!compiled.value || errors.length > 0) throw new Error(`${entry}: ${errors.map((d) => `${d.code} ${d.message}`).join('; ')}`);
  const loaded = loadGraph(compiled.value);
  if (!loaded.value) throw new Error(`${entry}: ${loaded.diagnostics.map((d) => `${d.code} ${d.message}`).join('; ')}`);
  const game = createGame(loaded.value, { seed: 1, players: compiled.value.scenario.players.min }).value;
  const picture = game ? pictureOf(game) : null;
  return picture ? { picture, title: compiled.value.scenario.title + (variant === null ? '' : ` (${variant})`) } : null;
}

/** every scenario's start board, in folder and file order */
export function startBoards(): StartBoard[] {
  const boards: StartBoard[] = [];
  const folders = readdirSync(scenariosDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'node_modules' && !d.name.startsWith('.'))
    .map((d) => join(scenariosDir, d.name))
    .sort();
  for (const folder of folders) {
    const modules = scenarioModules(folder);
    const style = loadStyle(folder);
    for (const entry of modules) {
      const stem = basename(entry, '.rules');
      const name = modules.length === 1 ? 'board' : `board-${stem}`;
      const base = startPicture(entry, null);
      if (base === null) continue;
      boards.push({ file: relative(scenariosDir, join(folder, `${name}.svg`)), svg: renderBoard(base.picture, style, { title: base.title, legend: true }) });
      const plain = renderBoard(base.picture, style);
      for (const variant of check(host, entry).value?.variants ?? []) {
        const v = startPicture(entry, variant);
        if (v === null || renderBoard(v.picture, style) === plain) continue;
        boards.push({ file: relative(scenariosDir, join(folder, `${name}-${variant.replace(/_/g, '-')}.svg`)), svg: renderBoard(v.picture, style, { title: v.title, legend: true }) });
      }
    }
  }
  return boards;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const b of startBoards()) {
    const path = join(scenariosDir, b.file);
    if (readText(path) === b.svg) continue;
    writeFileSync(path, b.svg);
    process.stdout.write(`wrote scenarios/${b.file}\n`);
  }
}
