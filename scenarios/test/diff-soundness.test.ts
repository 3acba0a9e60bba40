// Issue 25's soundness property: for seeded random mutants of shipped scenarios (a number changed, a constraint
// removed or inverted, an option's default flipped, a rule removed), every witness the diff emits, run with the
// conformance runner as `houserules test` runs it, passes on the scenario and fails on the mutant; mutants that
// change nothing observable (a comparison rewritten to an equal one, a rule written again as it is) get none.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost, type ModuleHost } from '@houserules/compiler';
import { checkWitness, searchWitness, sourceOf, structuralDiff, witnessTest, type WitnessTarget } from '@houserules/diff';
import type { RuleGraph } from '@houserules/schema';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** mulberry32: the same mutants for the same seed */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Mutant {
  label: string;
  /** the declaration a module extending the scenario adds */
  declaration: string;
  /** true: it changes nothing a game can show */
  same: boolean;
}

/** a number literal outside strings and comments, with where it stands */
function numbersIn(text: string): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  for (const m of text.matchAll(/"(?:[^"\\]|\\.)*"|\/\/[^\n]*|\b\d+\b/g)) if (/^\d/.test(m[0])) out.push({ at: m.index, text: m[0] });
  return out;
}

/** `count` mutants of each kind the scenario offers (seeded), and the mutants that change nothing observable */
function mutantsOf(g: RuleGraph, read: (f: string) => string | undefined, seed: number): Mutant[] {
  const random = generator(seed);
  const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(random() * xs.length)];
  const active = <T extends { status?: string }>(xs: readonly T[]): T[] => xs.filter((x) => x.status === undefined || x.status === 'active');
  const rules = active(g.rules).filter((r) => !r.provenance.module.startsWith('houserules'));
  const constraints = active(g.constraints);
  const out: Mutant[] = [];
  // a changed number: in a rule, a derived value or an end
  const withNumbers = [...rules, ...active(g.ends), ...g.derived].flatMap((n) => {
    const text = sourceOf(n.provenance, read)?.replace(/^override\s+/, '');
    return text && !/\bcite\b[^\n]*\d/.test(text) && numbersIn(text).length > 0 ? [{ name: n.name, text }] : [];
  });
  const numbered = pick(withNumbers);
  if (numbered) {
    const n = pick(numbersIn(numbered.text))!;
    const by = String(Number(n.text) + (random() < 0.5 && Number(n.text) > 0 ? -1 : 1));
    out.push({ label: `${numbered.name}: ${n.text} → ${by}`, declaration: `override ${numbered.text.slice(0, n.at)}${by}${numbered.text.slice(n.at + n.text.length)}`, same: false });
  }
  const rule = pick(rules);
  if (rule) out.push({ label: `remove rule ${rule.name}`, declaration: `remove rule ${rule.name}`, same: false });
  const constraint = pick(constraints);
  if (constraint) {
    out.push({ label: `remove constraint ${constraint.name}`, declaration: `remove constraint ${constraint.name}`, same: false });
    const text = sourceOf(constraint.provenance, read)?.replace(/^override\s+/, '');
    // `forbid c when C` refuses where C holds, `require c when C` where it does not: the keyword swapped inverts it
    if (text) out.push({ label: `inverted constraint ${constraint.name}`, declaration: `override ${text.replace(/^(forbid|require)\b/, (k) => (k === 'forbid' ? 'require' : 'forbid'))}`, same: false });
  }
  const option = pick(g.options.filter((o) => o.type.t === 'enum' || o.type.t === 'bool'));
  if (option) {
    const values = option.type.t === 'enum' ? option.type.values : [true, false];
    const other = pick(values.filter((v) => v !== option.default));
    if (other !== undefined) out.push({ label: `option ${option.name} = ${String(other)}`, declaration: `option ${option.name} = ${String(other)}`, same: false });
  }
  // nothing observable: a rule written again as it is, and a comparison `x >= n` rewritten `x > n - 1` (whole numbers)
  const again = pick(rules);
  const againText = again && sourceOf(again.provenance, read)?.replace(/^override\s+/, '');
  if (againText) out.push({ label: `rule ${again!.name} as it is`, declaration: `override ${againText}`, same: true });
  const comparing = withNumbers.find((n) => / >= \d+\b/.test(n.text));
  if (comparing) out.push({ label: `${comparing.name}: >= n written > n - 1`, declaration: `override ${comparing.text.replace(/ >= (\d+)\b/, (_, n: string) => ` > ${Number(n) - 1}`)}`, same: true });
  return out;
}

