import { describe, expect, it } from 'vitest';
import { checkWitness, differenceTargets, involves, isolateDifference, replayWitness, searchWitness, structuralDiff, verifyWitness, witnessTest, LockstepPair } from '../src/index.ts';
import { createMemoryHost } from '@houserules/compiler';
import { BASE, graphOf, read } from './fixtures.ts';

const files = { '/s/luck.rules': BASE };
const { graph: base, host } = graphOf(files, '/s/luck.rules');
const generous = graphOf(files, '/s/luck.rules', 'generous').graph;

describe('the behavioural diff', () => {
  it('finds a shrunk witness that passes on the first graph and fails on the second', () => {
    const r = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { steerBy: structuralDiff(base, generous), players: 2, budgetSeconds: 600 });
    const w = r.witness!;
    expect(w).not.toBeNull();
    expect(w.divergence.kind).toBe('state');
    // only a leaver is paid, and the bonus then pays again: the first round's two decisions are enough
    expect(w.moves.length).toBeLessThanOrEqual(2);
    expect(w.moves.some((m) => m.endsWith('chooses leave'))).toBe(true);
    expect(w.divergence.rules).toEqual([{ rule: 'bonus', a: 0, b: 1 }]);
    // the witness replays to the same divergence
    expect(replayWitness(new LockstepPair({ graph: base, options: {} }, { graph: generous, options: {} }, 2), w.seed, w.moves)?.divergence.detail).toBe(w.divergence.detail);

    const texts = witnessTest(w, { extends: './luck.rules', variant: null, options: {} }, { extends: './luck.rules', variant: 'generous', options: {} }, { a: 'Luck', b: 'Luck (generous)', module: 'luck_witness' });
    expect(texts.text).toContain('module luck_witness extends "./luck.rules"');
    expect(texts.againstB).toContain('variant generous');
    const check = checkWitness(host, '/s/luck_witness.rules', texts);
    expect(check).toMatchObject({ passesOnA: true, failsOnB: true, failureOnB: 'test/expectation-failed', problem: null });
  });

  it('finds the option difference when an option is set on both sides, and none when the options make them equal', () => {
    const both = searchWitness({ graph: base, options: { bonus_rule: 'doubled' } }, { graph: generous, options: {} }, { players: 2, games: 20 });
    expect(both.witness).toBeNull();
    expect(both.exhausted).toBe('games');
    expect(both.summary).toMatch(/^no divergence in 20 games up to \d+ decisions/);
  });

  it('says "no divergence" between a graph and itself, and stops when its time budget runs out', () => {
    const same = searchWitness({ graph: base, options: {} }, { graph: base, options: {} }, { players: 3, games: 5 });
    expect(same.witness).toBeNull();
    expect(same.games).toBe(5);
    expect(same.depth).toBeGreaterThan(0);
    let t = 0;
    const slow = searchWitness({ graph: base, options: {} }, { graph: base, options: {} }, { players: 3, games: 1000, budgetSeconds: 1, now: () => (t += 400) });
    expect(slow.exhausted).toBe('seconds');
    expect(slow.games).toBeLessThan(1000);
    expect(slow.diagnostics.map((d) => d.code)).toEqual(['diff/budget-exhausted']);
  });

  it('reports its progress as it goes: games searched, differences witnessed, its phases in order', () => {
    const reports: { phase: string; games: number; differences: number; witnessed: number; seconds: number }[] = [];
    let t = 0;
    // a clock that moves 40 ms a reading: a report at most every PROGRESS_MS of it, and at each phase
    const r = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { steerBy: structuralDiff(base, generous), players: 2, budgetSeconds: 600, now: () => (t += 40), onProgress: (p) => reports.push(p) });
    expect(r.witness).not.toBeNull();
    const phases = reports.map((p) => p.phase);
    expect(phases.at(-1)).toBe('done');
    expect(phases).toContain('shrink');
    expect(phases.indexOf('shrink')).toBeLessThan(phases.indexOf('done'));
    const last = reports.at(-1)!;
    expect(last).toMatchObject({ games: r.games, differences: r.differences.length, witnessed: r.differences.filter((d) => d.witness).length });
    for (let i = 1; i < reports.length; i++) {
      expect(reports[i]!.games).toBeGreaterThanOrEqual(reports[i - 1]!.games);
      expect(reports[i]!.seconds).toBeGreaterThanOrEqual(reports[i - 1]!.seconds);
    }
  });

  it('reports a player count neither side allows, without throwing', () => {
    const r = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { players: 9 });
    expect(r.witness).toBeNull();
    expect(r.diagnostics.map((d) => d.code)).toEqual(['diff/no-common-player-count']);
  });

  it('plays both back ends alike: the same witness from closures and from generated code', () => {
    const opts = { players: 2, games: 30, budgetSeconds: 600 } as const;
    const gen = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { ...opts, codegen: true });
    const clo = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { ...opts, codegen: false });
    expect(clo.witness?.moves).toEqual(gen.witness?.moves);
    expect(clo.witness?.seed).toBe(gen.witness?.seed);
  });
});

