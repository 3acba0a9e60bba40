// The program the instructions section runs under valgrind plays each workload
// (here without valgrind, a couple of games each).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const program = fileURLToPath(new URL('../src/instruction-workload.ts', import.meta.url));
const scenario = (path: string): string => fileURLToPath(new URL(`../../../scenarios/${path}`, import.meta.url));
const play = (workload: string, games: number, file = ''): number =>
  Number(execFileSync(process.execPath, ['--import', 'tsx', program, workload, String(games), file], { encoding: 'utf8' }).trim());

// Each play starts a Node process that loads tsx and compiles the workload: seconds alone, over a minute when the
// 2-core machine also runs the rest of the suite. A bound on the work, not a timing (timings are `pnpm bench`'s).
const CHILD_PROCESSES_BUDGET_MS = 300_000;

describe('instruction-workload', () => {
  it('plays Catan and Diamant through the interpreter and counts their decisions', () => {
    const catan = play('catan-random', 2, scenario('catan/base.rules'));
    expect(catan).toBeGreaterThan(200);
    const diamant = play('diamant-interpreter', 20, scenario('diamant/diamant.rules'));
    expect(diamant).toBeGreaterThan(20 * 5);
    expect(play('diamant-interpreter', 40, scenario('diamant/diamant.rules'))).toBeGreaterThan(diamant);
  }, CHILD_PROCESSES_BUDGET_MS);

  it('plays the hand-written baseline (it makes no decisions through the engine)', () => {
    expect(play('diamant-baseline', 20)).toBe(0);
  }, CHILD_PROCESSES_BUDGET_MS);
});
