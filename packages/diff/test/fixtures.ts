import { compile, createMemoryHost, type ModuleHost } from '@houserules/compiler';
import type { RuleGraph } from '@houserules/schema';

/** A small push-your-luck game: enough rules, derived values, options and variants to compare. */
export const BASE = `module luck

scenario "Luck" {
  players 2..4
}

option bonus_rule: plain | doubled = plain "How the bonus pays."

token coin
pool bank { coin: unlimited }

per player {
  pool purse { coin }
  var plan: stay | leave = stay
  derive worth: number = purse.coin
}

var pot: number = 0

event paid(amount: number)

derive total: number = sum(p in players: p.purse.coin)

flow {
  rounds 3 {
    step deal
    step decide
  }
}

rule deal on deal {
  cite "Put three coins in the pot."
  set pot = pot + 3
}

rule decide on decide {
  cite "Each player chooses to stay or leave."
  ask each p in players to choose p.plan then {
    emit paid(pot)
  }
}

rule pay_leavers on paid(amount) {
  cite "Leavers share the pot."
  for p in players where p.plan == leave {
    move amount coin from bank to p.purse
  }
}

rule bonus on paid(amount) when bonus_rule == doubled {
  cite "A doubled bonus pays twice."
  for p in players where p.plan == leave {
    move amount coin from bank to p.purse
  }
}

ranking p by p.worth desc ties shared

variant generous "Generous" {
  option bonus_rule = doubled
}
`;

export function graphOf(files: Record<string, string>, entry: string, variant?: string): { graph: RuleGraph; host: ModuleHost } {
  const host = createMemoryHost(files);
  const r = compile(host, entry, variant ? { variant } : {});
  if (!r.value) throw new Error(`did not compile: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
  return { graph: r.value, host };
}

export const read = (files: Record<string, string>) => (f: string): string | undefined => files[f];