/** two differences: the bonus (shows when someone leaves), a bigger last deal (shows in round 3 only, unless the bonus showed first) */
const TWO = `${BASE}
variant twofold "Twofold" {
  option bonus_rule = doubled
  override rule deal on deal {
    cite "Put three coins in the pot, four in the last round."
    set pot = pot + 3
  }
  rule last_deal on deal when round == 3 {
    cite "Put one more coin in the pot in the last round."
    set pot = pot + 1
  }
}
`;

describe('a witness per difference', () => {
  const two = { '/s/luck.rules': TWO };
  const a = graphOf(two, '/s/luck.rules').graph;
  const b = graphOf(two, '/s/luck.rules', 'twofold').graph;
  const diff = structuralDiff(a, b);

  it('groups the differences: an option with the rules that read it, an added rule on its own, a wording change none', () => {
    const targets = differenceTargets(diff, a, b);
    expect(targets.map((t) => t.nodes)).toEqual([['option bonus_rule'], ['rule last_deal']]);
    expect([...targets[0]!.touch]).toContain('rule bonus');
  });

  it('finds a witness of each, each diverging where its difference shows, and writes one test each', () => {
    const r = searchWitness({ graph: a, options: {} }, { graph: b, options: {} }, { steerBy: diff, players: 2, games: 100, budgetSeconds: 600 });
    expect(r.differences.map((d) => d.label)).toEqual(['option bonus_rule', 'rule last_deal']);
    const [bonus, last] = r.differences.map((d) => d.witness!);
    expect(bonus!.divergence.rules).toEqual([{ rule: 'bonus', a: 0, b: 1 }]);
    // the last deal shows after round 2's four decisions (with the bonus in the same step, if round 2 had a leaver)
    expect(last!.divergence.rules).toContainEqual({ rule: 'last_deal', a: 0, b: 1 });
    expect(last!.moves).toHaveLength(4);
    expect(last!.moves.slice(0, 2)).toEqual(['p1 chooses stay', 'p2 chooses stay']);
    const witnesses = r.differences.map((d) => ({ label: d.label, witness: d.witness! }));
    const texts = witnessTest(witnesses, { extends: './luck.rules', variant: null, options: {} }, { extends: './luck.rules', variant: 'twofold', options: {} }, { a: 'Luck', b: 'Luck (twofold)', module: 'luck_witness' });
    expect(texts.text.match(/^test /gm)).toHaveLength(2);
    const check = checkWitness(createMemoryHost(two), '/s/luck_witness.rules', texts);
    expect(check).toMatchObject({ passesOnA: true, failsOnB: true, problem: null });
    expect(check.tests?.map((t) => [t.passesOnA, t.failsOnB])).toEqual([[true, true], [true, true]]);
  });

  it('says plainly which difference found no witness, and where the games diverged instead', () => {
    // every game leaves in the first round: the bonus always shows first
    const r = searchWitness({ graph: a, options: {} }, { graph: b, options: {} }, { steerBy: diff, players: 2, games: 3, depth: 1 });
    const last = r.differences.find((d) => d.label === 'rule last_deal')!;
    expect(last.witness).toBeNull();
    expect(last.summary).toMatch(/^no witness in 3 games up to 1 decisions/);
    expect(last.summary).toMatch(/not a proof/);
  });
});

