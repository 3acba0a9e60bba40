// Issue 25's first case: Catan against the snake-eyes house rule. A choice offered only on the second
// side once gave a witness with no final `expect`, which passed on both sides; every witness is now
// run on both sides before it is reported, and ends with a line that tells them apart.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { checkWitness, runModule, searchWitness, structuralDiff, verifyWitness, witnessTest, type WitnessTarget } from '@houserules/diff';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const baseFile = join(root, 'catan/base.rules');
const snakeFile = join(root, 'examples/catan-snake-eyes/snake-eyes.rules');
const host = createMemoryHost({ [baseFile]: readFileSync(baseFile, 'utf8'), [snakeFile]: readFileSync(snakeFile, 'utf8') });
const catan = compile(host, baseFile).value!;
const snake = compile(host, snakeFile).value!;
const witnessFile = join(root, 'catan/snake_witness.rules');
const a: WitnessTarget = { extends: './base.rules', variant: null, options: {} };
const b: WitnessTarget = { extends: '../examples/catan-snake-eyes/snake-eyes.rules', variant: null, options: {} };

describe('showcase: Catan against snake eyes and boxcars', () => {
  const diff = structuralDiff(catan, snake);
  // the first game the search plays from seed 1 rolls a 2 or a 12 (unshrunk: the suite's budget)
  const r = searchWitness({ graph: catan, options: {} }, { graph: snake, options: {} }, {
    steerBy: { ...diff, changes: diff.changes.filter((c) => c.name !== 'empty_bank_pile') },
    players: 4,
    games: 1,
    shrink: false,
    budgetSeconds: 120,
    verify: { host, path: witnessFile, a, b },
  });
  const d = r.differences.find((x) => x.label.startsWith('rule rare_roll_bonus'))!;

  it('reports the bonus choice with a test that passes on Catan and fails on the house rule', () => {
    const w = d.witness!;
    expect(w).not.toBeNull();
    expect(w.divergence.kind).toBe('options');
    // the choice is offered on the second side only: the test ends by saying the seat is not asked on the first
    expect(w.verified?.expect).toMatch(/^expect not p\d asked$/);
    expect(w.verified?.failureOnB).toBe('test/asked');
    const texts = witnessTest([{ label: d.label, witness: w }], a, b, { a: 'Catan', b: 'Snake eyes', module: 'snake_witness' });
    expect(texts.text.trimEnd().split('\n').at(-2)).toMatch(/^ {2}expect not p\d asked$/);
    expect(checkWitness(host, witnessFile, texts)).toMatchObject({ passesOnA: true, failsOnB: true, failureOnB: 'test/asked', problem: null });
  });

  it('would not report the old witness: the same moves without a line that tells the sides apart pass on both', () => {
    const w = d.witness!;
    const bare = witnessTest([{ label: d.label, witness: { ...w, verified: { expect: '', detail: 'bare', failureOnB: null } } }], a, b, { a: 'Catan', b: 'Snake eyes', module: 'snake_witness' });
    // the file: it passes on both sides
    const onA = runModule(host, witnessFile, bare.text);
    const onB = runModule(host, witnessFile, bare.againstB);
    expect(Array.isArray(onA) && onA.map((t) => t.status)).toEqual(['passed']);
    expect(Array.isArray(onB) && onB.map((t) => t.status)).toEqual(['passed']);
    // and verification refuses such a line
    const v = verifyWitness(w, [{ line: 'expect round >= 0', detail: 'always', seen: 0 }], { host, path: witnessFile, a, b });
    expect(v).toEqual({ problem: expect.stringMatching(/passes on the second side too/) });
  });
});
