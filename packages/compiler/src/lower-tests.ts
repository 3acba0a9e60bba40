import type { Expr as GExpr, Provenance, Range, Stmt, Value } from '@houserules/schema';
import type { Expr, Identifier, TestDecl } from '@houserules/syntax';
import type { Origin } from './declaration-table.ts';
import { constant, type Lowerers } from './lower-declarations.ts';
import type { Scope } from './lowering-context.ts';
import { didYouMean } from './suggest-name.ts';
import { BOOL, PLAYER, listOf, type Ty } from './type-system.ts';

/** One step of a compiled `test` block, in order; seats are 0-based (`p1` is 0). */
export type TestStep =
  | { t: 'arrange'; body: Stmt[]; range: Range }
  | { t: 'advance'; range: Range }
  | { t: 'fixDice'; faces: number[]; range: Range }
  | { t: 'choose'; seat: number; value: GExpr; range: Range }
  | { t: 'do'; seat: number; action: string; args: GExpr[]; range: Range }
  /** agents: `random`, `first` or a policy name, with constant arguments in the policy's parameter order */
  | { t: 'play'; until?: GExpr; agents: { name: string; args: Value[] }[]; range: Range }
  | { t: 'expect'; condition: GExpr; range: Range }
  | { t: 'expectEvent'; negated: boolean; event: string; args?: GExpr[]; range: Range }
  | { t: 'expectIllegal'; seat: number; move: { choose: GExpr } | { action: string; args: GExpr[] }; because?: string; range: Range }
  | { t: 'expectGameOver'; winners?: GExpr; range: Range };

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

/** Lowers one test block: names resolve as in rules, plus the seats `p1` … `pN`. */
export function lowerTest(l: Lowerers, decl: TestDecl, origin: Origin): CompiledTest {
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
  for (const item of decl.items ?? []) {
    if (!item) continue;
    const range = item.range;
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
      case 'TestFixDice': test.steps.push({ t: 'fixDice', faces: item.faces ?? [], range }); break;
      case 'TestChoose': test.steps.push({ t: 'choose', seat: seat(item.seat), value: value(item.value), range }); break;
      case 'TestDo': test.steps.push({ t: 'do', seat: seat(item.seat), ...action(item.action, item.args), range }); break;
      case 'TestPlay': {
        const step: TestStep = { t: 'play', agents: (item.agents ?? []).filter((a) => a?.name).map((a) => agent(a.name, a.args ?? [])), range };
        if (item.until) step.until = value(item.until, BOOL);
        test.steps.push(step);
        break;
      }
      case 'TestExpect': test.steps.push({ t: 'expect', condition: value(item.condition, BOOL), range }); break;
      case 'TestExpectEvent': {
        if (!item.event) break;
        const params = l.st.eventParams(item.event.name);
        if (params) scope.recorder?.reference(origin.file, item.event, { k: 'event', name: item.event.name }, 'read');
        if (!params) {
          l.cx.sink.error('resolve/unknown-event', `there is no event \`${item.event.name}\``, origin.file, item.event.range, didYouMean(item.event.name, l.st.eventNames()));
          break;
        }
        const step: TestStep = { t: 'expectEvent', negated: item.negated ?? false, event: `event:${item.event.name}`, range };
        if (item.args) {
          if (item.args.length > params.length) {
            l.cx.sink.error('type/arity', `event \`${item.event.name}\` has ${params.length} parameter${params.length === 1 ? '' : 's'}`, origin.file, item.range);
          }
          step.args = item.args.map((a, i) => value(a, params[i]));
        }
        test.steps.push(step);
        break;
      }
      case 'TestExpectIllegal': {
        const move = item.move?.$type === 'TestDo' ? action(item.move.action, item.move.args) : { choose: value(item.move?.value) };
        const step: TestStep = { t: 'expectIllegal', seat: seat(item.seat), move, range };
        if (item.because) {
          const c = l.cx.table.byName.get(item.because.name);
          if (c?.kind === 'constraint') scope.recorder?.reference(origin.file, item.because, { k: 'decl', decl: c }, 'read');
          if (c?.kind !== 'constraint') {
            const constraints = [...l.cx.table.byName.values()].filter((d) => d.kind === 'constraint').map((d) => d.name);
            l.cx.sink.error('resolve/unknown-name', `there is no constraint \`${item.because.name}\``, origin.file, item.because.range, didYouMean(item.because.name, constraints));
          }
          step.because = `constraint:${item.because.name}`;
        }
        test.steps.push(step);
        break;
      }
      case 'TestExpectGameOver': {
        const step: TestStep = { t: 'expectGameOver', range };
        if (item.winners) step.winners = value(item.winners, listOf(PLAYER));
        test.steps.push(step);
        break;
      }
    }
  }
  return test;
}
