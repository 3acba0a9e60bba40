/* eslint-disable no-control-regex -- these tests look for raw control characters */
import { describe, expect, it } from 'vitest';
import { reportJson, reportJunit, reportPretty, reportTap, suiteOk } from '../src/index.ts';
import { run, tests } from './fixtures.ts';

const MIXED = tests(`
test "passes" {
  players 2
  expect bank.coin == 10
}

test "fails <&> \\"quoted\\" # hash" {
  players 2
  expect bank.coin == 9
}
`);

function result() {
  return run({ 'coins/tests/a.rules': MIXED, 'coins/tests/broken.rules': tests(`test "typo" {\n  players 2\n  expect nothing_here == 1\n}\n`).replace('coins_tests', 'coins_broken') });
}

/** Elements open and close in order; attributes are quoted; no bare `<` or `&` in text. */
function wellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = tag.exec(body)) !== null) {
    consumed = tag.lastIndex;
    if (m[5] !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(m[5])) return false;
      continue;
    }
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[4]) stack.push(m[2]!);
  }
  return consumed === body.length && stack.length === 0;
}

describe('reporters', () => {
  it('tap: a plan matching the test points, ok / not ok in order, a yaml block with expected and actual', () => {
    const tap = reportTap(result());
    const lines = tap.trimEnd().split('\n');
    expect(lines[0]).toBe('TAP version 13');
    expect(lines[1]).toBe('1..3');
    const points = lines.filter((l) => /^(not )?ok \d+ /.test(l));
    expect(points.map((l) => l.replace(/ - .*/, ''))).toEqual(['ok 1', 'not ok 2', 'not ok 3']);
    expect(points[1]).toContain('\\# hash');
    expect(tap).toContain('  expected: "9"');
    expect(tap).toContain('  actual: "10"');
    expect(tap).toMatch(/at: "coins\/tests\/a\.rules:\d+:3"/);
  });

  it('junit: well-formed XML with a testcase per test and counts that add up', () => {
    const xml = reportJunit(result());
    expect(wellFormed(xml)).toBe(true);
    expect(wellFormed('<a><b></a></b>')).toBe(false);
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('<testsuites name="houserules" tests="3" failures="2">');
    expect(xml).toContain('fails &lt;&amp;&gt; &quot;quoted&quot;');
  });

  it('json: parses, with ok, counts, failures located and coverage', () => {
    const parsed = JSON.parse(reportJson(result())) as { ok: boolean; passed: number; failed: number; brokenFiles: number; files: { tests: { failure?: { range: { start: { line: number } }; expected?: string } }[] }[]; coverage: unknown[] };
    expect(parsed).toMatchObject({ ok: false, passed: 1, failed: 1, brokenFiles: 1 });
    const failing = parsed.files.flatMap((f) => f.tests).find((t) => t.failure)!;
    expect(failing.failure!.expected).toBe('9');
    expect(failing.failure!.range.start.line).toBeGreaterThan(0);
    expect(parsed.coverage).toHaveLength(1);
  });

  it('pretty: the failing step with file:line:col, expected and actual, and a summary', () => {
    const r = result();
    const text = reportPretty(r);
    expect(text).toMatch(/coins\/tests\/a\.rules:\d+:3 {2}expect bank\.coin == 9/);
    expect(text).toContain('expected: 9');
    expect(text).toContain('actual:   10');
    expect(text).toContain('1 passed, 1 failed, 1 file with errors');
    expect(suiteOk(r)).toBe(false);
  });

  it('every report escapes control characters a scenario puts in test names; json stays exact', () => {
    const nasty = '\u001b[2J\u001b]0;pwned\u0007\u009b31m\u202e';
    const r = run({ 'coins/tests/a.rules': tests(`test "evil ${nasty}" {\n  players 2\n  expect bank.coin == 9\n}\n`) });
    const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;
    for (const report of [reportPretty(r), reportTap(r), reportJunit(r), reportJson(r)]) {
      expect(report).toMatch(/evil/);
      expect(report).not.toMatch(raw);
    }
    expect(reportPretty(r)).toContain('evil \\u{1b}[2J');
    const parsed = JSON.parse(reportJson(r)) as { files: { tests: { name: string }[] }[] };
    expect(parsed.files[0]!.tests[0]!.name).toBe(`evil ${nasty}`);
  });
});
