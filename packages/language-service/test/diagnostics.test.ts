import { describe, expect, it } from 'vitest';
import { createLanguageService } from '../src/index.ts';
import { diagnosticsOf, expectDiagnostic, expectNoIssues, uriOf } from '../src/testing/index.ts';
import { CATAN_BASE, CATAN_BASE_FILE, CATAN_FIVE_SIX, CATAN_FIVE_SIX_FILE, DIAMANT, DIAMANT_FILE, GEMS } from './fixtures.ts';

describe('diagnostics as you type', () => {
  it('none for the shipped scenarios', () => {
    expectNoIssues({ text: DIAMANT, file: DIAMANT_FILE });
    expectNoIssues({ text: CATAN_FIVE_SIX, file: CATAN_FIVE_SIX_FILE, files: { [CATAN_BASE_FILE]: CATAN_BASE } });
  });

  it('with their code, exact range and hint', () => {
    const d = expectDiagnostic({ text: `${GEMS}rule r on explore {\n  move 1 «rubi» from reserve to current.chest\n}\n` }, 'resolve/unknown-token');
    expect(d.message).toContain('did you mean `ruby`?');
    expect(d.source).toBe('houserules');
  });

  it('with related locations in other files', () => {
    const ext = 'module ext extends "./base.rules"\nrule «produce» on game_start { }\n';
    const d = expectDiagnostic({ text: ext, file: '/scenarios/catan/ext.rules', files: { [CATAN_BASE_FILE]: CATAN_BASE } }, 'resolve/duplicate');
    expect(d.relatedInformation?.[0]?.location.uri).toBe(uriOf(CATAN_BASE_FILE));
  });

  it('of a half-typed file, without a placeholder name in any message', () => {
    for (const tail of ['rule r on ', 'rule r on explore {\n  let x = \n}', 'rule r on explore {\n  set current. = true\n}', 'rule  on explore { }', 'per player {']) {
      const { diagnostics } = diagnosticsOf({ text: `${GEMS}${tail}` });
      expect(diagnostics.some((d) => String(d.code).startsWith('parse/'))).toBe(true);
      expect(diagnostics.map((d) => d.message).join('\n')).not.toContain('$missing');
    }
  });

  it('puts the edited document first among those to re-check, whatever the order they were opened in', () => {
    const service = createLanguageService();
    const base = uriOf('/m/base.rules');
    const top = uriOf('/m/top.rules');
    service.open(top, 'module top extends "./base.rules"\npool p { gem }\n', 1);
    service.open(base, 'module base\ntoken gem\n', 1);
    expect(service.diagnostics(top).map((d) => d.code)).not.toContain('resolve/unknown-token');
    expect(service.dependents(base)).toEqual([base, top]);
  });

  it('only of the file asked for, after an edit of a module it loads', () => {
    const service = createLanguageService();
    const base = uriOf('/m/base.rules');
    const top = uriOf('/m/top.rules');
    service.open(base, 'module base\ntoken gem\n', 1);
    service.open(top, 'module top extends "./base.rules"\npool p { gem }\nrule r on game_start { move 1 gem from p to p }\n', 1);
    expect(service.diagnostics(top)).toEqual([]);
    expect(service.dependents(base).sort()).toEqual([base, top].sort());
    service.update(base, 'module base\ntoken jewel\n', 2);
    expect(service.diagnostics(top).map((d) => d.code)).toContain('resolve/unknown-token');
    expect(service.diagnostics(base).map((d) => d.code)).toEqual([]);
  });

  it('re-parses only the edited file', () => {
    const service = createLanguageService();
    service.addFiles({ [uriOf(CATAN_BASE_FILE)]: CATAN_BASE });
    const uri = uriOf(CATAN_FIVE_SIX_FILE);
    service.open(uri, CATAN_FIVE_SIX, 1);
    service.diagnostics(uri);
    const parses = service.workspace.parses;
    service.update(uri, `${CATAN_FIVE_SIX}\n// an edit\n`, 2);
    service.diagnostics(uri);
    expect(service.workspace.parses).toBe(parses + 1);
    service.diagnostics(uri);
    expect(service.workspace.parses).toBe(parses + 1);
  });

  it('nothing for a stale version', () => {
    const service = createLanguageService();
    const uri = uriOf('/x.rules');
    service.open(uri, 'rule r on nothing { }\n', 3);
    expect(service.diagnostics(uri, { version: 3 }).length).toBeGreaterThan(0);
    expect(service.diagnostics(uri, { version: 2 })).toEqual([]);
  });
});
