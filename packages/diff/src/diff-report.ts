import type { Value } from '@houserules/schema';
import type { PairedBalance, PairedRow, SideFailure } from './balance-paired.ts';
import { groupBySentence } from './sentence-groups.ts';
import { sideBySide } from './side-by-side.ts';
import type { NodeChange, StructuralDiff } from './structural-diff.ts';
import type { SearchResult } from './witness-search.ts';
import type { WitnessCheck } from './witness-test.ts';

/** Everything `houserules diff` found, as data (`--json` prints it). */
export interface DiffReport {
  /** each side, with the options set for it (`--option`, `--option-a`, `--option-b`) */
  a: { label: string; file: string; options?: Record<string, Value> };
  b: { label: string; file: string; options?: Record<string, Value> };
  structural: StructuralDiff;
  /** `files`: the witness files written, and those an earlier run wrote that were removed (never left stale) */
  behaviour: (SearchResult & { witnessTest: string | null; check: WitnessCheck | null; files?: { written: string[]; removed: string[] } }) | null;
  /**
   * the paired balance (docs/diff.md, "Balance"): game i of each side with the same seed and agents; `each`: how
   * often each difference matters alone (the first with only it, against the first, on the same seeds)
   */
  balance: (PairedBalance & { agents: string[]; each?: MattersAlone[] }) | null;
}

/** How often one difference matters alone: the first side with only it taken from the second, against the first. */
export interface MattersAlone {
  label: string;
  /** paired games, and the shares where the winner, a score, the end changes; or why it was not played */
  paired?: number;
  matters?: PairedBalance['matters'];
  /** games of the isolated side that stopped with a run error (left out) */
  errors?: number;
  problem?: string;
}

