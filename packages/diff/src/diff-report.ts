import type { BalanceRow } from './balance.ts';
import type { NodeChange, StructuralDiff } from './structural-diff.ts';
import type { SearchResult } from './witness-search.ts';
import type { WitnessCheck } from './witness-test.ts';

/** Everything `houserules diff` found, as data (`--json` prints it). */
export interface DiffReport {
  a: { label: string; file: string };
  b: { label: string; file: string };
  structural: StructuralDiff;
  behaviour: (SearchResult & { witnessTest: string | null; check: WitnessCheck | null }) | null;
  balance: { games: number; agents: string[]; rows: BalanceRow[] } | null;
}

/** whether the report found a difference: structural, behavioural, or a significant one in balance */
export function foundDifferences(r: DiffReport): boolean {
  return r.structural.changes.length > 0 || r.behaviour?.witness != null || (r.balance?.rows.some((x) => x.mark !== '') ?? false);
}

/**
 * Text from a scenario (names, citations, source lines) made safe to print:
 * control characters (terminal escapes among them) are shown as `\u{1b}`, so
 * a scenario file cannot drive the reader's terminal.
 */
export function printable(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** parts whose change no game can observe */
const WORDING = new Set(['citation', 'reason', 'documentation']);

const KIND_ORDER = ['scenario', 'option', 'token', 'group', 'pool', 'var', 'card', 'zone', 'piece', 'board', 'event', 'derived', 'flow', 'rule', 'action', 'constraint', 'end', 'invariant', 'ranking', 'policy'];
const STATUS_ORDER = ['changed', 'reads-changed', 'removed', 'added'];

function sorted(changes: NodeChange[]): NodeChange[] {
  return changes.slice().sort((x, y) => STATUS_ORDER.indexOf(x.status) - STATUS_ORDER.indexOf(y.status) || KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) || x.name.localeCompare(y.name));
}

const where = (l: { file: string; line: number } | undefined, display: (f: string) => string): string => (l ? `${display(l.file)}:${l.line}` : '—');
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const num = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));

function balanceCells(r: BalanceRow): [string, string, string, string] {
  const isRate = r.measure.includes('rate') || r.measure.startsWith('ends:');
  const f = isRate ? pct : num;
  const e = (x: { value: number; low: number; high: number }): string => `${f(x.value)} [${f(x.low)}, ${f(x.high)}]`;
  return [printable(r.measure), e(r.a), e(r.b), `${r.difference >= 0 ? '+' : ''}${f(r.difference)}${r.mark ? ` ${r.mark}` : ''}`];
}