describe('sound by construction: a witness is run on both sides before it is reported', () => {
  const a = { extends: './luck.rules', variant: null, options: {} };
  const b = { extends: './luck.rules', variant: 'generous', options: {} };

  it('ends each witness with the first line that holds on the first and fails on the second, what a player holds first', () => {
    const r = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { steerBy: structuralDiff(base, generous), players: 2, budgetSeconds: 600, verify: { host, path: '/s/luck_witness.rules', a, b } });
    const w = r.witness!;
    // a purse (what a player holds) before the derived worth or the table's bookkeeping
    expect(w.verified?.expect).toMatch(/^expect p\d\.purse\.coin == \d+$/);
    expect(w.verified?.failureOnB).toBe('test/expectation-failed');
    expect(w.divergence.candidates.map((c) => c.seen)).toEqual(w.divergence.candidates.map((c) => c.seen).slice().sort((x, y) => x - y));
    const texts = witnessTest([{ label: 'option bonus_rule', witness: w }], a, b, { a: 'Luck', b: 'Luck (generous)', module: 'luck_witness' });
    expect(texts.text).toContain(`  ${w.verified!.expect}\n}`);
  });

  it('verifies on the engine\'s closures only when asked (a page under a strict CSP): no generated code, the same witness', () => {
    const options = { steerBy: structuralDiff(base, generous), players: 2, budgetSeconds: 600, verify: { host, path: '/s/luck_witness.rules', a, b } };
    const generated = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, options).witness!;
    const real = globalThis.Function;
    let made = 0;
    globalThis.Function = new Proxy(real, { construct: (t, args) => (made++, Reflect.construct(t, args)) });
    try {
      const closures = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { ...options, codegen: false }).witness!;
      expect(made).toBe(0);
      expect(closures.verified).toEqual(generated.verified);
      expect(closures.moves).toEqual(generated.moves);
    } finally {
      globalThis.Function = real;
    }
  });

  it('reports no witness when no line of it fails on the second side, and says why', () => {
    // aimed at the first side twice: whatever the games showed, no test can pass on one and fail on the other
    const r = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { steerBy: structuralDiff(base, generous), players: 2, budgetSeconds: 600, verify: { host, path: '/s/luck_witness.rules', a, b: a } });
    expect(r.witness).toBeNull();
    const d = r.differences[0]!;
    expect(d.witness).toBeNull();
    expect(d.unverified).toMatch(/passes on the second side too/);
    expect(d.summary).toMatch(/^no verified witness: .* not reported$/);
  });

  it('keeps the first candidate line that tells the sides apart, skipping one that holds on both', () => {
    const r = searchWitness({ graph: base, options: {} }, { graph: generous, options: {} }, { steerBy: structuralDiff(base, generous), players: 2, budgetSeconds: 600 });
    const w = r.witness!;
    const good = w.divergence.candidates[0]!;
    const v = verifyWitness(w, [{ line: 'expect round >= 1', detail: 'holds on both', seen: 0 }, good], { host, path: '/s/luck_witness.rules', a, b });
    expect(v).toMatchObject({ expect: good.line, failureOnB: 'test/expectation-failed' });
    expect(verifyWitness(w, [{ line: 'expect round == 99', detail: 'holds on neither', seen: 0 }], { host, path: '/s/luck_witness.rules', a, b })).toEqual({ problem: expect.stringMatching(/on the first side/) });
  });
});

/** leaving only in the last round; the second printing lets players leave from round 2 on: no constraint for it, and one new limit for round 1 */
const LIMITS = `${BASE}
forbid no_early_leave on plan(p, choice) when choice == leave and round < 3
  reason "Leave only in the last round."

variant loose "Loose" {
  remove constraint no_early_leave
  forbid not_first on plan(p, choice) when choice == leave and round == 1
    reason "Nobody leaves in the first round."
}
`;

