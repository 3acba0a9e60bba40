// The engine and the renderer name no game: what a game means lives in its .rules files (and a
// scenario's style.json), never in the packages that run and draw every game.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packages = fileURLToPath(new URL('../../packages', import.meta.url));
const GAME_WORDS =
  /\b(catan|seafarers|settlements?|city|cities|roads?|ships?|robber|pirate|harbou?rs?|diamonds? mines?|mines?|villages?|coffee|kaffee|beans?|durango|silver|rub(y|ies)|relics?|treasures?|forest|pasture|hills|mountains|desert|brick|lumber|wool|grain|ore|knights?)\b/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('packages that name no game', () => {
  it.each(['engine', 'render'])('%s/src has no word of a game', (name) => {
    const found = sourceFiles(join(packages, name, 'src')).flatMap((file) =>
      readFileSync(file, 'utf8').split('\n').flatMap((line, i) => {
        const m = GAME_WORDS.exec(line);
        return m ? [`${file.slice(packages.length + 1)}:${i + 1}: ${m[0]}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });
});
