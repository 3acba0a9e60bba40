// docs/tutorial.md, followed literally (issue 16 item 15): its ```rules blocks are written to the
// file the sentence before them names ("Create `pig/pig.rules`:", "Add to the end of
// `pig.rules`:"), and every `npx houserules …` command it gives, in a ```sh block or in the
// text, runs in that order in a fresh project and succeeds; where the text says what a command
// shows (the typo's diagnostic, the variant checked, the tests passing), that is checked too.
// Not run: the install and build lines (this test runs in the built workspace), `--watch` (it
// never ends) and commands with a placeholder (`…`).
import { existsSync, mkdtempSync, readFileSync, writeFileSync, appendFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateRuleGraph } from '@houserules/schema';
import { repoRoot, runCli, type CliRun } from './run-cli.ts';

type Step =
  | { k: 'write'; file: string; append: boolean; text: string; line: number }
  | { k: 'run'; argv: string[]; text: string; line: number };

/** The tutorial's steps in reading order. */
function tutorialSteps(markdown: string): Step[] {
  const lines = markdown.split('\n');
  const steps: Step[] = [];
  let paragraph = '';
  let ended = false; // a blank line ended the paragraph: the next text starts a new one
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```(\w*)\s*$/.exec(line);
    if (fence) {
      const start = i;
      const body: string[] = [];
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
      if (fence[1] === 'rules') {
        const target = /\b(Create|Add to the end of) `([^`]+\.rules)`:\s*$/.exec(paragraph.trim());
        if (!target) throw new Error(`tutorial.md:${start + 1}: a rules block without "Create \`file\`:" or "Add to the end of \`file\`:" before it`);
        steps.push({ k: 'write', file: target[2]!, append: target[1] !== 'Create', text: `${body.join('\n')}\n`, line: start + 1 });
      } else if (fence[1] === 'sh') {
        for (const command of body) commandStep(command, start + 1, steps);
      }
      paragraph = '';
      continue;
    }
    if (line.trim() === '') ended = true;
    else {
      paragraph = ended ? line : `${paragraph} ${line}`;
      ended = false;
      // commands in the text: `npx houserules test pig`, `houserules check pig` (an inline span may break across lines)
      const text = lines.slice(i, i + 2).join(' ');
      for (const m of line.matchAll(/`((?:npx )?houserules\b[^`]*)(`|$)/g)) {
        const span = m[2] === '`' ? m[1]! : (/`((?:npx )?houserules\b[^`]*)`/.exec(text)?.[1] ?? m[1]!);
        commandStep(span.replace(/\s+/g, ' '), i + 1, steps);
      }
    }
  }
  return steps;
}

function commandStep(command: string, line: number, steps: Step[]): void {
  const m = /^(?:npx )?houserules (.*)$/.exec(command.trim());
  if (!m || m[1]!.includes('…') || m[1]!.includes('--watch')) return;
  // arguments as the shell splits them: words, and "double-quoted" strings
  const argv = [...m[1]!.matchAll(/"([^"]*)"|(\S+)/g)].map((a) => a[1] ?? a[2]!);
  steps.push({ k: 'run', argv, text: command.trim(), line });
}

const tutorial = readFileSync(join(repoRoot, 'docs', 'tutorial.md'), 'utf8');
const steps = tutorialSteps(tutorial);

