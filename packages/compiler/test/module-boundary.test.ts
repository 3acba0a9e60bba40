import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost, MAX_IMPORT_CHAIN, type ModuleHost } from '../src/index.ts';

const GAME = 'scenario "Tiny" {\n  players 2..4\n}\n\nflow {\n  rounds 1 {\n    step go\n  }\n}\n';
const codes = (r: { diagnostics: { code: string }[] }): string[] => r.diagnostics.map((d) => d.code);

describe('module loading of untrusted files', () => {
  it('reads nothing a host refuses, and reports the refusal at the import', () => {
    const base = createMemoryHost({ 'p/main.rules': `import "../secret.rules"\n\n${GAME}`, 'secret.rules': 'SECRET' });
    const read: string[] = [];
    const host: ModuleHost = {
      ...base,
      readFile: (path) => (read.push(path), base.readFile(path)),
      refuse: (path) => (path.startsWith('p/') ? undefined : { code: 'resolve/outside-project', message: `${path} is outside the project` }),
    };
    const result = compile(host, 'p/main.rules');
    expect(codes(result)).toEqual(['resolve/outside-project']);
    expect(result.diagnostics[0]!.range?.start.line).toBe(1);
    expect(read).toEqual(['p/main.rules']);
    expect(JSON.stringify(result)).not.toContain('SECRET');
  });

  it('names a refused entry file, at its start (a file too large is never read, but the diagnostic says which)', () => {
    const host: ModuleHost = { ...createMemoryHost({ 'big.rules': GAME }), refuse: () => ({ code: 'limit/source-size', message: 'big.rules holds too many bytes' }) };
    const result = compile(host, 'big.rules');
    expect(codes(result)).toEqual(['limit/source-size']);
    expect(result.diagnostics[0]!.file).toBe('big.rules');
    expect(result.diagnostics[0]!.range?.start).toEqual({ offset: 0, line: 1, column: 1 });
  });

  it('imports and extends only .rules files', () => {
    const host = createMemoryHost({ 'main.rules': `import "./notes.txt"\n\n${GAME}`, 'notes.txt': 'SECRET' });
    const result = compile(host, 'main.rules');
    expect(codes(result)).toEqual(['module/not-a-rules-file']);
    expect(JSON.stringify(result)).not.toContain('SECRET');
  });

  it('stops a chain of 5,000 imports at the budget, without overflowing the stack', () => {
    const files: Record<string, string> = {};
    const n = 5_000;
    for (let i = 0; i < n; i++) files[`f${i}.rules`] = i === 0 ? `import "./f1.rules"\n\n${GAME}` : `import "./f${i + 1}.rules"\n`;
    files[`f${n}.rules`] = 'derive deep: number = 1\n';
    const result = compile(createMemoryHost(files), 'f0.rules');
    expect(codes(result)).toEqual(['limit/import-chain']);
    expect(result.diagnostics[0]!.file).toBe(`f${MAX_IMPORT_CHAIN - 1}.rules`);
  });

  it('loads a chain within the budget', () => {
    const files: Record<string, string> = {};
    const n = MAX_IMPORT_CHAIN - 1;
    for (let i = 0; i < n; i++) files[`f${i}.rules`] = i === 0 ? `import "./f1.rules"\n\n${GAME}` : `import "./f${i + 1}.rules"\n`;
    files[`f${n}.rules`] = 'derive deep: number = 1\n';
    const result = compile(createMemoryHost(files), 'f0.rules');
    expect(codes(result).filter((c) => c !== 'lint/unused-declaration')).toEqual([]);
    expect(result.value).not.toBeNull();
  });
});