/** The report for a terminal (`markdown: false`) or for a forum post or an errata page. */
export function formatDiffReport(r: DiffReport, options: { markdown?: boolean; displayPath?: (file: string) => string } = {}): string {
  const md = options.markdown === true;
  const display = (f: string): string => printable(options.displayPath ? options.displayPath(f) : f);
  const out: string[] = [];
  const A = printable(r.a.label);
  const B = printable(r.b.label);
  const s = r.structural;
  out.push(md ? `## ${A} → ${B}` : `${A} → ${B}`, '');
  for (const d of s.diagnostics) out.push(`${d.severity}: ${printable(d.message)} [${d.code}]`);
  const changed = sorted(s.changes);
  const counts = STATUS_ORDER.map((st) => `${changed.filter((c) => c.status === st).length} ${st === 'reads-changed' ? 'changed through what they read' : st}`);
  out.push(`Structure: ${s.shared} declarations in common, ${s.unchanged} unchanged; ${counts.join(', ')}.`, '');
  for (const c of changed) {
    const name = `${c.kind} ${printable(c.name)}`;
    if (c.status === 'changed') {
      const wording = c.parts.every((p) => WORDING.has(p)) ? ' — wording only, no effect on play' : '';
      out.push(md ? `### ${name}: changed (${c.parts.join(', ')})${wording}` : `~ ${name}: changed (${c.parts.join(', ')})${wording}`);
      out.push(`${md ? '' : '    '}${where(c.a, display)} → ${where(c.b, display)}${md ? '  ' : ''}`);
      if (c.a?.cite !== c.b?.cite || c.parts.includes('citation')) {
        out.push(`${md ? '- ' : '    '}cites (${A}): ${c.a?.cite !== undefined ? `"${printable(c.a.cite)}"` : 'nothing'}`);
        out.push(`${md ? '- ' : '    '}cites (${B}): ${c.b?.cite !== undefined ? `"${printable(c.b.cite)}"` : 'nothing'}`);
      } else if (c.a?.cite !== undefined) out.push(`${md ? '- ' : '    '}cites: "${printable(c.a.cite)}"`);
      if (c.source && c.source.some((l) => l.op !== ' ')) {
        if (md) out.push('', '```diff');
        for (const l of c.source) out.push(`${md ? '' : '    '}${l.op} ${printable(l.text)}`);
        if (md) out.push('```');
      }
      out.push('');
    } else if (c.status === 'reads-changed') {
      const through = c.through.map((t) => `${t.kind} ${printable(t.name)}`).join(', ');
      out.push(`${md ? '- ' : '≈ '}${name} (${where(c.a, display)}): unchanged, but it reads ${through}, which changed`);
    } else {
      const side = c.status === 'added' ? c.b : c.a;
      out.push(`${md ? '- ' : c.status === 'added' ? '+ ' : '- '}${name}: ${c.status === 'added' ? `only in ${B}` : `only in ${A}`} (${where(side, display)})${side?.cite !== undefined ? ` — "${printable(side.cite)}"` : ''}`);
    }
  }
  if (changed.some((c) => c.status !== 'changed')) out.push('');
  for (const x of s.renamed) out.push(`renamed? ${x.kind} ${printable(x.from)} (${where(x.a, display)}) → ${printable(x.to)} (${where(x.b, display)})${x.similarity === 1 ? ': the same meaning' : `: ${Math.round(100 * x.similarity)}% alike`}`);
  if (s.renamed.length > 0) out.push('');

  const beh = r.behaviour;
  if (beh) {
    out.push(md ? '### Behaviour' : 'Behaviour:');
    for (const d of beh.diagnostics) out.push(`${d.severity}: ${printable(d.message)} [${d.code}]`);
    const found = beh.differences.filter((d) => d.witness);
    const sought = beh.differences.filter((d) => d.witness || !d.summary.startsWith('a policy') && !d.summary.startsWith('an invariant'));
    const steered = beh.differences.length > 1 || beh.differences[0]?.label !== 'any divergence';
    if (steered) out.push(`a witness for ${found.length} of ${sought.length} difference${sought.length === 1 ? '' : 's'} that can show in play (${beh.games} games)`);
    else if (!beh.witness) out.push(printable(beh.summary));
    for (const d of beh.differences) {
      const w = d.witness;
      const lead = steered ? `${md ? '- ' : '  '}${printable(d.label)}: ` : '';
      const pad = steered ? (md ? '  - ' : '      ') : '';
      out.push(`${lead}${printable(d.summary)}`);
      if (!w || d.sameAs) continue;
      out.push(`${pad}found in ${w.found.phase} game ${w.found.games} (seed ${w.found.seed}, ${w.found.moves} decisions) in ${(w.ms / 1000).toFixed(2)} s, shrunk to ${w.moves.length} in ${w.shrinkSteps} replays in ${(w.shrinkMs / 1000).toFixed(2)} s`);
      if (d.isolation === 'isolated' && d.isolatedDeclarations) {
        out.push(`${pad}the second's ${d.nodes.length === 1 ? 'declaration' : 'declarations'}, taken alone into the first:`);
        for (const l of d.isolatedDeclarations.split('\n')) out.push(`${pad}  ${printable(l)}`);
      }
      if (w.divergence.move) out.push(`${pad}the step: ${printable(w.divergence.move)}`);
      for (const f of w.divergence.rules) out.push(`${pad}  rule ${printable(f.rule)} fired ${f.a}× in ${A}, ${f.b}× in ${B}`);
    }
    if (beh.witness) {
      const many = found.length > 1;
      const isolated = found.some((d) => d.isolation === 'isolated');
      if (beh.check) out.push(beh.check.problem ? `the witness test: ${printable(beh.check.problem)}` : `the witness test${many ? 's pass' : ' passes'} on ${A} and fail${many ? '' : 's'} on ${B}${isolated ? ' (an isolated difference\'s: with only that difference taken from it)' : ''} (${beh.check.failureOnB ?? 'failed'})`);
      if (beh.witnessTest) {
        out.push('', md ? '```rules' : '');
        out.push(printable(beh.witnessTest).trimEnd());
        if (md) out.push('```');
      }
    }
    out.push('');
  }
  const bal = r.balance;
  if (bal) {
    out.push(md ? '### Balance' : 'Balance:', `${bal.games} games each, the same seeds, agents ${printable(bal.agents.join(', '))}; 95% intervals; * p < 0.05, ** p < 0.01`, '');
    const head = ['measure', A, B, 'difference'];
    const cells = bal.rows.map(balanceCells);
    if (md) {
      out.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
      for (const c of cells) out.push(`| ${c.join(' | ')} |`);
    } else {
      const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
      out.push(head.map((h, i) => h.padEnd(widths[i]!)).join('  '), widths.map((w) => '─'.repeat(w)).join('  '));
      for (const c of cells) out.push(c.map((x, i) => x.padEnd(widths[i]!)).join('  '));
    }
    out.push('');
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}
