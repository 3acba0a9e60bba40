import { createMemoryHost, type ModuleHost } from '@houserules/compiler';
import { findTestFiles, runSuite, type SuiteOptions, type SuiteResult } from '../src/index.ts';

/** A small scenario with neutral names: players take coins from a finite bank over three rounds. */
export const COINS = `module coins

scenario "Coins" {
  source "rulebook.txt"
  players 2..4
}

token coin
pool bank { coin: 10 }
pool mint { coin: unlimited }
per player {
  pool purse { coin }
  var choice: take | pass = pass
}
event took(p: player, n: number)

flow {
  rounds 3 {
    step offer
  }
}

rule offer on offer {
  cite "Each round every player may take a coin."
  ask each p in players to choose p.choice then {
    for q in players where q.choice == take {
      move 1 coin from bank to q.purse
      emit took(q, 1)
    }
  }
}

rule note on took(p, n) {
  cite "A taker says so."
  let _x = n
}

rule never on took(p, n) when n > 5 {
  cite "Nobody ever takes six."
  let _y = n
}

forbid greedy on choice(p, v) when v == take and p.purse.coin >= 2 reason "at most two coins"
  cite "Nobody holds more than two coins."

ranking p by p.purse.coin desc ties shared
  cite "Most coins wins."
`;

export const RULEBOOK = `Coins

Each round every player may take a coin. A taker says so.
Nobody holds more than two coins. Most coins wins. The table is round.
`;

export function host(files: Record<string, string>): ModuleHost {
  return createMemoryHost({ 'coins/coins.rules': COINS, 'coins/rulebook.txt': RULEBOOK, ...files });
}

export function run(files: Record<string, string>, options: SuiteOptions = {}): SuiteResult {
  const h = host(files);
  return runSuite({ host: h, files: findTestFiles(h, Object.keys(files)) }, options);
}

export function tests(body: string): string {
  return `module coins_tests extends "../coins.rules"\n\n${body}`;
}
