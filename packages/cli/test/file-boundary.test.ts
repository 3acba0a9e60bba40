// Scenario files and logs are untrusted: nothing outside the project root is
// read, through absolute paths, `..`, symlinks or module names, and nothing of
// a refused file reaches the output.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '@houserules/compiler';
import { createNodeHost, findProjectRoot } from '../src/node-module-host.ts';
import { ProjectHosts } from '../src/project-hosts.ts';
import { runCli } from './run-cli.ts';

const SECRET = 'SECRET_7d1f_do_not_print';
const GAME = 'scenario "Tiny" {\n  players 2..4\n}\n\nflow {\n  rounds 1 {\n    step go\n  }\n}\n';

/**
 * A temporary folder holding a project (`project/`, with package.json) and,
 * beside it, files that must stay unread: `outside/secret.rules`,
 * `outside/secret.txt`, and `outside/scenarios/leak/x.rules` (for module names).
 * Inside the project, `link.rules` and `linkdir/` are symlinks to the outside.
 */
function sandbox(): { top: string; project: string; outside: string } {
  const top = realpathSync(mkdtempSync(join(tmpdir(), 'houserules-boundary-')));
  const project = join(top, 'project');
  const outside = join(top, 'outside');
  mkdirSync(join(project, 'sub'), { recursive: true });
  mkdirSync(join(outside, 'scenarios', 'leak'), { recursive: true });
  writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
  writeFileSync(join(project, 'in.rules'), 'derive two: number = 2\n');
  writeFileSync(join(project, 'sub', 'in.rules'), 'derive three: number = 3\n');
  writeFileSync(join(outside, 'secret.rules'), `${SECRET} ${SECRET}\n`);
  writeFileSync(join(outside, 'secret.txt'), `${SECRET}\n`);
  writeFileSync(join(outside, 'scenarios', 'leak', 'x.rules'), `${SECRET}\n`);
  symlinkSync(join(outside, 'secret.rules'), join(project, 'link.rules'));
  symlinkSync(outside, join(project, 'linkdir'));
  return { top, project, outside };
}

function scenarioImporting(project: string, ref: string, name = 'main.rules'): string {
  const file = join(project, name);
  writeFileSync(file, `import ${ref}\n\n${GAME}`);
  return file;
}

