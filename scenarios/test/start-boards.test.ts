// The committed pictures of the scenarios' start boards are what the scenarios draw now.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenariosDir, startBoards } from '../start-boards.ts';

const boards = startBoards();

describe('start boards (scenarios/*/board*.svg)', () => {
  it('draws every scenario with a board', () => {
    expect(boards.map((b) => b.file)).toEqual(expect.arrayContaining(['catan/board-base.svg', 'catan/board-five-six.svg', 'catan/board-seafarers.svg']));
  });

  it.each(boards.map((b) => [b.file, b] as const))('%s is current (regenerate with `pnpm boards`)', (file, board) => {
    const path = join(scenariosDir, file);
    expect(existsSync(path), `scenarios/${file} is missing: run \`npx -y pnpm@12.4.2 boards\``).toBe(true);
    expect(readFileSync(path, 'utf8') === board.svg, `scenarios/${file} is not what the scenario draws now: run \`npx -y pnpm@12.4.2 boards\` and review the picture`).toBe(true);
  });

  it('leaves no picture of a board no scenario draws', () => {
    const drawn = new Set(boards.map((b) => b.file));
    const committed = readdirSync(scenariosDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => readdirSync(join(scenariosDir, d.name)).filter((f) => /^board(-.*)?\.svg$/.test(f)).map((f) => `${d.name}/${f}`));
    expect(committed.filter((f) => !drawn.has(f))).toEqual([]);
  });
});