/** whether the report found a difference: structural, behavioural, a significant one in balance, or a run error in a balance game */
export function foundDifferences(r: DiffReport): boolean {
  const bal = r.balance;
  return r.structural.changes.length > 0 || r.behaviour?.witness != null || (bal !== null && (bal.tables.some((t) => t.rows.some((x) => x.mark !== '')) || bal.errors.a + bal.errors.b > 0));
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

function balanceCells(r: PairedRow): [string, string, string, string, string] {
  const isRate = r.kind === 'rate';
  const f = isRate ? pct : num;
  const e = (x: { value: number; low: number; high: number }): string => `${f(x.value)} [${f(x.low)}, ${f(x.high)}]`;
  // a difference of rates in percentage points
  const g = isRate ? (x: number): string => (100 * x).toFixed(1) : num;
  const sign = (x: number): string => `${x >= 0 ? '+' : ''}${g(x)}`;
  const d = r.difference;
  const p = r.pHolm < 0.001 ? '<0.001' : r.pHolm.toFixed(3);
  return [printable(r.measure), e(r.a), e(r.b), `${sign(d.value)} [${sign(d.low)}, ${sign(d.high)}]${isRate ? ' pts' : ''}`, `${p}${r.mark ? ` ${r.mark}` : ''}`];
}

const TABLE_TITLE = { seats: 'Seats', length: 'Length', ends: 'Ends' } as const;

/** the balance's header lines: what was played and how it is compared */
function balanceHeader(bal: NonNullable<DiffReport['balance']>): string[] {
  const left = bal.games - bal.paired;
  return [
    `${bal.games.toLocaleString('en-US')} paired games (game i of each side with the same seed), agents ${printable(bal.agents.join(', '))}${left > 0 ? `; ${left} left out: a run error on either side` : ''}.`,
    'Each side: 95% intervals (Wilson for rates, t for means); difference: the mean per-game difference (second − first) and its 95% interval; p: the sign test on the games where a win or an end changes, the paired t test for a score or a length, corrected for the rows of its table (Holm); * p < 0.05, ** p < 0.01.',
  ];
}

/** the run errors of either side, each with its game, seed, place, code and the command that replays it */
function failureLines(bal: NonNullable<DiffReport['balance']>, label: (side: 'a' | 'b') => string, display: (f: string) => string): string[] {
  const { a, b, codes, first } = bal.errors;
  if (a + b === 0) return [];
  const sides = ([['a', a], ['b', b]] as const).filter(([, n]) => n > 0).map(([side, n]) => `${n} game${n === 1 ? '' : 's'} of ${label(side)}`);
  const out = [`RUN ERRORS: ${sides.join(' and ')} stopped on a run error (left out of the comparison).`];
  out.push(`  by code: ${codes.map((c) => `${label(c.side)} ${printable(c.code)} ×${c.games}`).join(', ')}`);
  for (const f of first) out.push(...failureText(f, label(f.side), display));
  return out;
}

function failureText(f: SideFailure, side: string, display: (f: string) => string): string[] {
  const at = f.file !== undefined ? ` (${display(f.file)}${f.range ? `:${f.range.start.line}` : ''})` : '';
  const out = [`  ${side}, game ${f.game} (seed ${f.seed}): ${printable(f.code)}${f.place ? ` ${printable(f.place)}` : ''}${at}: ${printable(f.message)}`];
  if (f.replay) out.push(`    replay it: ${printable(f.replay)}`);
  return out;
}

/** "in N paired games the winner changes in k (x% [l, h]) …" */
function mattersLine(bal: { paired: number; matters: PairedBalance['matters'] }): string {
  const m = bal.matters;
  const part = (what: string, c: { games: number; share: { value: number; low: number; high: number } }): string => `${what} in ${c.games.toLocaleString('en-US')} (${pct(c.share.value)} [${pct(c.share.low)}, ${pct(c.share.high)}])`;
  return `in ${bal.paired.toLocaleString('en-US')} paired games ${part('the winner changes', m.winner)}, ${part('a score changes', m.score)}, ${part('the end changes', m.end)}.`;
}

/** each difference alone: `label: in N paired games …`, or why it was not played */
function eachLines(bal: NonNullable<DiffReport['balance']>): string[] {
  return (bal.each ?? []).map((e) => `${printable(e.label)}: ${e.problem !== undefined ? `not played (${printable(e.problem)})` : `${mattersLine({ paired: e.paired!, matters: e.matters! })}${e.errors ? ` ${e.errors} game${e.errors === 1 ? '' : 's'} with it stopped with a run error (left out).` : ''}`}`);
}

/** the width of the text report's two columns of sentences, rule included, unless the caller says another */
export const REPORT_WIDTH = 100;

/** The report for a terminal, or (`markdown`) for a forum post or an errata page. */
export function formatDiffReport(r: DiffReport, options: { markdown?: boolean; displayPath?: (file: string) => string; width?: number } = {}): string {
  if (options.markdown === true) return markdownReport(r, options.displayPath);
  const display = (f: string): string => printable(options.displayPath ? options.displayPath(f) : f);
  const out: string[] = [];
  const A = printable(r.a.label);
  const B = printable(r.b.label);
  const s = r.structural;
  out.push(`${A} → ${B}`, '');
  for (const d of s.diagnostics) out.push(`${d.severity}: ${printable(d.message)} [${d.code}]`);
  const changed = sorted(s.changes);
  const counts = STATUS_ORDER.map((st) => `${changed.filter((c) => c.status === st).length} ${st === 'reads-changed' ? 'changed through what they read' : st}`);
  out.push(`Structure: ${s.shared} declarations in common, ${s.unchanged} unchanged; ${counts.join(', ')}.`, '');
  if (changed.length === 0 && s.diagnostics.length === 0) out.push('No declaration differs: the two play the same game.', '');
  const groups = groupBySentence(changed);
  const byKey = new Map(changed.map((c) => [`${c.kind} ${c.name}`, c]));
  const width = options.width ?? REPORT_WIDTH;
  const quoted = (ss: string[]): string[] => ss.map((x) => `"${printable(x)}"`);
  if (groups.some((g) => g.a.length + g.b.length > 0)) out.push(...sideBySide([A], [B], width), '─'.repeat(width), '');
  for (const g of groups) {
    // one sentence a side: the group's heading says what each declaration cites
    const said = g.a.length <= 1 && g.b.length <= 1;
    if (g.a.length + g.b.length > 0) out.push(...sideBySide(quoted(g.a), quoted(g.b), width, '(cites nothing)'));
    else out.push('Citing no sentence:');
    const nodes = g.nodes.map((n) => byKey.get(`${n.kind} ${n.name}`)!);
    for (const c of nodes) {
      const name = `${c.kind} ${printable(c.name)}`;
      if (c.status === 'changed') {
        const wording = c.parts.every((p) => WORDING.has(p)) ? ' — wording only, no effect on play' : '';
        out.push(`~ ${name}: changed (${c.parts.join(', ')})${wording}`);
        out.push(`    ${where(c.a, display)} → ${where(c.b, display)}`);
        if (!said && (c.a?.cite !== c.b?.cite || c.parts.includes('citation'))) {
          out.push(`    cites (${A}): ${c.a?.cite !== undefined ? `"${printable(c.a.cite)}"` : 'nothing'}`);
          out.push(`    cites (${B}): ${c.b?.cite !== undefined ? `"${printable(c.b.cite)}"` : 'nothing'}`);
        } else if (!said && c.a?.cite !== undefined) out.push(`    cites: "${printable(c.a.cite)}"`);
        if ((c.b?.doc ?? c.a?.doc) !== undefined && !c.parts.includes('documentation')) out.push(`    says: "${printable((c.b?.doc ?? c.a?.doc)!)}"`);
        if (c.timing) out.push(`    timing: ${printable(c.timing)}`);
        if (c.source && c.source.some((l) => l.op !== ' ')) {
          for (const l of c.source) out.push(`    ${l.op} ${printable(l.text)}`);
        }
      } else if (c.status === 'reads-changed') {
        const through = c.through.map((t) => `${t.kind} ${printable(t.name)}`).join(', ');
        out.push(`≈ ${name} (${where(c.a, display)}): unchanged, but it reads ${through}, which changed${!said && c.a?.cite !== undefined ? ` — "${printable(c.a.cite)}"` : ''}`);
      } else {
        const side = c.status === 'added' ? c.b : c.a;
        out.push(`${c.status === 'added' ? '+ ' : '- '}${name}: ${c.status === 'added' ? `only in ${B}` : `only in ${A}`} (${where(side, display)})${!said && side?.cite !== undefined ? ` — "${printable(side.cite)}"` : ''}`);
      }
    }
    out.push('');
  }
  for (const x of s.renamed) out.push(`renamed? ${x.kind} ${printable(x.from)} (${where(x.a, display)}) → ${printable(x.to)} (${where(x.b, display)})${x.similarity === 1 ? ': the same meaning' : `: ${Math.round(100 * x.similarity)}% alike`}`);
  if (s.renamed.length > 0) out.push('');

  const beh = r.behaviour;
  if (beh) {
    out.push('Behaviour:');
    for (const d of beh.diagnostics) out.push(`${d.severity}: ${printable(d.message)} [${d.code}]`);
    const found = beh.differences.filter((d) => d.witness);
    const sought = beh.differences.filter((d) => d.witness || !d.noEffect);
    const steered = beh.differences.length > 1 || beh.differences[0]?.label !== 'any divergence';
    if (steered) out.push(`a witness for ${found.length} of ${sought.length} difference${sought.length === 1 ? '' : 's'} that can show in play (${beh.games} game${beh.games === 1 ? '' : 's'})`);
    else if (!beh.witness) out.push(printable(beh.summary));
    for (const d of beh.differences) {
      const w = d.witness;
      const lead = steered ? `  ${printable(d.label)}: ` : '';
      const pad = steered ? '      ' : '';
      out.push(`${lead}${printable(d.summary)}`);
      if (!w || d.sameAs) continue;
      out.push(`${pad}found in ${w.found.phase} game ${w.found.games} (${fromText(w.found)}seed ${w.found.seed}, ${w.found.moves} decisions) in ${(w.ms / 1000).toFixed(2)} s, shrunk to ${w.moves.length} in ${w.shrinkSteps} replays in ${(w.shrinkMs / 1000).toFixed(2)} s`);
      if (d.isolation === 'isolated' && d.direction === 'minus') out.push(`${pad}the second without only it: the first with every other difference taken from the second (the isolation module)`);
      else if (d.isolation === 'isolated' && d.isolatedDeclarations) {
        out.push(`${pad}the second's ${d.nodes.length === 1 ? 'declaration' : 'declarations'}, taken alone into the first:`);
        for (const l of d.isolatedDeclarations.split('\n')) out.push(`${pad}  ${printable(l)}`);
      }
      if (w.verified) out.push(`${pad}it ends with \`${printable(w.verified.expect)}\`, which holds on the first and fails on the second (${w.verified.failureOnB ?? 'failed'})`);
      if (w.divergence.move) out.push(`${pad}the step: ${printable(w.divergence.move)}`);
      const [pa, pb] = pairLabels(d, A, B);
      for (const f of w.divergence.rules) out.push(`${pad}  rule ${printable(f.rule)} fired ${f.a}× in ${pa}, ${f.b}× in ${pb}`);
    }
    if (beh.witness) {
      const many = found.length > 1;
      const isolated = found.some((d) => d.isolation === 'isolated');
      if (beh.check) out.push(beh.check.problem ? `the witness test: ${printable(beh.check.problem)}` : `the witness test${many ? 's pass' : ' passes'} on ${A} and fail${many ? '' : 's'} on ${B}${isolated ? ' (an isolated difference\'s: on its isolation module)' : ''} (${beh.check.failureOnB ?? 'failed'})`);
      for (const t of beh.check?.tests ?? []) {
        if (!t.story || t.story.length === 0) continue;
        out.push(`how "${printable(t.name)}" goes on ${A}, to its end:`);
        for (const l of t.story) out.push(`  ${printable(l)}`);
      }
      for (const f of beh.files?.written ?? []) out.push(`wrote ${display(f)}`);
      if (beh.witnessTest) {
        out.push('', printable(beh.witnessTest).trimEnd());
      }
    }
    for (const f of beh.files?.removed ?? []) out.push(`removed ${display(f)}: an earlier run's witness, which this run did not find again`);
    out.push('');
  }
  const bal = r.balance;
  if (bal) {
    out.push('Balance:', ...balanceHeader(bal), '');
    // the same label on both sides (a scenario against its copy): which side is said
    const label = (side: 'a' | 'b'): string => (side === 'a' ? A : B) + (A === B ? (side === 'a' ? ' (first)' : ' (second)') : '');
    const errors = failureLines(bal, label, display);
    if (errors.length > 0) out.push(...errors, '');
    for (const t of bal.tables) {
      if (t.rows.length === 0) continue;
      out.push(`${TABLE_TITLE[t.name]}: ${printable(t.verdict)}`);
      const head = ['measure', A, B, 'difference', 'p'];
      const cells = t.rows.map(balanceCells);
      const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
      out.push(head.map((h, i) => h.padEnd(widths[i]!)).join('  ').trimEnd(), widths.map((w) => '─'.repeat(w)).join('  '));
      for (const c of cells) out.push(c.map((x, i) => x.padEnd(widths[i]!)).join('  ').trimEnd());
      out.push('');
    }
    out.push(`How often the differences matter: ${mattersLine(bal)}`, '');
    const each = eachLines(bal);
    if (each.length > 0) out.push('How often each matters alone (the first with only it, against the first, on the same seeds):', ...each.map((l) => `  ${l}`), '');
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** Markdown text: the characters Markdown would read as markup shown as themselves */
const esc = (s: string): string =>
  printable(s)
    .replace(/[\\`*{}[\]<>#|~]/g, (c) => `\\${c}`)
    // an underscore inside a word is no emphasis (leftover_sharing): only one at a word's edge is escaped
    .replace(/_/g, (c, i: number, t: string) => (/[\p{L}\p{N}]/u.test(t[i - 1] ?? '') && /[\p{L}\p{N}]/u.test(t[i + 1] ?? '') ? c : '\\_'));
/** a code span that holds any text (a longer run of backticks around one that holds backticks) */
const code = (s: string): string => {
  const t = printable(s).replace(/\n/g, ' ');
  const ticks = '`'.repeat(Math.max(0, ...[...t.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  return `${ticks}${t.startsWith('`') || t.endsWith('`') ? ` ${t} ` : t}${ticks}`;
};
/** a fenced code block, indented to sit inside a list item (`indent` spaces) */
const fence = (lang: string, text: string, indent = 0): string[] => {
  const pad = ' '.repeat(indent);
  const body = printable(text).trimEnd().split('\n');
  const ticks = '`'.repeat(Math.max(3, ...body.map((l) => (/^\s*(`{3,})/.exec(l)?.[1]?.length ?? 0) + 1)));
  return ['', `${pad}${ticks}${lang}`, ...body.map((l) => (l === '' ? '' : `${pad}${l}`)), `${pad}${ticks}`, ''];
};

/**
 * The report as Markdown for a forum post or an errata page: one block per
 * thing (a heading, a paragraph, a list, a fenced block), blank lines between,
 * nested lists indented under their item, scenario text escaped; a test parses
 * it with a Markdown parser.
 */
function markdownReport(r: DiffReport, displayPath?: (file: string) => string): string {
  const loc = (l: { file: string; line: number } | undefined): string => (l ? code(`${displayPath ? displayPath(l.file) : l.file}:${l.line}`) : '—');
  const A = esc(r.a.label);
  const B = esc(r.b.label);
  const s = r.structural;
  const out: string[] = [`## ${A} → ${B}`, ''];
  for (const d of s.diagnostics) out.push(`${d.severity}: ${esc(d.message)} (${code(d.code)})`, '');
  const changed = sorted(s.changes);
  const counts = STATUS_ORDER.map((st) => `${changed.filter((c) => c.status === st).length} ${st === 'reads-changed' ? 'changed through what they read' : st}`);
  out.push(`Structure: ${s.shared} declarations in common, ${s.unchanged} unchanged; ${counts.join(', ')}.`, '');
  if (changed.length === 0 && s.diagnostics.length === 0) out.push('No declaration differs: the two play the same game.', '');
  const cite = (x: string | undefined): string => (x !== undefined ? `“${esc(x)}”` : 'nothing');
  const list = (title: string, items: string[]): void => {
    if (items.length === 0) return;
    out.push(`### ${title}`, '', ...items.map((x) => `- ${x}`), '');
  };
  const byKey = new Map(changed.map((c) => [`${c.kind} ${c.name}`, c]));
  /** a sentence in a table's cell: on one line */
  const cell = (x: string): string => cite(x.replace(/\s+/g, ' '));
  for (const g of groupBySentence(changed)) {
    // one sentence a side: the group's table says what each declaration cites
    const said = g.a.length <= 1 && g.b.length <= 1;
    if (g.a.length + g.b.length > 0) {
      out.push(`| ${A} | ${B} |`, '|---|---|');
      const row = (ss: string[], i: number): string => (ss[i] !== undefined ? cell(ss[i]) : i === 0 ? '(cites nothing)' : '');
      for (let i = 0; i < Math.max(g.a.length, g.b.length, 1); i++) out.push(`| ${row(g.a, i)} | ${row(g.b, i)} |`);
      out.push('');
    } else out.push('Citing no sentence:', '');
    const nodes = g.nodes.map((n) => byKey.get(`${n.kind} ${n.name}`)!);
    for (const c of nodes.filter((x) => x.status === 'changed')) {
      const wording = c.parts.every((p) => WORDING.has(p)) ? ' — wording only, no effect on play' : '';
      out.push(`#### ${c.kind} ${code(c.name)}: changed (${c.parts.join(', ')})${wording}`, '', `${loc(c.a)} → ${loc(c.b)}`, '');
      if (!said && (c.a?.cite !== c.b?.cite || c.parts.includes('citation'))) out.push(`- cites (${A}): ${cite(c.a?.cite)}`, `- cites (${B}): ${cite(c.b?.cite)}`);
      else if (!said && c.a?.cite !== undefined) out.push(`- cites: ${cite(c.a.cite)}`);
      if ((c.b?.doc ?? c.a?.doc) !== undefined && !c.parts.includes('documentation')) out.push(`- says: ${cite(c.b?.doc ?? c.a?.doc)}`);
      if (c.timing) out.push(`- timing: ${esc(c.timing)}`);
      if (c.source && c.source.some((l) => l.op !== ' ')) out.push(...fence('diff', c.source.map((l) => `${l.op} ${l.text}`).join('\n')));
      out.push('');
    }
    const others = nodes.filter((x) => x.status !== 'changed').map((c) => {
      if (c.status === 'reads-changed') return `${c.kind} ${code(c.name)} (${loc(c.a)}): unchanged, but it reads ${c.through.map((t) => `${t.kind} ${code(t.name)}`).join(', ')}, which changed${!said && c.a?.cite !== undefined ? ` — ${cite(c.a.cite)}` : ''}`;
      const side = c.status === 'added' ? c.b : c.a;
      return `${c.kind} ${code(c.name)}: only in ${c.status === 'added' ? B : A} (${loc(side)})${!said && side?.cite !== undefined ? ` — ${cite(side.cite)}` : ''}`;
    });
    if (others.length > 0) out.push(...others.map((x) => `- ${x}`), '');
  }
  list('Renamed?', s.renamed.map((x) => `${x.kind} ${code(x.from)} (${loc(x.a)}) → ${code(x.to)} (${loc(x.b)})${x.similarity === 1 ? ': the same meaning' : `: ${Math.round(100 * x.similarity)}% alike`}`));

  const beh = r.behaviour;
  if (beh) {
    out.push('### Behaviour', '');
    for (const d of beh.diagnostics) out.push(`${d.severity}: ${esc(d.message)} (${code(d.code)})`, '');
    const found = beh.differences.filter((d) => d.witness);
    const sought = beh.differences.filter((d) => d.witness || !d.noEffect);
    const steered = beh.differences.length > 1 || beh.differences[0]?.label !== 'any divergence';
    if (steered) out.push(`A witness for ${found.length} of ${sought.length} difference${sought.length === 1 ? '' : 's'} that can show in play (${beh.games} game${beh.games === 1 ? '' : 's'}).`, '');
    else if (!beh.witness) out.push(esc(beh.summary), '');
    for (const d of beh.differences) {
      const w = d.witness;
      out.push(steered ? `- ${code(d.label)}: ${esc(d.summary)}` : esc(d.summary));
      if (!w || d.sameAs) continue;
      const pad = steered ? '  ' : '';
      out.push(`${pad}- found in ${w.found.phase} game ${w.found.games} (${fromText(w.found)}seed ${w.found.seed}, ${w.found.moves} decisions) in ${(w.ms / 1000).toFixed(2)} s, shrunk to ${w.moves.length} in ${w.shrinkSteps} replays in ${(w.shrinkMs / 1000).toFixed(2)} s`);
      if (w.verified) out.push(`${pad}- it ends with ${code(w.verified.expect)}, which holds on the first and fails on the second (${code(w.verified.failureOnB ?? 'failed')})`);
      if (d.isolation === 'isolated' && d.direction === 'minus') out.push(`${pad}- the second without only it: the first with every other difference taken from the second (the isolation module)`);
      else if (d.isolation === 'isolated' && d.isolatedDeclarations) {
        out.push(`${pad}- the second's ${d.nodes.length === 1 ? 'declaration' : 'declarations'}, taken alone into the first:`, ...fence('rules', d.isolatedDeclarations, pad.length + 2));
      }
      if (w.divergence.move) out.push(`${pad}- the step: ${code(w.divergence.move)}`);
      const [pa, pb] = pairLabels(d, A, B);
      for (const f of w.divergence.rules) out.push(`${pad}  - rule ${code(f.rule)} fired ${f.a}× in ${pa}, ${f.b}× in ${pb}`);
    }
    out.push('');
    if (beh.witness) {
      const many = found.length > 1;
      const isolated = found.some((d) => d.isolation === 'isolated');
      if (beh.check) out.push(beh.check.problem ? `The witness test: ${esc(beh.check.problem)}` : `The witness test${many ? 's pass' : ' passes'} on ${A} and fail${many ? '' : 's'} on ${B}${isolated ? " (an isolated difference's: on its isolation module)" : ''} (${code(beh.check.failureOnB ?? 'failed')}).`, '');
      for (const t of beh.check?.tests ?? []) {
        if (!t.story || t.story.length === 0) continue;
        out.push(`How ${code(t.name)} goes on ${A}, to its end:`, '', ...t.story.map((l) => `- ${esc(l)}`), '');
      }
      for (const f of beh.files?.written ?? []) out.push(`Wrote ${code(displayPath ? displayPath(f) : f)}.`, '');
      if (beh.witnessTest) out.push(...fence('rules', beh.witnessTest));
    }
    for (const f of beh.files?.removed ?? []) out.push(`Removed ${code(displayPath ? displayPath(f) : f)}: an earlier run's witness, which this run did not find again.`, '');
  }
  const bal = r.balance;
  if (bal) {
    out.push('### Balance', '', ...balanceHeader(bal).map((l) => esc(l)), '');
    const label = (side: 'a' | 'b'): string => (side === 'a' ? r.a.label : r.b.label) + (r.a.label === r.b.label ? (side === 'a' ? ' (first)' : ' (second)') : '');
    const { a, b, codes, first } = bal.errors;
    if (a + b > 0) {
      const sides = ([['a', a], ['b', b]] as const).filter(([, n]) => n > 0).map(([side, n]) => `${n} game${n === 1 ? '' : 's'} of ${esc(label(side))}`);
      out.push('#### Run errors', '', `${sides.join(' and ')} stopped on a run error (left out of the comparison). By code: ${codes.map((c) => `${esc(label(c.side))} ${code(c.code)} ×${c.games}`).join(', ')}.`, '');
      for (const f of first) {
        const at = f.file !== undefined ? ` (${code(`${displayPath ? displayPath(f.file) : f.file}${f.range ? `:${f.range.start.line}` : ''}`)})` : '';
        out.push(`- ${esc(label(f.side))}, game ${f.game} (seed ${f.seed}): ${code(f.code)}${f.place ? ` ${esc(f.place)}` : ''}${at}: ${esc(f.message)}${f.replay ? `; replay it: ${code(f.replay)}` : ''}`);
      }
      out.push('');
    }
    const cell = (x: string): string => esc(x);
    for (const t of bal.tables) {
      if (t.rows.length === 0) continue;
      out.push(`#### ${TABLE_TITLE[t.name]}`, '', `${esc(t.verdict)}.`, '');
      out.push(`| measure | ${A} | ${B} | difference | p |`, '|---|---|---|---|---|');
      for (const c of t.rows.map(balanceCells)) out.push(`| ${c.map(cell).join(' | ')} |`);
      out.push('');
    }
    const line = mattersLine(bal);
    out.push('#### How often the differences matter', '', esc(line.charAt(0).toUpperCase() + line.slice(1)), '');
    const each = eachLines(bal);
    if (each.length > 0) out.push('Each alone (the first with only it, against the first, on the same seeds):', '', ...each.map((l) => `- ${esc(l)}`), '');
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** the two games of a difference's witness: the two sides, or for an isolated one the first and the first with it, or the second without it and the second */
function pairLabels(d: SearchResult['differences'][number], A: string, B: string): [string, string] {
  if (d.isolation !== 'isolated') return [A, B];
  return d.direction === 'minus' ? [`${B} without it`, B] : [A, `${A} with it`];
}

/** where a witness's game started: the start of a game, a generic arrangement, or one made from its difference's guard */
function fromText(found: { arrangement?: string; agents?: string; reading?: string }): string {
  const under = found.reading ? `with option ${found.reading}, ` : '';
  return under + startText(found);
}

function startText(found: { arrangement?: string; agents?: string }): string {
  const arrangement = found.arrangement;
  if (!arrangement) return found.agents ? `from the start, played by ${found.agents}; ` : 'from the start, ';
  const guard = /^guard of ([^:]+): (.*)$/.exec(arrangement);
  return guard ? `arranged from the guard of ${guard[1]}: ${guard[2]}; ` : `from the ${arrangement} arrangement, `;
}
