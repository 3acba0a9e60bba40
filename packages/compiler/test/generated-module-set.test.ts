import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '../src/index.ts';
import { generateModuleSet } from '../src/testing/generate-module-set.ts';

describe('the benchmark module set', () => {
  const set = generateModuleSet();

  it('is about 2,000 lines over several modules', () => {
    expect(Object.keys(set.files).length).toBeGreaterThanOrEqual(8);
    expect(set.lines).toBeGreaterThan(1800);
    expect(set.lines).toBeLessThan(2600);
  });

  it('compiles without diagnostics, base and variant, and deterministically', () => {
    const host = createMemoryHost(set.files);
    const base = compile(host, set.entry);
    expect(base.diagnostics).toEqual([]);
    const variant = compile(host, set.entry, { variant: 'generous' });
    expect(variant.diagnostics).toEqual([]);
    expect(variant.value?.rules.find((r) => r.id === 'rule:decide@bench.base')?.status).toBe('overridden');
    expect(JSON.stringify(compile(host, set.entry).value)).toBe(JSON.stringify(base.value));
  });

  it('is the same text for the same parameters', () => {
    expect(generateModuleSet()).toEqual(set);
  });
});
