import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_VERSION } from '../src/version.ts';
import { copyDiamant, diamantDir, repoRoot, runCli } from './run-cli.ts';

describe('houserules (general)', () => {
  it('prints its version, help, and refuses unknown commands with exit 2', async () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'packages/cli/package.json'), 'utf8')) as { version: string };
    expect(CLI_VERSION).toBe(pkg.version);
    expect((await runCli(['--version'])).stdout.trim()).toBe(pkg.version);
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const c of ['check', 'compile', 'fmt', 'simulate', 'replay']) {
      expect(help.stdout).toContain(c);
      const own = await runCli([c, '--help']);
      expect(own.code).toBe(0);
      expect(own.stdout).toContain(`houserules ${c}`);
    }
    expect((await runCli(['frobnicate'])).code).toBe(2);
    const badFlag = await runCli(['check', '--frob', 'scenarios']);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('houserules check', () => {
  it('passes the shipped scenarios and summarises them', async () => {
    const run = await runCli(['check', 'scenarios', '--summary']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Diamant');
    expect(run.stdout).toMatch(/checked \d+ scenarios?( and \d+ test modules?)? \(\d+ files?\): 0 errors, 0 warnings/);
  });

  it('reports JSON with one entry per scenario', async () => {
    const run = await runCli(['check', diamantDir, '--json']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      ok: boolean;
      errors: number;
      scenarios: { file: string; name: string; rules: number; events: number; modules: number; variants: string[] }[];
      diagnostics: unknown[];
    };
    expect(out.ok).toBe(true);
    expect(out.errors).toBe(0);
    expect(out.scenarios).toHaveLength(1);
    const s = out.scenarios[0]!;
    expect(s.file).toBe('scenarios/diamant/diamant.rules');
    expect(s.name).toBe('diamant');
    expect(s.modules).toBe(1);
    expect(s.rules).toBeGreaterThanOrEqual(10);
    expect(s.events).toBeGreaterThan(2);
    expect(s.variants).toContain('incan_gold');
  });

  it('fails a broken copy with a code frame underlining the exact name', async () => {
    const { dir, file } = copyDiamant();
    const text = readFileSync(file, 'utf8').replace('let share = c.value / in_cave_count', 'let share = c.value / in_cave_cuont');
    writeFileSync(file, text);
    const json = await runCli(['check', dir, '--json']);
    expect(json.code).toBe(1);
    const out = JSON.parse(json.stdout) as { ok: boolean; diagnostics: { code: string; severity: string; range?: { start: { line: number; column: number } } }[] };
    expect(out.ok).toBe(false);
    const unknown = out.diagnostics.find((d) => d.code === 'resolve/unknown-name');
    expect(unknown).toBeDefined();

    const run = await runCli(['check', dir]);
    expect(run.code).toBe(1);
    const lineNo = text.split('\n').findIndex((l) => l.includes('in_cave_cuont')) + 1;
    const column = text.split('\n')[lineNo - 1]!.indexOf('in_cave_cuont') + 1;
    expect(unknown!.range!.start).toMatchObject({ line: lineNo, column });
    expect(run.stdout).toContain(`error[resolve/unknown-name]`);
    expect(run.stdout).toContain(`diamant.rules:${lineNo}:${column}`);
    const lines = run.stdout.split('\n');
    const codeLine = lines.findIndex((l) => l.includes('let share = c.value / in_cave_cuont'));
    expect(codeLine).toBeGreaterThan(0);
    const underline = lines[codeLine + 1]!;
    const bar = underline.indexOf('|');
    expect(underline.indexOf('^') - (bar + 2)).toBe(column - 1);
    expect(underline.match(/\^+/)![0]).toHaveLength('in_cave_cuont'.length);
  });

  it('checks a base module through the module extending it, reporting its errors once', async () => {
    const { dir, file } = copyDiamant();
    writeFileSync(join(dir, 'house.rules'), 'module diamant_house extends "./diamant.rules"\n\noption exchange = never\n');
    const good = JSON.parse((await runCli(['check', dir, '--json'])).stdout) as { ok: boolean; scenarios: { file: string; modules: number }[] };
    expect(good.ok).toBe(true);
    const house = good.scenarios.find((s) => s.file.endsWith('house.rules'));
    expect(house?.modules).toBe(2);
    expect(good.scenarios.find((s) => s.file.endsWith('/diamant.rules'))?.modules).toBe(1);

    writeFileSync(file, readFileSync(file, 'utf8').replace('if in_cave_count == 0', 'if in_cave_cont == 0'));
    const run = await runCli(['check', dir, '--json']);
    expect(run.code).toBe(1);
    const bad = JSON.parse(run.stdout) as { diagnostics: { code: string; file: string }[] };
    const unknown = bad.diagnostics.filter((d) => d.code === 'resolve/unknown-name');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]!.file).toMatch(/diamant\.rules$/);
  });

  it('refuses a path that does not exist with exit 2', async () => {
    const run = await runCli(['check', 'no/such/dir']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no/such/dir');
  });
});