describe('docs/tutorial.md, step by step', () => {
  it('has the steps it teaches', () => {
    const commands = steps.filter((s) => s.k === 'run').map((s) => s.argv[0]);
    expect(steps.filter((s) => s.k === 'write').length).toBe(3);
    expect(new Set(commands)).toEqual(new Set(['check', 'compile', 'simulate', 'test', 'init', 'graph']));
  });

  it('works as written', async () => {
    const project = mkdtempSync(join(tmpdir(), 'houserules-tutorial-'));
    writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
    let pig = '';
    const ran: { step: Step; result: CliRun }[] = [];
    for (const step of steps) {
      if (step.k === 'write') {
        // "Add to `pig.rules`" is the file created before (pig/pig.rules)
        const path = step.append ? pig : join(project, step.file);
        expect(existsSync(path) || !step.append, `tutorial.md:${step.line}: ${step.file} does not exist yet`).toBe(true);
        mkdirSync(dirname(path), { recursive: true });
        if (step.append) appendFileSync(path, `\n${step.text}`);
        else writeFileSync(path, step.text);
        if (!step.append) pig = path;
        continue;
      }
      const result = await runCli(step.argv, project);
      expect(result.code, `tutorial.md:${step.line}: ${step.text}\n${result.stdout}\n${result.stderr}`).toBe(0);
      ran.push({ step, result });
    }

    const after = (command: string): CliRun[] => ran.filter((r) => r.step.k === 'run' && r.step.text.replace(/^npx /, '') === command).map((r) => r.result);
    // 2. "Exit code 0 and no diagnostics"
    expect(after('houserules check pig')[0]!.stderr).not.toMatch(/error|warning/);
    // 3. the rule graph, valid against its schema, each rule with its name and cite
    const graph: unknown = JSON.parse(readFileSync(join(project, 'pig.json'), 'utf8'));
    expect(validateRuleGraph(graph).diagnostics).toEqual([]);
    expect((graph as { rules: { name: string; provenance: { cite?: string } }[] }).rules.map((r) => [r.name, r.provenance.cite !== undefined])).toEqual(
      expect.arrayContaining([['count_pips', true], ['offer_choice', true]]),
    );
    // 5. "`houserules check pig` now checks both the plain game and `harsh`"
    const checks = after('houserules check pig');
    expect(checks.length).toBeGreaterThan(1);
    const variants = await runCli(['check', 'pig', '--json'], project);
    expect(JSON.parse(variants.stdout).scenarios[0].variants).toEqual(['harsh']);
    // 6. both tests pass
    expect(after('houserules test pig')[0]!.stdout).toMatch(/2 passed, 0 failed/);
    // the scaffold and the picture
    expect(existsSync(join(project, 'my-game'))).toBe(true);
    expect(readFileSync(join(project, 'pig.svg'), 'utf8')).toMatch(/<svg/);
  });

  it('shows the typo of step 2 as it says: its code, file, line and column, a code frame and a hint', async () => {
    // "Make a typo — write `current.pott` in `count_pips` — … you get a diagnostic with its code (`…`) … and a hint naming `pot`"
    const prose = tutorial.replace(/\s+/g, ' ');
    const typo = /write `([\w.]+)` in `(\w+)`/.exec(prose)!;
    const code = /its code \(`([a-z]+\/[a-z-]+)`\)/.exec(prose)![1]!;
    const hinted = /a hint naming `(\w+)`/.exec(prose)![1]!;
    const [typed, rule] = [typo[1]!, typo[2]!];
    const project = mkdtempSync(join(tmpdir(), 'houserules-tutorial-'));
    writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
    const first = steps.find((s) => s.k === 'write')!;
    mkdirSync(join(project, 'pig'));
    const body = new RegExp(`rule ${rule}[\\s\\S]*?\\n\\}`).exec(first.text)![0];
    const correct = typed.replace(/\w$/, ''); // `current.pott` is `current.pot` mistyped
    expect(body).toContain(correct);
    writeFileSync(join(project, first.file), first.text.replace(body, body.replace(correct, typed)));
    const check = await runCli(['check', 'pig'], project);
    const out = check.stdout + check.stderr;
    expect(check.code).toBe(1);
    expect(out).toMatch(new RegExp(`error\\[${code.replace('/', '\\/')}\\][^\\n]*\\n\\s*--> pig[\\\\/]pig\\.rules:\\d+:\\d+`));
    expect(out).toMatch(/\^{4}/); // under `pott`
    expect(out).toMatch(new RegExp(`hint: [^\\n]*\`${hinted}\``));
  });
});
