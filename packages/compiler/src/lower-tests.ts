import type { Expr as GExpr, Provenance, Range, Stmt, TypeDesc, Value } from '@houserules/schema';
import type { Expr, Identifier, TestDecl } from '@houserules/syntax';
import type { Origin } from './declaration-table.ts';
import { constant } from './constant-value.ts';
import type { Lowerers } from './lower-declarations.ts';
import type { Scope } from './lowering-context.ts';
import { didYouMean } from './suggest-name.ts';
import { DiagnosticSink } from './diagnostic-sink.ts';
import { BOOL, NUMBER, PLAYER, describeType, listOf, toTypeDesc, type Ty } from './type-system.ts';

/** One step of a compiled `test` block, in order; seats are 0-based (`p1` is 0). `when`: an expectation of one reading (skipped where it does not hold). */
export type TestStep = (
  | { t: 'arrange'; body: Stmt[]; range: Range }
  | { t: 'advance'; range: Range }
  | { t: 'fixDice'; faces: number[]; total?: GExpr; range: Range }
  | { t: 'choose'; seat: number; value: GExpr; range: Range }
  | { t: 'do'; seat: number; action: string; args: GExpr[]; range: Range }
  /** agents: `random`, `first` or a policy name, with constant arguments in the policy's parameter order */
  | { t: 'play'; until?: GExpr; agents: { name: string; args: Value[] }[]; range: Range }
  | { t: 'expect'; condition: GExpr; shows?: (TypeDesc | null)[]; range: Range }
  | { t: 'expectEvent'; negated: boolean; event: string; args?: GExpr[]; times?: number; thisRound?: boolean; before?: { event: string; args?: GExpr[] }; range: Range }
  | { t: 'expectIllegal'; seat: number; move: { choose: GExpr } | { action: string; args: GExpr[] }; because?: string; range: Range }
  | { t: 'expectLegal'; seat: number; move: { choose: GExpr } | { action: string; args: GExpr[] }; range: Range }
  | { t: 'expectGameOver'; negated?: boolean; by?: string; winners?: GExpr; range: Range }
  | { t: 'expectAsked'; negated: boolean; seat: number; ask?: AskedTarget; options?: GExpr; range: Range }
  | { t: 'expectSees'; negated: boolean; seat: number; target: GExpr; range: Range }
) & { when?: GExpr };

/** What `expect p1 asked NAME` names: a choice named with `as`, a per-player var chosen with `choose p.var`, or an action offered. */
export type AskedTarget = { ask: string; name: string } | { var: string; name: string } | { action: string; name: string };

/** A `test` block resolved against the graph of its variant. */
export interface CompiledTest {
  name: string;
  provenance: Provenance;
  /** the variant the test asks for (`variant x` inside it), or null */
  variant: string | null;
  players?: number;
  seed?: number;
  /** option values the test sets (`option x = v`) */
  options: Record<string, Value>;
  steps: TestStep[];
}

/** The tests of all loaded modules, for the variant they name. */
export function collectTests(modules: { name: string; file: string; ast: { items?: unknown[] } }[]): { decl: TestDecl; origin: Origin }[] {
  const out: { decl: TestDecl; origin: Origin }[] = [];
  for (const m of modules) {
    for (const item of (m.ast.items ?? []) as { $type?: string }[]) {
      if (item?.$type === 'TestDecl') out.push({ decl: item as TestDecl, origin: { module: m.name, file: m.file } });
    }
  }
  return out;
}

export function testVariant(decl: TestDecl): string | null {
  for (const item of decl.items ?? []) if (item?.$type === 'TestVariant' && item.name) return item.name.name;
  return null;
}

const SEAT = /^p([1-9][0-9]*)$/;

/**
 * Lowers one test block into one test per reading: a test with `option x in [a, b]`
 * (or `in all`) runs once for each value (for several such options, each
 * combination), named `title (x = a)`; the steps are the same, and may read the
 * option like any expression.
 */
export function lowerTests(l: Lowerers, decl: TestDecl, origin: Origin): CompiledTest[] {
  const test = lowerTest(l, decl, origin);
  let readings: { suffix: string[]; options: Record<string, Value> }[] = [{ suffix: [], options: {} }];
  for (const item of decl.items ?? []) {
    if (item?.$type !== 'TestOptionReadings' || !item.name) continue;
    const values = optionReadings(l, item.name, item.values, origin);
    if (values.length === 0) continue;
    readings = readings.flatMap((r) => values.map((v) => ({ suffix: [...r.suffix, `${item.name.name} = ${String(v)}`], options: { ...r.options, [item.name.name]: v } })));
  }
  if (readings.length === 1 && readings[0]!.suffix.length === 0) return [test];
  return readings.map((r) => ({ ...test, name: `${test.name} (${r.suffix.join(', ')})`, options: { ...test.options, ...r.options } }));
}

