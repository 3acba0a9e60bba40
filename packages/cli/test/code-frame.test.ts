import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '@houserules/schema';
import { renderDiagnostic } from '../src/code-frame.ts';

const source = ['module demo', '', 'rule r on start {', '  set cuont = 3', '}'].join('\n');

function pos(line: number, column: number): { line: number; column: number; offset: number } {
  const lines = source.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1; i++) offset += lines[i]!.length + 1;
  return { line, column, offset: offset + column - 1 };
}

const render = (d: Diagnostic): string =>
  renderDiagnostic(d, { displayPath: (f) => f.replace('/abs/', ''), source: (f) => (f === '/abs/demo.rules' ? source : undefined), color: false });

describe('code frames', () => {
  it('underlines the exact span under the right column, with location, hint and related notes', () => {
    const text = render({
      code: 'resolve/unknown-name',
      severity: 'error',
      message: 'unknown name `cuont`',
      file: '/abs/demo.rules',
      range: { start: pos(4, 7), end: pos(4, 12) },
      hint: 'did you mean `count`?',
      related: [{ message: 'the rule starts here', range: { start: pos(3, 6), end: pos(3, 7) } }],
    });
    const lines = text.split('\n');
    expect(lines[0]).toBe('error[resolve/unknown-name]: unknown name `cuont`');
    expect(lines[1]).toBe(' --> demo.rules:4:7');
    const codeLine = lines.findIndex((l) => l.includes('set cuont = 3'));
    const underline = lines[codeLine + 1]!;
    const bar = underline.indexOf('|');
    expect(underline.indexOf('^') - (bar + 2)).toBe(6); // column 7 → six characters before the caret
    expect(underline.match(/\^+/)![0]).toHaveLength(5);
    expect(text).toContain('= hint: did you mean `count`?');
    expect(text).toContain('= note: the rule starts here');
    expect(text).toContain('--> demo.rules:3:6');
  });

  it('underlines to the end of the line for a span over several lines and survives a missing file', () => {
    const multi = render({ code: 'parse/x', severity: 'warning', message: 'm', file: '/abs/demo.rules', range: { start: pos(3, 1), end: pos(5, 2) } });
    expect(multi).toContain('warning[parse/x]');
    expect(multi.match(/\^+/)![0]).toHaveLength('rule r on start {'.length);
    const missing = render({ code: 'module/not-found', severity: 'error', message: 'gone', file: '/abs/gone.rules', range: { start: pos(1, 1), end: pos(1, 2) } });
    expect(missing).toContain('--> gone.rules:1:1');
    expect(missing).not.toContain('^');
  });
});
