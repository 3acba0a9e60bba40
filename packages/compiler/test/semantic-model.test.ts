import { describe, expect, it } from 'vitest';
import { analyze, check, createMemoryHost } from '../src/index.ts';
import DIAMANT from '../../../scenarios/diamant/diamant.rules?raw';
import { PRELUDE } from './helpers.ts';

const FILE = 'test.rules';

function modelOf(text: string, files: Record<string, string> = {}) {
  const host = createMemoryHost({ [FILE]: text, ...files });
  const result = analyze(host, FILE);
  return { ...result, model: result.model!, text };
}

/** The occurrence at the first `word` after `anchor` in the text. */
function at(text: string, word: string, anchor = ''): number {
  const from = text.indexOf(anchor);
  return text.indexOf(word, from < 0 ? 0 : from) + 1;
}

describe('the semantic model', () => {
  it('reports exactly what check reports', () => {
    const host = createMemoryHost({ 'd.rules': DIAMANT });
    expect(analyze(host, 'd.rules').diagnostics).toEqual(check(host, 'd.rules').diagnostics);
    const broken = createMemoryHost({ 'd.rules': DIAMANT.replace('in_cave_count == 0', 'in_cave_cont == 0') });
    expect(analyze(broken, 'd.rules').diagnostics).toEqual(check(broken, 'd.rules').diagnostics);
  });

  it('links every use of a declaration to it, with reads and writes', () => {
    const { model, text } = modelOf(`${PRELUDE}rule flip on tick {\n  for p in players {\n    set p.ready = not p.ready\n  }\n}\n`);
    const occ = model.occurrenceAt(FILE, at(text, 'ready', 'set p.'))!;
    expect(occ.key).toBe('decl:ready');
    expect(occ.role).toBe('write');
    const all = model.occurrencesOf('decl:ready');
    expect(all.map((o) => o.role).sort()).toEqual(['declaration', 'read', 'read', 'write']);
    expect(model.symbols.get('decl:ready')?.kind).toBe('var');
  });

  it('binds locals to their binding and gives them a type', () => {
    const { model, text } = modelOf(`${PRELUDE}rule count_them on tick {\n  let n = count(q in players where q.ready)\n  emit found(n)\n}\n`);
    const use = model.occurrenceAt(FILE, at(text, 'n)', 'rule count_them'))!;
    const binding = model.occurrenceAt(FILE, at(text, 'n =', 'rule count_them'))!;
    expect(use.key).toBe(binding.key);
    expect(model.symbols.get(use.key)?.type).toEqual({ t: 'number' });
    const q = model.bindings(FILE).find((b) => b.name === 'q')!;
    expect(q.within).toBeDefined();
    expect(q.type).toEqual({ t: 'player' });
  });

  it('follows an overridden rule and an event through the modules that extend them', () => {
    const base = 'module b\nevent ping\nflow { step go }\nrule answer on go { emit ping }\nrule hear on ping { }\n';
    const ext = 'module e extends "./base.rules"\noverride rule hear on ping { }\n';
    const host = createMemoryHost({ 'base.rules': base, 'ext.rules': ext });
    const model = analyze(host, 'ext.rules').model!;
    const hear = model.occurrencesOf('decl:hear');
    expect(hear.map((o) => `${o.file}:${o.role}`).sort()).toEqual(['base.rules:declaration', 'ext.rules:override']);
    expect(model.occurrencesOf('decl:ping').map((o) => o.file).sort()).toEqual(['base.rules', 'base.rules', 'base.rules', 'ext.rules']);
    expect(model.occurrenceAt('ext.rules', ext.indexOf('"./base.rules"') + 2)?.key).toBe('module:base.rules');
    expect(model.occurrencesOf('step:go').length).toBe(2);
  });

  it('resolves enum members to the type they were written in, and records variant items', () => {
    const { model, text } = modelOf(`${PRELUDE}option pace: slow | fast = slow\nend quick when pace == fast\nvariant hurry { option pace = fast }\n`);
    const use = model.occurrenceAt(FILE, at(text, 'fast', 'pace == '))!;
    expect(use.key).toMatch(/^enum:/);
    expect(model.symbols.get(use.key)?.declarations[0]?.range.start.offset).toBe(text.indexOf('fast'));
    expect(model.symbols.get('variant:hurry')?.declarations.length).toBe(1);
    expect(model.occurrencesOf('decl:pace').some((o) => o.role === 'write')).toBe(true);
  });

  it('answers what may follow a dot', () => {
    const { model } = modelOf(PRELUDE);
    const player = model.queries.resolveChain(['current'], new Map());
    expect(model.queries.members(player!).map((m) => m.name).sort()).toEqual(['hand', 'plan', 'purse', 'ready']);
    const purse = model.queries.resolveChain(['current', 'purse'], new Map());
    expect(purse?.k).toBe('pool');
    expect(model.queries.members(purse!).map((m) => m.name)).toEqual(['gem']);
  });

  it('never declares, references or reports a placeholder of the parser', () => {
    for (const text of ['rule r on {\n}\n', 'token a\nrule r on game_start { let x = \n }', 'rule  on game_start { }', 'per player { var x: bool = false }\nrule r on game_start { set current. = true }\n']) {
      const { model, diagnostics } = modelOf(text);
      expect(diagnostics.map((d) => `${d.message} ${d.hint ?? ''}`).join('\n')).not.toContain('$missing');
      expect([...model.symbols.values()].map((s) => s.name)).not.toContain('$missing');
    }
  });
});