/** The values of `option x in [a, b]` (constants of the option's type), or every value of its type for `in all` (bool, enum). */
function optionReadings(l: Lowerers, name: Identifier, values: Expr | null, origin: Origin): Value[] {
  const option = l.cx.table.byName.get(name.name);
  if (option?.kind !== 'option') {
    const options = [...l.cx.table.byName.values()].filter((d) => d.kind === 'option').map((d) => d.name);
    l.cx.sink.error('resolve/unknown-option', `there is no option \`${name.name}\``, origin.file, name.range, didYouMean(name.name, options));
    return [];
  }
  const ty = l.cx.declType(option);
  if (values === null) {
    if (ty.t === 'bool') return [false, true];
    if (ty.t === 'enum') return [...ty.values];
    l.cx.sink.error('type/mismatch', `option \`${name.name}\` is a ${describeType(ty)}: \`in all\` needs a bool or an enum`, origin.file, name.range, `list the readings: option ${name.name} in [1, 2]`);
    return [];
  }
  if (values.$type !== 'ListExpr') {
    l.cx.sink.error('type/mismatch', `the readings of option \`${name.name}\` must be a list of values`, origin.file, values.range, `option ${name.name} in [a, b]`);
    return [];
  }
  const out: Value[] = [];
  for (const item of values.items) {
    const v = constant(l, item, origin, ty, `a reading of option \`${name.name}\``);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** Lowers one test block: names resolve as in rules, plus the seats `p1` … `pN`. */
function lowerTest(l: Lowerers, decl: TestDecl, origin: Origin): CompiledTest {
  const scope: Scope = l.cx.scope(origin, 'test', null);
  scope.seats = true;
  const test: CompiledTest = {
    name: decl.name?.value ?? '', provenance: l.cx.provenance(origin, decl.range, decl.cite), variant: testVariant(decl), options: {}, steps: [],
  };
  const seat = (ident: Identifier | undefined): number => {
    const m = ident ? SEAT.exec(ident.name) : null;
    if (m && ident) scope.recorder?.reference(origin.file, ident, { k: 'builtin', what: 'seat', name: ident.name }, 'read');
    if (!m) {
      if (ident) l.cx.sink.error('resolve/unknown-name', `\`${ident.name}\` is not a seat`, origin.file, ident.range, 'tests name seats p1, p2, …');
      return 0;
    }
    return Number(m[1]) - 1;
  };
  const value = (e: Expr | undefined, ty?: Ty): GExpr => l.ex.value(e, scope, ty).expr;
  // The type of each comparison's left side, in `and` order (as the runner explains a failing expect), lowered
  // once more with no diagnostics and no recorder: the condition itself was lowered and reported above.
  const comparedTypes = (e: Expr | undefined): (TypeDesc | null)[] => {
    if (e?.$type !== 'BinaryExpr') return [null];
    if (e.op === 'and') return [...comparedTypes(e.left), ...comparedTypes(e.right)];
    if (!COMPARISONS.has(e.op)) return [null];
    const sink = l.cx.sink;
    const recorder = scope.recorder;
    l.cx.sink = new DiagnosticSink();
    scope.recorder = null;
    try {
      const ty = l.ex.value(e.left, scope).ty;
      // a number too: decoded without its type, one past the language's range (a score of 2^87) would read as a name
      return [SHOWN.has(ty.t) || ty.t === 'number' || (ty.t === 'list' && SHOWN.has(ty.of.t)) ? toTypeDesc(ty) : null];
    } finally {
      l.cx.sink = sink;
      scope.recorder = recorder;
    }
  };
  const action = (ident: Identifier, args: Expr[] | undefined): { action: string; args: GExpr[] } => {
    const decl2 = l.cx.table.byName.get(ident.name);
    if (decl2?.kind !== 'action') {
      const actions = [...l.cx.table.byName.values()].filter((d) => d.kind === 'action').map((d) => d.name);
      l.cx.sink.error('resolve/unknown-name', `there is no action \`${ident.name}\``, origin.file, ident.range, didYouMean(ident.name, actions));
      return { action: `action:${ident.name}`, args: (args ?? []).map((a) => value(a)) };
    }
    scope.recorder?.reference(origin.file, ident, { k: 'decl', decl: decl2 }, 'read');
    const params = (decl2.node.params ?? []).filter((p) => p?.name);
    if ((args ?? []).length !== params.length) {
      l.cx.sink.error('type/arity', `action \`${ident.name}\` takes ${params.length} argument${params.length === 1 ? '' : 's'}, got ${(args ?? []).length}`, origin.file, ident.range);
    }
    return { action: `action:${ident.name}`, args: (args ?? []).map((a, i) => value(a, params[i]?.type ? l.cx.typeFromRef(params[i]!.type, decl2.origin) : undefined)) };
  };
  // An agent is a built-in (`random`, `first`) or a policy of the scenario; its arguments are constants.
  const agent = (ident: Identifier, args: Expr[]): { name: string; args: Value[] } => {
    const d = l.cx.table.byName.get(ident.name);
    const policy = d?.kind === 'policy' ? d : undefined;
    if (policy) scope.recorder?.reference(origin.file, ident, { k: 'decl', decl: policy }, 'read');
    else if (ident.name === 'random' || ident.name === 'first') scope.recorder?.reference(origin.file, ident, { k: 'builtin', what: 'agent', name: ident.name }, 'read');
    if (!policy && ident.name !== 'random' && ident.name !== 'first') {
      const policies = [...l.cx.table.byName.values()].filter((x) => x.kind === 'policy').map((x) => x.name);
      l.cx.sink.error('resolve/unknown-name', `there is no agent or policy \`${ident.name}\``, origin.file, ident.range, didYouMean(ident.name, ['random', 'first', ...policies]) ?? 'agents: random, first, or a policy of the scenario');
    }
    const params = policy ? (policy.node.params ?? []).filter((p) => p?.name) : [];
    if (args.length > params.length) {
      l.cx.sink.error('type/arity', `agent \`${ident.name}\` takes ${params.length} argument${params.length === 1 ? '' : 's'}, got ${args.length}`, origin.file, ident.range);
    }
    return {
      name: ident.name,
      args: args.map((x, i) => {
        const ty = params[i]?.type && policy ? l.cx.typeFromRef(params[i]!.type, policy.origin) : undefined;
        return constant(l, x, origin, ty, `argument ${i + 1} of agent \`${ident.name}\``) ?? 0;
      }),
    };
  };
  const askedTarget = (ident: Identifier): { target: AskedTarget; value?: Ty } | undefined => {
    const named = l.cx.namedChoices.get(ident.name);
    if (named) return { target: { ask: named.askId, name: ident.name }, value: named.value };
    const d = l.cx.table.byName.get(ident.name);
    if (d?.kind === 'action') {
      scope.recorder?.reference(origin.file, ident, { k: 'decl', decl: d }, 'read');
      return { target: { action: `action:${ident.name}`, name: ident.name } };
    }
    if (d?.kind === 'var') {
      scope.recorder?.reference(origin.file, ident, { k: 'decl', decl: d }, 'read');
      return { target: { var: `var:${ident.name}`, name: ident.name }, value: l.cx.declType(d) };
    }
    const names = [...l.cx.namedChoices.keys(), ...[...l.cx.table.byName.values()].filter((x) => x.kind === 'action' || x.kind === 'var').map((x) => x.name)];
    l.cx.sink.error('resolve/unknown-name', `there is no choice, chosen variable or action \`${ident.name}\``, origin.file, ident.range, didYouMean(ident.name, names) ?? 'name a choice (`as NAME`), a per-player variable a rule asks for, or an action');
    return undefined;
  };
  for (const item of decl.items ?? []) {
    if (!item) continue;
    const range = item.range;
    const stepsBefore = test.steps.length;
    switch (item.$type) {
      case 'TestPlayers': test.players = item.count; break;
      case 'TestSeed': test.seed = item.seed; break;
      case 'TestVariant':
        if (item.name && l.cx.table.variants.some((v) => v.name === item.name.name)) scope.recorder?.reference(origin.file, item.name, { k: 'variant', name: item.name.name }, 'read');
        break;
      case 'TestOption': {
        const option = item.name ? l.cx.table.byName.get(item.name.name) : undefined;
        if (!item.name) break;
        if (option?.kind === 'option') scope.recorder?.reference(origin.file, item.name, { k: 'decl', decl: option }, 'write');
        if (option?.kind !== 'option') {
          const options = [...l.cx.table.byName.values()].filter((d) => d.kind === 'option').map((d) => d.name);
          l.cx.sink.error('resolve/unknown-option', `there is no option \`${item.name.name}\``, origin.file, item.name.range, didYouMean(item.name.name, options));
          break;
        }
        const v = constant(l, item.value, origin, l.cx.declType(option), `option \`${item.name.name}\``);
        if (v !== undefined) test.options[item.name.name] = v;
        break;
      }
      case 'TestArrange': test.steps.push({ t: 'arrange', body: l.st.block(item.body, scope), range }); break;
      case 'TestAdvance': test.steps.push({ t: 'advance', range }); break;
      case 'TestFixDice': {
        const step: Extract<TestStep, { t: 'fixDice' }> = { t: 'fixDice', faces: item.faces ?? [], range };
        if (item.total) step.total = value(item.total, NUMBER);
        test.steps.push(step);
        break;
      }
      case 'TestChoose': test.steps.push({ t: 'choose', seat: seat(item.seat), value: value(item.value), range }); break;
      case 'TestDo': test.steps.push({ t: 'do', seat: seat(item.seat), ...action(item.action, item.args), range }); break;
      case 'TestPlay': {
        const step: TestStep = { t: 'play', agents: (item.agents ?? []).filter((a) => a?.name).map((a) => agent(a.name, a.args ?? [])), range };
        if (item.until) step.until = value(item.until, BOOL);
        test.steps.push(step);
        break;
      }
      case 'TestExpect': {
        const step: Extract<TestStep, { t: 'expect' }> = { t: 'expect', condition: value(item.condition, BOOL), range };
        const shows = comparedTypes(item.condition);
        if (shows.some((t) => t !== null)) step.shows = shows;
        test.steps.push(step);
        break;
      }
      case 'TestExpectEvent': {
        if (!item.event) break;
        const params = l.st.eventParams(item.event.name);
        if (params) scope.recorder?.reference(origin.file, item.event, { k: 'event', name: item.event.name }, 'read');
        if (!params) {
          l.cx.sink.error('resolve/unknown-event', `there is no event \`${item.event.name}\``, origin.file, item.event.range, didYouMean(item.event.name, l.st.eventNames()));
          break;
        }
        const step: Extract<TestStep, { t: 'expectEvent' }> = { t: 'expectEvent', negated: item.negated ?? false, event: `event:${item.event.name}`, range };
        if (item.times !== undefined) {
          if (item.negated) l.cx.sink.error('type/mismatch', '`expect not event … N times` says nothing clear', origin.file, item.range, 'write `expect event E 0 times`, or leave out `not`');
          step.times = item.times;
        }
        if (item.thisRound) step.thisRound = true;
        if (item.args) {
          if (item.args.length > params.length) {
            l.cx.sink.error('type/arity', `event \`${item.event.name}\` has ${params.length} parameter${params.length === 1 ? '' : 's'}`, origin.file, item.range);
          }
          step.args = item.args.map((a, i) => value(a, params[i]));
        }
        if (item.before) {
          const later = item.before.event;
          const laterParams = l.st.eventParams(later.name);
          if (!laterParams) {
            l.cx.sink.error('resolve/unknown-event', `there is no event \`${later.name}\``, origin.file, later.range, didYouMean(later.name, l.st.eventNames()));
          } else {
            scope.recorder?.reference(origin.file, later, { k: 'event', name: later.name }, 'read');
            if (item.negated || item.times !== undefined) l.cx.sink.error('type/mismatch', '`before` orders two events that both happened: it takes no `not` and no count', origin.file, item.range, 'write `expect event A before B`');
            step.before = { event: `event:${later.name}` };
            if (item.before.args) step.before.args = item.before.args.map((a, i) => value(a, laterParams[i]));
          }
        }
        test.steps.push(step);
        break;
      }
      case 'TestExpectIllegal': {
        const move = item.move?.$type === 'TestDo' ? action(item.move.action, item.move.args) : { choose: value(item.move?.value) };
        const step: TestStep = { t: 'expectIllegal', seat: seat(item.seat), move, range };
        if (item.because) {
          const c = l.cx.table.byName.get(item.because.name);
          // a named choice (`as NAME`): the choice itself leaves the value out (its collection or its `where`)
          const choice = c === undefined ? l.cx.namedChoices.get(item.because.name) : undefined;
          if (c?.kind === 'constraint') scope.recorder?.reference(origin.file, item.because, { k: 'decl', decl: c }, 'read');
          if (choice !== undefined) step.because = `ask:${choice.askId}`;
          else {
            if (c?.kind !== 'constraint') {
              const constraints = [...l.cx.table.byName.values()].filter((d) => d.kind === 'constraint').map((d) => d.name);
              l.cx.sink.error('resolve/unknown-name', `there is no constraint or named choice \`${item.because.name}\``, origin.file, item.because.range, didYouMean(item.because.name, [...constraints, ...l.cx.namedChoices.keys()]));
            }
            step.because = `constraint:${item.because.name}`;
          }
        }
        test.steps.push(step);
        break;
      }
      case 'TestExpectLegal': {
        const move = item.move?.$type === 'TestDo' ? action(item.move.action, item.move.args) : { choose: value(item.move?.value) };
        test.steps.push({ t: 'expectLegal', seat: seat(item.seat), move, range });
        break;
      }
      case 'TestExpectGameOver': {
        const step: Extract<TestStep, { t: 'expectGameOver' }> = { t: 'expectGameOver', range };
        if (item.negated) {
          step.negated = true;
          if (item.winners) l.cx.sink.error('type/mismatch', 'a game that is not over has no winners', origin.file, item.winners.range, 'write `expect not game over`, or `expect game over winners …`');
        } else if (item.winners) step.winners = value(item.winners, listOf(PLAYER));
        if (item.by) {
          const end = l.cx.table.byName.get(item.by.name);
          if (end?.kind === 'end') scope.recorder?.reference(origin.file, item.by, { k: 'decl', decl: end }, 'read');
          if (item.negated) l.cx.sink.error('type/mismatch', 'a game that is not over ended by nothing', origin.file, item.by.range, 'write `expect not game over`, or `expect game over by …`');
          else if (end?.kind !== 'end' && item.by.name !== 'flow') {
            const ends = [...l.cx.table.byName.values()].filter((d) => d.kind === 'end').map((d) => d.name);
            l.cx.sink.error('resolve/unknown-name', `there is no end condition \`${item.by.name}\``, origin.file, item.by.range, didYouMean(item.by.name, [...ends, 'flow']) ?? `end conditions: ${ends.join(', ') || 'none'}; \`flow\` for the flow running out`);
          } else step.by = item.by.name === 'flow' && end?.kind !== 'end' ? 'flow-ended' : `end:${item.by.name}`;
        }
        test.steps.push(step);
        break;
      }
      case 'TestExpectAsked': {
        const step: Extract<TestStep, { t: 'expectAsked' }> = { t: 'expectAsked', negated: item.negated, seat: seat(item.seat), range };
        let optionType: Ty | undefined;
        if (item.ask) {
          const resolved = askedTarget(item.ask);
          if (resolved) {
            step.ask = resolved.target;
            optionType = resolved.value;
          }
        }
        if (item.options) {
          if (item.negated) l.cx.sink.error('type/mismatch', '`expect not p1 asked … options …` says nothing clear', origin.file, item.options.range, 'leave out `not`, or the options');
          else if (step.ask && 'action' in step.ask) l.cx.sink.error('type/mismatch', `\`${step.ask.name}\` is an action: its options are not a list of values`, origin.file, item.options.range, 'check one option with `expect legal p1 does …`');
          else step.options = value(item.options, optionType ? listOf(optionType) : undefined);
        }
        test.steps.push(step);
        break;
      }
      case 'TestExpectSees': {
        const target = l.ex.value(item.target, scope);
        const isZone = target.expr.k === 'zone';
        const isCard = target.ty.t === 'card' || target.ty.t === 'unknown';
        // a var (`expect not p2 sees p1.score`): whether its value is in the seat's view (secret vars)
        const isVar = target.expr.k === 'var' && target.expr.key === undefined;
        if (!isZone && !isCard && !isVar) {
          l.cx.sink.error('type/mismatch', `a seat sees a zone, a card or a var, not a ${describeType(target.ty)}`, origin.file, item.target.range, 'e.g. `expect p2 sees p1.hand`');
        }
        test.steps.push({ t: 'expectSees', negated: item.negated, seat: seat(item.seat), target: target.expr, range });
        break;
      }
    }
    // `expect … when COND`: the expectation of one reading
    const when = 'when' in item ? item.when : undefined;
    if (when !== undefined && test.steps.length > stepsBefore) test.steps[test.steps.length - 1]!.when = value(when, BOOL);
  }
  return test;
}

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
/** the types whose values a failing expect shows in the author's words (`p2`, `treasure(7)`, `corner(0, 0, 1)`) */
const SHOWN = new Set(['player', 'card', 'site']);
