import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/main.ts';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const diamantDir = join(repoRoot, 'scenarios/diamant');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command in-process with captured output; `input` is what it reads from stdin, line by line (`play`). */
export async function runCli(argv: string[], cwd = repoRoot, input?: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    cwd,
    ...(input !== undefined ? { stdin: scriptedInput(input) } : {}),
  });
  return { code, stdout, stderr };
}

/**
 * A private copy of scenarios/diamant (as tmp/diamant/diamant.rules) to break
 * or reformat, in a project of its own (tmp/package.json marks its root).
 */
export function copyDiamant(): { dir: string; file: string } {
  const root = mkdtempSync(join(tmpdir(), 'houserules-cli-'));
  writeFileSync(join(root, 'package.json'), '{ "private": true }\n');
  const dir = join(root, 'diamant');
  cpSync(diamantDir, dir, { recursive: true, filter: (src) => !src.includes('node_modules') });
  return { dir, file: join(dir, 'diamant.rules') };
}

/** Lines as a stream arrives: in chunks that do not end where the lines do. */
async function* scriptedInput(lines: string[]): AsyncGenerator<string> {
  const text = lines.map((l) => `${l}\n`).join('');
  for (let i = 0; i < text.length; i += 7) yield text.slice(i, i + 7);
}
