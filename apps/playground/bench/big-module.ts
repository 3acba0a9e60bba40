// The keystroke measures' file: one module of about `lines` lines, Diamant's kind of declarations and many small rules.
/** One module of about `lines` lines: Diamant's kind of declarations and many small rules. */
export function bigModule(lines: number): string {
  const head = ['module mine.big', '', 'scenario "A 2,000-line module" {', '  players 2..4', '}', '', 'token coin', 'pool bank { coin: unlimited }', 'per player {', '  pool purse { coin }', '  var score: number = 0', '}', 'event tick(n: number)', ''];
  const out = [...head];
  for (let i = 0; out.length < lines; i++) {
    out.push(`rule pay_${i} on tick(n) when n > ${i % 7} {`, `  cite "Rule ${i} pays."`, '  for p in players {', `    move ${1 + (i % 3)} coin from bank to p.purse`, `    set p.score = p.score + ${i % 5}`, '  }', '}', '');
  }
  out.push('rule start on game_start {', '  emit tick(3)', '}', '');
  return out.join('\n');
}
