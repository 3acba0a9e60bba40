import { describe, expect, it } from 'vitest';
import { parse } from '@houserules/syntax';
import { compile, createMemoryHost, createParseCache } from '../src/index.ts';
import { generateModuleSet } from '../src/testing/generate-module-set.ts';

const set = generateModuleSet();
const files = Object.keys(set.files);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe('the parse cache', () => {
  it('parses each file once over repeated compilations, with the same result as without it', () => {
    const cache = createParseCache();
    const plain = JSON.stringify(compile(createMemoryHost(set.files), set.entry));
    expect(JSON.stringify(compile(createMemoryHost(set.files), set.entry, { parse: cache.parse }))).toBe(plain);
    expect(cache.parsed).toBe(files.length);
    expect(JSON.stringify(compile(createMemoryHost(set.files), set.entry, { parse: cache.parse }))).toBe(plain);
    expect(cache.parsed).toBe(files.length);
  });

  it('re-parses only the edited module, and compiles the edit as a fresh compilation would', () => {
    const cache = createParseCache();
    compile(createMemoryHost(set.files), set.entry, { parse: cache.parse });
    const edited = files.find((f) => f !== set.entry)!;
    const editedFiles = { ...set.files, [edited]: `${set.files[edited]!}\nevent added_by_edit\n` };
    const incremental = compile(createMemoryHost(editedFiles), set.entry, { parse: cache.parse });
    expect(cache.parsed).toBe(files.length + 1);
    expect(incremental.value?.events.some((e) => e.id === 'event:added_by_edit')).toBe(true);
    expect(JSON.stringify(incremental)).toBe(JSON.stringify(compile(createMemoryHost(editedFiles), set.entry)));
  });

  it('may share ASTs: compiling never mutates one', () => {
    const frozen = (text: string, file: string) => deepFreeze(parse(text, file));
    const base = compile(createMemoryHost(set.files), set.entry, { parse: frozen });
    expect(base.diagnostics).toEqual([]);
    expect(JSON.stringify(base)).toBe(JSON.stringify(compile(createMemoryHost(set.files), set.entry)));
    const variant = compile(createMemoryHost(set.files), set.entry, { parse: frozen, variant: 'generous' });
    expect(variant.diagnostics).toEqual([]);
  });
});