describe('crediting and isolation both ways', () => {
  const files = { '/s/luck.rules': LIMITS };
  const { graph: a, host: h } = graphOf(files, '/s/luck.rules');
  const b = graphOf(files, '/s/luck.rules', 'loose').graph;
  const diff = structuralDiff(a, b);
  const targets = differenceTargets(diff, a, b);

  it('credits a set-up divergence to what differs in it, not to every declaration, and a changed value to its own flip', () => {
    const target = (key: string) => targets.find((t) => t.nodes[0] === key)!;
    const limit = target('constraint not_first');
    const setUp = { kind: 'state' as const, step: 0, move: null, detail: '', rules: [], expect: [], candidates: [], touched: ['var pot', 'rule deal'] };
    expect(involves(setUp, limit)).toBe(false);
    expect(involves({ ...setUp, touched: ['constraint not_first'] }, limit)).toBe(true);
    // a derived value that takes another value shows its own difference, and its readers'
    const two = graphOf({ '/s/luck.rules': TWO.replace('derive total: number = sum(p in players: p.purse.coin)', 'derive total: number = sum(p in players: p.purse.coin) + pot') }, '/s/luck.rules');
    const t2 = differenceTargets(structuralDiff(graphOf({ '/s/luck.rules': TWO }, '/s/luck.rules').graph, two.graph), graphOf({ '/s/luck.rules': TWO }, '/s/luck.rules').graph, two.graph).find((t) => t.nodes[0] === 'derived total')!;
    expect(involves({ ...setUp, step: 3, touched: ['derived total'] }, t2)).toBe(true);
  });

  it('shows a limit that matters only with the other difference: the second without it, against the second', () => {
    const r = searchWitness({ graph: a, options: {} }, { graph: b, options: {} }, {
      steerBy: diff,
      players: 2,
      games: 20,
      budgetSeconds: 600,
      isolate: { host: h, fileA: '/s/luck.rules', readB: read(files) },
      verify: { host: h, path: '/s/luck_witness.rules', a: { extends: './luck.rules', variant: null, options: {} }, b: { extends: './luck.rules', variant: 'loose', options: {} } },
    });
    const removed = r.differences.find((d) => d.label === 'constraint no_early_leave')!;
    const limit = r.differences.find((d) => d.label === 'constraint not_first')!;
    // the relaxation shows directly, in round 2
    expect(removed.witness).not.toBeNull();
    expect(removed.isolation).toBeNull();
    // the limit: taken alone into the first it changes nothing (the first forbids more); the second without it lets a player leave in round 1
    expect(limit.isolation).toBe('isolated');
    expect(limit.direction).toBe('minus');
    expect(limit.isolatedDeclarations).toContain('remove constraint no_early_leave');
    expect(limit.isolatedDeclarations).not.toContain('not_first');
    expect(limit.witness?.verified?.expect).toMatch(/^expect legal p\d chooses leave$/);
    expect(limit.witness?.verified?.failureOnB).toBe('test/move-illegal');

    // written as files: the test passes in the second without the limit, and fails on the second
    const witnesses = r.differences.flatMap((d) => (d.witness && !d.sameAs ? [{ label: d.label, witness: d.witness, isolated: d.isolation === 'isolated' ? d.isolatedDeclarations : null, direction: d.direction ?? null }] : []));
    const texts = witnessTest(witnesses, { extends: './luck.rules', variant: null, options: {} }, { extends: './luck.rules', variant: 'loose', options: {} }, { a: 'Luck', b: 'Luck (loose)', module: 'luck_witness' });
    expect(texts.isolated.map((x) => x.direction)).toEqual(['minus']);
    expect(texts.text).not.toContain('not_first:');
    const check = checkWitness(h, '/s/luck_witness.rules', texts);
    expect(check).toMatchObject({ passesOnA: true, failsOnB: true, problem: null });
    expect(check.tests).toHaveLength(2);
  });
});

describe('isolation writes a declaration where the second declares it', () => {
  // the second printing: a new per-player var (read by a new rule) and the bonus option with another set of values
  const second = BASE.replace('option bonus_rule: plain | doubled = plain "How the bonus pays."', 'option bonus_rule: plain | doubled | tripled = tripled "How the bonus pays."')
    .replace('  derive worth: number = purse.coin\n', '  derive worth: number = purse.coin\n  var left_times: number = 0\n')
    .replace('rule bonus on paid(amount)', 'rule count_leavers on paid(amount) {\n  for p in players where p.plan == leave {\n    set p.left_times = p.left_times + 1\n  }\n}\n\nrule bonus on paid(amount)');
  const files = { '/s/luck.rules': BASE, '/t/luck.rules': second };
  const { graph: a, host: h } = graphOf(files, '/s/luck.rules');
  const b = graphOf(files, '/t/luck.rules').graph;
  const targets = differenceTargets(structuralDiff(a, b), a, b);
  const src = { host: h, fileA: '/s/luck.rules', readB: read(files) };

  it('a new var of each player in a `per player` block of its own, so that it stays one per player', () => {
    const t = targets.find((x) => x.nodes.includes('var left_times'))!;
    const counting = targets.find((x) => x.nodes[0] === 'rule count_leavers')!;
    const r = isolateDifference([t, counting].filter((x, i, all) => all.indexOf(x) === i), a, b, src);
    expect('problem' in r ? r.problem : null).toBeNull();
    if (!('problem' in r)) {
      expect(r.declarations).toMatch(/per player \{\n {2}var left_times: number = 0\n\}/);
      expect(r.graph.vars.find((v) => v.name === 'left_times')?.scope).toBe('player');
    }
  });

  it('an option with other values as the second declares it, over the first’s', () => {
    const t = targets.find((x) => x.nodes[0] === 'option bonus_rule')!;
    const r = isolateDifference(t, a, b, src);
    expect('problem' in r ? r.problem : null).toBeNull();
    if (!('problem' in r)) {
      expect(r.declarations).toMatch(/^override option bonus_rule: plain \| doubled \| tripled = tripled/);
      expect(r.graph.options.find((o) => o.name === 'bonus_rule')?.default).toBe('tripled');
    }
  });
});
