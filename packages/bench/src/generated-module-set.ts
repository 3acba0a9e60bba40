/**
 * A synthetic scenario of about `targetLines` lines spread over several
 * modules (a base, parts that import it, an entry that imports them all), built
 * from the constructs Diamant uses, for measuring compile throughput at size.
 */
export interface ModuleSet {
  entry: string;
  files: Record<string, string>;
  lines: number;
}

const BASE = `module gen.base

token coin
pool bank { coin: unlimited }

per player {
  pool purse { coin }
  var active: bool = true
  var counter: number = 0
  var mood: calm | eager = calm
  derive wealth: number = purse.coin + counter
}
`;

function part(k: number, rules: number): string {
  const out: string[] = [`module gen.part${k}`, `import "./base.rules"`, ''];
  for (let j = 0; j < rules; j++) {
    const next = (j + 1) % rules;
    out.push(
      `event e${k}_${j}(n: number)`,
      `derive d${k}_${j}: number = count(p in players where p.active) + ${j}`,
      '',
      `rule r${k}_${j} on e${k}_${j}(n) when n > 0 {`,
      `  cite "Generated rule ${k}.${j}: share coins among the active players."`,
      `  let share = n / player_count`,
      `  for p in players where p.active and p.purse.coin < 100 {`,
      `    move share coin from bank to p.purse`,
      `    set p.counter = p.counter + 1`,
      `  }`,
      `  if d${k}_${j} > 2 and n > 1 {`,
      `    emit e${k}_${next}(n - 1)`,
      `  }`,
      `}`,
      '',
    );
  }
  return out.join('\n');
}

function entry(parts: number): string {
  const imports = Array.from({ length: parts }, (_, k) => `import "./part${k}.rules"`).join('\n');
  const kicks = Array.from({ length: parts }, (_, k) => `  emit e${k}_0(6)`).join('\n');
  return `module gen
import "./base.rules"
${imports}

scenario "Generated" {
  players 2..6
}

flow {
  rounds 3 {
    step tick
  }
}

rule kick on tick {
${kicks}
}

ranking p by p.wealth desc ties shared
`;
}

export function generateModuleSet(targetLines = 2000, parts = 5): ModuleSet {
  const fixed = BASE.split('\n').length + entry(parts).split('\n').length;
  const linesPerRule = 15;
  const rulesPerPart = Math.max(1, Math.round((targetLines - fixed - 3 * parts) / (linesPerRule * parts)));
  const files: Record<string, string> = { '/gen/base.rules': BASE, '/gen/main.rules': entry(parts) };
  for (let k = 0; k < parts; k++) files[`/gen/part${k}.rules`] = part(k, rulesPerPart);
  const lines = Object.values(files).reduce((n, text) => n + text.split('\n').length, 0);
  return { entry: '/gen/main.rules', files, lines };
}
