// The ```rules blocks of docs/*.md and scenarios/*/README.md, with where they start.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface RulesBlock {
  /** relative to the repository root */
  file: string;
  /** the line of the opening fence (1-based) */
  line: number;
  text: string;
}

export function markdownFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  const scenarioReadmes = readdirSync(join(root, 'scenarios'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'scenarios', d.name, 'README.md')))
    .map((d) => join('scenarios', d.name, 'README.md'));
  return [...docs, ...scenarioReadmes];
}

export function rulesBlocksOf(root: string, file: string): RulesBlock[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: RulesBlock[] = [];
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (start < 0 && /^```rules\s*$/.test(line)) start = i;
    else if (start >= 0 && /^```\s*$/.test(line)) {
      blocks.push({ file, line: start + 1, text: lines.slice(start + 1, i).join('\n') });
      start = -1;
    }
  }
  return blocks;
}

export function markdownRulesBlocks(root: string): RulesBlock[] {
  return markdownFiles(root).flatMap((file) => rulesBlocksOf(root, file));
}
