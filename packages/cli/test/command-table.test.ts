import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/main.ts';
import { runCli } from './run-cli.ts';

// main.ts lists every command with its summary and loads the command's module only when it
// runs, so the general help and a mistyped name load none of them.
describe('the command table', () => {
  it('names each command with the summary its own module gives', async () => {
    for (const entry of COMMANDS) {
      const command = await entry.load();
      expect({ name: command.name, summary: command.summary }).toEqual({ name: entry.name, summary: entry.summary });
    }
  });

  it('prints a command’s usage for `help <command>` and `<command> --help`', async () => {
    const simulate = await COMMANDS.find((c) => c.name === 'simulate')!.load();
    expect((await runCli(['help', 'simulate'])).stdout).toBe(simulate.usage);
    expect((await runCli(['simulate', '--help'])).stdout).toBe(simulate.usage);
    const general = await runCli(['--help']);
    for (const entry of COMMANDS) expect(general.stdout).toContain(`  ${entry.name}`);
  });
});