describe('the file-system boundary', () => {
  it('finds the project root: workspace markers first, then package.json, then the working directory', () => {
    const { top, project } = sandbox();
    expect(findProjectRoot(join(project, 'sub', 'in.rules'))).toBe(project);
    mkdirSync(join(top, 'ws', 'pkg', 'deep'), { recursive: true });
    writeFileSync(join(top, 'ws', 'pnpm-workspace.yaml'), 'packages: []\n');
    writeFileSync(join(top, 'ws', 'pkg', 'package.json'), '{}\n');
    expect(findProjectRoot(join(top, 'ws', 'pkg', 'deep', 'a.rules'))).toBe(join(top, 'ws'));
    mkdirSync(join(top, 'loose', 'tests'), { recursive: true });
    const loose = join(top, 'loose', 'tests', 'a.rules');
    expect(findProjectRoot(loose, join(top, 'loose'))).toBe(join(top, 'loose'));
    expect(findProjectRoot(loose, project)).toBe(join(top, 'loose', 'tests'));
  });

  const refusals: [string, (s: ReturnType<typeof sandbox>) => string, string][] = [
    ['an absolute path', (s) => JSON.stringify(join(s.outside, 'secret.rules')), 'resolve/outside-project'],
    ['a chain of ..', (s) => JSON.stringify(`${relative(s.project, s.outside)}/secret.rules`), 'resolve/outside-project'],
    ['a deep chain of .. past the file-system root', () => JSON.stringify(`${'../'.repeat(40)}etc/passwd.rules`), 'resolve/outside-project'],
    ['a symlinked file', () => '"./link.rules"', 'resolve/outside-project'],
    ['a symlinked folder', () => '"./linkdir/secret.rules"', 'resolve/outside-project'],
    ['a file that is not .rules', (s) => JSON.stringify(join(s.outside, 'secret.txt')), 'module/not-a-rules-file'],
    ['/proc/self/environ', () => '"/proc/self/environ"', 'module/not-a-rules-file'],
  ];
  for (const [what, ref, code] of refusals) {
    it(`refuses ${what} with ${code}, showing the path and none of the content`, async () => {
      const s = sandbox();
      const file = scenarioImporting(s.project, ref(s));
      const text = await runCli(['check', file]);
      const json = await runCli(['check', file, '--json']);
      expect(text.code).toBe(1);
      const codes = (JSON.parse(json.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);
      expect(codes).toContain(code);
      for (const out of [text.stdout, text.stderr, json.stdout, json.stderr]) expect(out).not.toContain(SECRET);
    });
  }

  it('does not look for modules by name above the project root', async () => {
    const s = sandbox();
    // `leak.x` would be outside/scenarios/leak/x.rules if the lookup left the project (it starts in top/).
    const file = join(s.top, 'outside', 'main.rules');
    writeFileSync(file, `import leak.x\n\n${GAME}`);
    const run = await runCli(['check', file, '--json', '--root', join(s.top, 'outside', 'scenarios', 'leak')]);
    const codes = (JSON.parse(run.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);
    expect(codes).toEqual(['resolve/outside-project']);
    const inProject = scenarioImporting(s.project, 'leak.x');
    const lookup = await runCli(['check', inProject, '--json']);
    expect((JSON.parse(lookup.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toEqual(['module/not-found']);
    expect(lookup.stdout).not.toContain(SECRET);
  });

  it('reads imports inside the project, and --root widens or narrows the project', async () => {
    const s = sandbox();
    const file = scenarioImporting(s.project, '"./sub/in.rules"');
    expect((await runCli(['check', file])).code).toBe(0);
    const narrowed = await runCli(['check', file, '--json', '--root', join(s.project, 'sub')]);
    expect((JSON.parse(narrowed.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toEqual(['resolve/outside-project']);
    const up = scenarioImporting(join(s.project, 'sub'), '"../in.rules"', 'up.rules');
    expect((await runCli(['check', up])).code).toBe(0);
    expect((await runCli(['check', file, '--root', join(s.top, 'nowhere')])).code).toBe(2);
  });

  it('replays only a scenario inside the project, whatever the log header names', async () => {
    const s = sandbox();
    writeFileSync(join(s.outside, 'game.rules'), GAME);
    const header = { scenario: join(s.outside, 'game.rules'), variant: null, options: {}, players: 2, seed: 1, agents: ['random', 'random'], agentSeeds: [1, 2] };
    const log = join(s.project, 'game.jsonl');
    writeFileSync(log, `${JSON.stringify({ game: 0, header })}\n`);
    const run = await runCli(['replay', log], s.project);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('resolve/outside-project');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('never opens a path outside the root, for any import path (property)', () => {
    const s = sandbox();
    const root = s.project;
    const segment = fc.constantFrom('..', '.', 'sub', 'linkdir', 'in.rules', 'link.rules', 'secret.rules', 'outside', 'project', 'x.rules', '');
    const ref = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 8 })).map(([absolute, parts]) => `${absolute ? `${s.top}/` : ''}${parts.join('/')}`);
    fc.assert(
      fc.property(fc.array(ref, { minLength: 1, maxLength: 4 }), fc.constantFrom('main.rules', 'sub/main.rules'), (refs, entryName) => {
        const host = createNodeHost({ root });
        const entry = join(root, entryName);
        const text = `${refs.map((r) => `import ${JSON.stringify(r)}`).join('\n')}\n\n${GAME}`;
        writeFileSync(entry, text);
        const result = compile(host, entry);
        for (const path of host.filesRead) expect(path === root || path.startsWith(root + sep), path).toBe(true);
        expect(JSON.stringify(result)).not.toContain(SECRET);
        for (const r of refs) {
          const direct = host.readFile(r.startsWith('/') ? r : join(root, r));
          if (direct !== undefined) expect(direct).not.toContain(SECRET);
        }
        for (const path of host.filesRead) expect(path.startsWith(root + sep), path).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('reads an import under its importer’s project in a host over several projects (the language server’s)', () => {
    const s = sandbox();
    writeFileSync(join(s.outside, 'package.json'), '{ "private": true }\n');
    const host = new ProjectHosts(undefined, s.top).moduleHost();
    for (const [name, ref] of [['abs.rules', JSON.stringify(join(s.outside, 'secret.rules'))], ['up.rules', '"../outside/secret.rules"']] as const) {
      const file = scenarioImporting(s.project, ref, name);
      const result = compile(host, file);
      expect(result.diagnostics.map((d) => d.code)).toContain('resolve/outside-project');
      expect(JSON.stringify(result)).not.toContain(SECRET);
    }
    // the outside project's own files are read as that project's (a file one project was refused stays refused)
    writeFileSync(join(s.outside, 'neighbour.rules'), 'derive four: number = 4\n');
    const own = join(s.outside, 'own.rules');
    writeFileSync(own, `import "./neighbour.rules"\n\n${GAME}`);
    expect(compile(host, own).diagnostics.map((d) => d.code)).not.toContain('resolve/outside-project');
    // and a file of the project imports its neighbours
    expect(compile(host, scenarioImporting(s.project, '"./sub/in.rules"', 'neighbours.rules')).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