const scenarios = [
  { name: 'Diamant', file: join(root, 'diamant/diamant.rules'), players: 3 },
  { name: 'Night signals', file: join(root, 'examples/night-signals/night-signals.rules'), players: 3 },
];

describe('soundness: every witness of a scenario against a mutant of it passes on the scenario and fails on the mutant', () => {
  /** the mutants that got a witness (the property is not vacuous) */
  const witnessed: string[] = [];
  for (const s of scenarios) {
    const text = readFileSync(s.file, 'utf8');
    const dir = dirname(s.file);
    const base = s.file.slice(dir.length + 1);
    const mutantFile = join(dir, 'houserules_mutant.rules');
    const witnessFile = join(dir, 'houserules_mutant_witness.rules');
    const a: WitnessTarget = { extends: `./${base}`, variant: null, options: {} };
    const b: WitnessTarget = { extends: './houserules_mutant.rules', variant: null, options: {} };
    const plain: ModuleHost = createMemoryHost({ [s.file]: text });
    const graph = compile(plain, s.file).value!;
    const read = (f: string): string | undefined => (f === s.file ? text : undefined);
    // two seeds: different numbers, rules and constraints picked (the same each run)
    const seen = new Set<string>();
    const mutants = [25, 3].flatMap((seed) => mutantsOf(graph, read, seed)).filter((m) => !seen.has(m.label) && (seen.add(m.label), true));

    it(`${s.name}: mutants of every kind the scenario has`, () => {
      expect(mutants.filter((m) => !m.same).length).toBeGreaterThanOrEqual(3);
      expect(mutants.some((m) => m.same)).toBe(true);
    });

    for (const m of mutants) {
      it(`${s.name}, ${m.label}: ${m.same ? 'no witness' : 'each witness passes on the scenario and fails on the mutant'}`, () => {
        const host = createMemoryHost({ [s.file]: text, [mutantFile]: `module houserules_mutant extends "./${base}"\n\n${m.declaration}\n` });
        const r = compile(host, mutantFile);
        expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        const mutant = r.value!;
        const diff = structuralDiff(graph, mutant, { readA: read, readB: (f) => host.readFile(f) });
        // a bounded search (games and depth; the seconds only a backstop), its witnesses run on both sides first
        const found = searchWitness({ graph, options: {} }, { graph: mutant, options: {} }, {
          steerBy: diff,
          players: s.players,
          games: 16,
          depth: 200,
          budgetSeconds: 20,
          shrinkSeconds: 2,
          verify: { host, path: witnessFile, a, b },
        });
        const witnesses = found.differences.filter((d) => d.witness && !d.sameAs);
        if (m.same) {
          expect(found.witness).toBeNull();
          return;
        }
        if (witnesses.length > 0) witnessed.push(`${s.name}, ${m.label}`);
        for (const d of witnesses) {
          expect(d.witness!.verified, d.label).toBeTruthy();
          const texts = witnessTest([{ label: d.label, witness: d.witness! }], a, b, { a: s.name, b: 'mutant', module: 'houserules_mutant_witness' });
          const check = checkWitness(host, witnessFile, texts);
          expect(check, `${d.label}: ${check.problem}`).toMatchObject({ passesOnA: true, failsOnB: true, problem: null });
        }
      });
    }
  }

  it('emitted witnesses for most of the mutants that change the game', () => {
    // a removed rule, a flipped option, a removed constraint, a changed number: each shows within the bounded search
    expect(witnessed.length).toBeGreaterThanOrEqual(4);
  });
});
