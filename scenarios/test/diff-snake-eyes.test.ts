// Issue 25's first case: Catan against the snake-eyes house rule. A choice offered only on the second
// side once gave a witness with no final `expect`, which passed on both sides; every witness is now
// run on both sides before it is reported, and ends with a line that tells them apart.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost } from '@houserules/compiler';
import { arrangements, checkWitness, LockstepPair, runModule, searchWitness, structuralDiff, verifyWitness, witnessTest, type WitnessTarget } from '@houserules/diff';

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
    // the choice is offered on the second side only: the test ends by saying the seat is not asked on the first, or
    // (the roller asked on both sides: to act on Catan, to choose a bonus on the house rule) that it may end its turn
    expect(w.verified?.expect).toMatch(/^expect (not p\d asked|legal p\d does end_turn)$/);
    expect(w.verified?.failureOnB).toMatch(/^test\/(asked|move-illegal)$/);
    const texts = witnessTest([{ label: d.label, witness: w }], a, b, { a: 'Catan', b: 'Snake eyes', module: 'snake_witness' });
    expect(texts.text.trimEnd().split('\n').at(-2)).toBe(`  ${w.verified!.expect}`);
    expect(checkWitness(host, witnessFile, texts)).toMatchObject({ passesOnA: true, failsOnB: true, failureOnB: w.verified!.failureOnB, problem: null });
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

  it('starts a witness from an arranged state: hands dealt from the bank, a roll fixed to 2, and the bonus is offered at once', () => {
    const arr = arrangements(catan, snake, 4, { a: {}, b: {}, seed: 1 });
    expect(arr.map((x) => x.label)).toEqual(['rich', 'scarce']);
    expect(arr[0]!.lines).toContain('  move 3 brick from bank to p1.hand');
    // the scarce bank: all but one of what the set-up left, read when it runs
    expect(arr[1]!.lines).toContain('  move bank.brick - 1 brick from bank to p1.hand');
    const pair = new LockstepPair({ graph: catan, options: {} }, { graph: snake, options: {} }, 4, true, arr).arranged(0);
    const game = pair.start(1)!;
    // the set-up's placements (the first legal ones), then a roll of 2
    let guard = 0;
    while (!game.legal().some((m) => m.endsWith('roll_dice')) && guard++ < 40) game.play(game.legal()[0]!);
    const roll = game.legal().find((m) => m.endsWith('roll_dice'))!;
    expect(game.play('fix dice to 2')).toBe(true);
    game.play(roll);
    expect(game.divergence?.kind).toBe('options');
    const moves = game.moves.slice();
    expect(moves.filter((m) => !m.startsWith('fix dice')).length).toBeLessThanOrEqual(20);
    // run as a test on both sides, arrangement and fixed roll written as the test's own lines
    const v = verifyWitness({ players: 4, seed: 1, moves, arrange: arr[0]!.lines }, game.divergence!.candidates, { host, path: witnessFile, a, b });
    // the roller may end the turn on Catan only (everyone chooses a bonus first on the house rule), or a seat is asked there only
    expect(v).toMatchObject({ expect: expect.stringMatching(/^expect (not p\d asked|legal p\d does end_turn)$/), failureOnB: expect.stringMatching(/^test\/(asked|move-illegal)$/) });
  });
});