describe('houserules compile', () => {
  it('writes the graph to stdout, to a file, and with a variant', async () => {
    const run = await runCli(['compile', 'scenarios/diamant']);
    expect(run.code).toBe(0);
    const graph = JSON.parse(run.stdout) as { scenario: { name: string; variant: string | null }; rules: unknown[] };
    expect(graph.scenario.name).toBe('diamant');
    expect(graph.scenario.variant).toBeNull();

    const { dir } = copyDiamant();
    const out = join(dir, 'graph.json');
    const toFile = await runCli(['compile', 'diamant.rules', '--variant', 'incan_gold', '-o', out], dir);
    expect(toFile.code).toBe(0);
    expect(toFile.stdout).toBe('');
    expect((JSON.parse(readFileSync(out, 'utf8')) as { scenario: { variant: string } }).scenario.variant).toBe('incan_gold');

    const json = await runCli(['compile', 'scenarios/diamant/diamant.rules', '--json']);
    const payload = JSON.parse(json.stdout) as { ok: boolean; diagnostics: unknown[]; graph: { version: number } };
    expect(payload.ok).toBe(true);
    expect(payload.graph.version).toBe(1);
  });

  it('writes no graph for a broken scenario, exit 1 with diagnostics on stderr', async () => {
    const { file } = copyDiamant();
    writeFileSync(file, readFileSync(file, 'utf8').replace('if in_cave_count == 0', 'if in_cave_cont == 0'));
    const run = await runCli(['compile', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('error[resolve/unknown-name]');
  });

  it('refuses an unknown variant with exit 2 and names the known ones', async () => {
    const run = await runCli(['compile', 'scenarios/diamant', '--variant', 'nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('incan_gold');
  });
});

describe('houserules fmt', () => {
  it('rewrites a badly spaced file and --check tells formatted from unformatted', async () => {
    const { dir, file } = copyDiamant();
    expect((await runCli(['fmt', dir])).code).toBe(0);
    const formatted = readFileSync(file, 'utf8');
    expect((await runCli(['fmt', '--check', dir])).code).toBe(0);

    writeFileSync(file, formatted.replace('rule reveal_card on advance {', 'rule   reveal_card   on advance{'));
    const check = await runCli(['fmt', '--check', dir]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('diamant.rules');

    expect((await runCli(['fmt', file])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(formatted);
  });

  it('wraps at --width and refuses a width that is not a number of at least 20', async () => {
    const { dir, file } = copyDiamant();
    const long = 'derive long_sum: number = first_counter_name + second_counter_name + third_counter_name\n';
    writeFileSync(join(dir, 'long.rules'), long);
    expect((await runCli(['fmt', '--check', join(dir, 'long.rules')])).code).toBe(0);
    expect((await runCli(['fmt', '--width', '40', join(dir, 'long.rules')])).code).toBe(0);
    const wrapped = readFileSync(join(dir, 'long.rules'), 'utf8');
    expect(wrapped.split('\n').every((l) => l.length <= 40)).toBe(true);
    expect(wrapped.split('\n').length).toBeGreaterThan(2);
    for (const bad of ['ten', '5']) {
      const run = await runCli(['fmt', '--width', bad, file]);
      expect(run.code).toBe(2);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("formats a named markdown file's rules blocks and leaves its prose and broken blocks alone", async () => {
    const { dir } = copyDiamant();
    const md = join(dir, 'notes.md');
    const text = ['# Notes', '', '```rules', 'token a   rule r on e{shuffle deck}', '```', '', 'prose  stays', '', '```rules', 'rule r on {{', '```', ''].join('\n');
    writeFileSync(md, text);
    expect((await runCli(['fmt', '--check', md])).code).toBe(1);
    expect((await runCli(['fmt', md])).code).toBe(0);
    expect(readFileSync(md, 'utf8')).toBe(text.replace('token a   rule r on e{shuffle deck}', 'token a\n\nrule r on e {\n  shuffle deck\n}'));
    expect((await runCli(['fmt', '--check', md])).code).toBe(0);
    // a directory is searched for .rules files only
    expect((await runCli(['fmt', '--check', dir])).code).toBe(0);
  });

  it('leaves a file that does not parse untouched and exits 1', async () => {
    const { file } = copyDiamant();
    const broken = readFileSync(file, 'utf8').replace('rule reveal_card on advance {', 'rule reveal_card on {{');
    writeFileSync(file, broken);
    const run = await runCli(['fmt', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error\[parse\//);
    expect(readFileSync(file, 'utf8')).toBe(broken);
  });
});
