import { describe, expect, it } from 'vitest';
import committed from '../src/generated/validate-rule-graph.js?raw';
import { generateValidatorSource } from '../scripts/validator-source.mjs';
import { ruleGraphSchema } from '../src/index.ts';

describe('the committed standalone validator', () => {
  it('is what the build script generates from the current schema', () => {
    // A schema change without `pnpm --filter @houserules/schema build` fails here.
    expect(committed === generateValidatorSource(ruleGraphSchema)).toBe(true);
  });

  it('compiles nothing at run time and needs no CommonJS helpers', () => {
    expect(committed).not.toMatch(/new Function|\beval\(|require\(/);
    expect(committed).toMatch(/export default validate\d+;/);
  });
});
