import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

describe('did-you-mean on the command line', () => {
  it('suggests the command a misspelt one is close to, and exits 2 without a stack', async () => {
    const run = await runCli(['chek', 'scenarios/diamant']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error[cli/usage]');
    expect(run.stderr).toContain('houserules check');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('suggests nothing for a command close to none', async () => {
    const run = await runCli(['zzzzzzzz']);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('did you mean');
  });

  it('suggests the flag a misspelt one is close to, per command', async () => {
    const check = await runCli(['check', 'scenarios/diamant', '--sumary']);
    expect(check.code).toBe(2);
    expect(check.stderr).toContain('error[cli/usage]');
    expect(check.stderr).toContain('--summary');
    const simulate = await runCli(['simulate', 'scenarios/diamant', '--game', '3']);
    expect(simulate.code).toBe(2);
    expect(simulate.stderr).toContain('--games');
    const far = await runCli(['simulate', 'scenarios/diamant', '--qqqqqqqq']);
    expect(far.code).toBe(2);
    expect(far.stderr).not.toContain('did you mean');
  });

  it('escapes a control character in the unknown flag', async () => {
    const run = await runCli(['check', '--su\u001b[2Jmmary']);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('\u001b');
  });
});
