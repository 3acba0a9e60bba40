/**
 * A synthetic module set for benchmarks: a base module, `modules` feature
 * modules that each import the base and the feature before them, and an entry
 * module that imports them all. Every module declares its own tokens, pools,
 * vars, events, derived values and many rules, so the set exercises module
 * loading, resolution, type checking and lowering at a realistic size.
 * Deterministic: the same parameters give the same text.
 */
export interface ModuleSet {
  files: Record<string, string>;
  entry: string;
  lines: number;
}

export function generateModuleSet(options: { modules?: number; rulesPerModule?: number } = {}): ModuleSet {
  const moduleCount = options.modules ?? 8;
  const rulesPerModule = options.rulesPerModule ?? 24;
  const root = 'scenarios/bench';
  const files: Record<string, string> = {};

  files[`${root}/base.rules`] = [
    'module bench.base',
    '',
    'token coin, gem',
    'pool bank { coin: unlimited, gem: unlimited }',
    'per player {',
    '  pool purse { coin, gem }',
    '  var active: bool = false',
    '  var stance: calm | bold = calm',
    '  derive wealth: number = purse.coin + 3 * purse.gem',
    '}',
    'event tick(n: number)',
    'derive active_count: number = count(p in players where p.active)',
    '',
    'flow {',
    '  rounds 3 {',
    '    step open',
    '    step work',
    '  }',
    '}',
    '',
    'rule activate on round_start {',
    '  for p in players { set p.active = true }',
    '}',
    'rule start_work on work {',
    '  emit tick(round)',
    '}',
    'rule decide on open {',
    '  ask each p in players where p.active to choose p.stance secretly then {',
    '    emit tick(0)',
    '  }',
    '}',
    'ranking p by p.wealth desc ties shared',
    '',
  ].join('\n');

  const imports: string[] = [];
  for (let m = 0; m < moduleCount; m++) {
    const name = `feature${m}`;
    const lines: string[] = [`module bench.${name}`, '', 'import bench.base'];
    if (m > 0) lines.push(`import bench.feature${m - 1}`);
    lines.push('');
    lines.push(`token m${m}_shard`);
    lines.push(`pool m${m}_store { m${m}_shard: 50, coin: 20 }`);
    lines.push('per player {');
    lines.push(`  var m${m}_level: number = 0`);
    lines.push(`  pool m${m}_cache { m${m}_shard, coin }`);
    lines.push('}');
    lines.push(`var m${m}_counter: number = 0`);
    lines.push(`option m${m}_mode: slow | fast = slow "How module ${m} pays out."`);
    lines.push(`event m${m}_paid(p: player, amount: number)`);
    lines.push(`derive m${m}_total: number = sum(p in players: p.m${m}_level)`);
    lines.push('');
    for (let r = 0; r < rulesPerModule; r++) {
      const rule = `m${m}_rule${r}`;
      if (r % 4 === 0) {
        lines.push(`rule ${rule} on tick(n) when n >= 0 {`);
        lines.push(`  cite "Module ${m}, rule ${r}: every active player gains."`);
        lines.push(`  for p in players where p.active {`);
        lines.push(`    let gain = if m${m}_mode == fast then 2 else 1`);
        lines.push(`    if m${m}_store.coin >= gain {`);
        lines.push(`      move gain coin from m${m}_store to p.m${m}_cache`);
        lines.push(`      emit m${m}_paid(p, gain)`);
        lines.push('    } else {');
        lines.push(`      move gain coin from bank to p.purse`);
        lines.push('    }');
        lines.push('  }');
        lines.push('}');
      } else if (r % 4 === 1) {
        lines.push(`rule ${rule} on m${m}_paid(who, amount) when amount > 0 {`);
        lines.push(`  set who.m${m}_level = who.m${m}_level + amount`);
        lines.push(`  set m${m}_counter = m${m}_counter + 1`);
        lines.push(`  if who.m${m}_level > 10 and who.stance == bold {`);
        lines.push(`    move all coin from who.m${m}_cache to who.purse`);
        lines.push('  }');
        lines.push('}');
      } else if (r % 4 === 2) {
        lines.push(`rule ${rule} on round_end${r > 2 ? ` after m${m}_rule${r - 4}` : ''} {`);
        lines.push(`  let top = max(q in players: q.wealth)`);
        lines.push(`  if m${m}_total > active_count {`);
        lines.push(`    for p in players where p.wealth == top { move 1 gem from bank to p.purse }`);
        lines.push('  }');
        lines.push(`  for p in players {`);
        lines.push(`    let spare = min(p.m${m}_cache.m${m}_shard, 3)`);
        lines.push(`    move spare m${m}_shard from p.m${m}_cache to m${m}_store`);
        lines.push('  }');
        lines.push('}');
      } else {
        lines.push(`rule ${rule} on work {`);
        lines.push(`  for p in players where not p.active or p.wealth < ${r} {`);
        lines.push(`    if m${m}_store.m${m}_shard > 0 {`);
        lines.push(`      move 1 m${m}_shard from m${m}_store to p.m${m}_cache`);
        lines.push('    }');
        lines.push('  }');
        lines.push('}');
      }
      lines.push('');
    }
    files[`${root}/${name}.rules`] = lines.join('\n');
    imports.push(`import bench.${name}`);
  }
  files[`${root}/main.rules`] = [
    'module bench.main',
    '',
    'scenario "Benchmark" {',
    '  players 2..6',
    '}',
    '',
    'import bench.base',
    ...imports,
    '',
    'variant generous "Everyone is bold" {',
    `  override rule decide on open {`,
    '    for p in players { set p.stance = bold }',
    '  }',
    '}',
    '',
  ].join('\n');
  const lines = Object.values(files).reduce((n, text) => n + text.split('\n').length, 0);
  return { files, entry: `${root}/main.rules`, lines };
}
