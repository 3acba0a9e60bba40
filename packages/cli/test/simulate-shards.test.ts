// `simulate --shard i/n` plays a fixed slice of the games and writes a partial summary; `merge` of
// all the shards prints exactly the summary one `simulate` of all the games prints. Partials are
// untrusted input: a bad one, or a set that is not the shards of one run, is a coded error.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/main.ts';
import { runCli } from './run-cli.ts';

const RUN = ['simulate', 'scenarios/diamant', '--games', '31', '--seed', '7', '--agents', 'random,cautious', '--players', '4'];

/** The summary part of simulate's or merge's text: everything before its last line (the timing or the shard count). */
const summaryText = (stdout: string): string => stdout.slice(0, stdout.lastIndexOf('\n\n') + 1);

async function shards(dir: string, count: number, run: readonly string[] = RUN): Promise<string[]> {
  const files: string[] = [];
  for (let i = 1; i <= count; i++) {
    const file = join(dir, `part-${i}.json`);
    const r = await runCli([...run, '--shard', `${i}/${count}`, '--partial-out', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^shard ${i}/${count}: `));
    files.push(file);
  }
  return files;
}

describe('simulate --shard and merge', () => {
  it('merges shards 1/3, 2/3 and 3/3 into the unsharded summary, byte for byte, in any order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-shards-'));
    const whole = await runCli(RUN);
    const wholeJson = await runCli([...RUN, '--json']);
    expect(whole.code).toBe(0);
    const files = await shards(dir, 3);
    // 31 games in three contiguous slices
    const slices = files.map((f) => (JSON.parse(readFileSync(f, 'utf8')) as { shard: { from: number; to: number } }).shard);
    expect(slices.map((s) => [s.from, s.to])).toEqual([[0, 10], [10, 20], [20, 31]]);

    const merged = await runCli(['merge', ...files]);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    expect(summaryText(merged.stdout)).toBe(summaryText(whole.stdout));
    expect(merged.stdout.endsWith('\n31 games merged from 3 shards\n')).toBe(true);

    const mergedJson = await runCli(['merge', files[2]!, files[0]!, files[1]!, '--json']);
    const a = (JSON.parse(wholeJson.stdout) as { summary: unknown }).summary;
    const b = (JSON.parse(mergedJson.stdout) as { summary: unknown; shards: number }).summary;
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('a shard may have no games; --partial-out without --shard writes the whole run as shard 1/1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-shards-'));
    const small = ['simulate', 'scenarios/diamant', '--games', '2', '--seed', '3'];
    const files = await shards(dir, 3, small);
    expect((JSON.parse(readFileSync(files[0]!, 'utf8')) as { partial: { games: number } }).partial.games).toBe(0);
    const whole = await runCli(small);
    expect(summaryText((await runCli(['merge', ...files])).stdout)).toBe(summaryText(whole.stdout));

    const one = join(dir, 'whole.json');
    const withPartial = await runCli([...small, '--partial-out', one]);
    expect(summaryText(withPartial.stdout)).toBe(summaryText(whole.stdout));
    expect(summaryText((await runCli(['merge', one])).stdout)).toBe(summaryText(whole.stdout));
  });

  it('refuses partials that are not the shards of one run: cli/partials-disagree, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-shards-'));
    const small = ['simulate', 'scenarios/diamant', '--games', '6', '--seed', '3'];
    const files = await shards(dir, 2, small);
    const other = join(dir, 'other-seed.json');
    expect((await runCli(['simulate', 'scenarios/diamant', '--games', '6', '--seed', '4', '--shard', '2/2', '--partial-out', other])).code).toBe(0);
    for (const set of [[files[0]!], [files[0]!, files[0]!], [files[0]!, other]]) {
      const r = await runCli(['merge', ...set]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^houserules merge: error\[cli\/partials-disagree\]: /);
      expect(r.stdout).toBe('');
    }
  });

  it('refuses a partial that is not one simulate wrote: cli/malformed-partial, exit 1, never a crash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-shards-'));
    const [file] = await shards(dir, 1, ['simulate', 'scenarios/diamant', '--games', '4', '--seed', '3']);
    const good = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, Record<string, unknown>>;
    const edits: [string, (p: Record<string, Record<string, unknown>>) => unknown][] = [
      ['another version', (p) => ({ ...p, version: 2 })],
      ['a count that does not add up', (p) => ({ ...p, partial: { ...p.partial, reasons: { 'end:x': 3 } } })],
      ['a reserved key', (p) => ({ ...p, partial: { ...p.partial, reasons: JSON.parse('{"__proto__": 4}') as unknown } })],
      ['a games count that is not its slice', (p) => ({ ...p, partial: { ...p.partial, games: 5 } })],
      ['a fractional score sum', (p) => ({ ...p, partial: { ...p.partial, scoreSum: [0.5, 1, 2] } })],
      ['a made-up shard', (p) => ({ ...p, shard: { index: 2, count: 1, from: 0, to: 4 } })],
      ['an unknown field', (p) => ({ ...p, extra: true })],
      ['not an object', () => [1, 2, 3]],
    ];
    for (const [what, edit] of edits) {
      const bad = join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify(edit(good)));
      const r = await runCli(['merge', bad]);
      expect(r.code, what).toBe(1);
      expect(r.stderr, what).toMatch(/^houserules merge: error\[cli\/malformed-partial\]: /);
    }
    const cut = join(dir, 'cut.json');
    writeFileSync(cut, readFileSync(file!, 'utf8').slice(0, 100));
    expect((await runCli(['merge', cut])).stderr).toMatch(/error\[cli\/malformed-partial\]: .*not JSON/);
    expect((await runCli(['merge', join(dir, 'missing.json')])).code).toBe(2);
    expect((await runCli(['merge'])).code).toBe(2);
  });

  it('refuses a shard outside 1..n: cli/usage, exit 2', async () => {
    for (const shard of ['0/3', '4/3', '1/0', 'two', '1/3/4']) {
      const r = await runCli(['simulate', 'scenarios/diamant', '--games', '3', '--shard', shard]);
      expect(r.code, shard).toBe(2);
      expect(r.stderr, shard).toMatch(/--shard/);
    }
  });

  it('merge shows nothing of a partial raw, even with colour on, and refuses statistics that cannot be', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-shards-'));
    const [file] = await shards(dir, 1, ['simulate', 'scenarios/diamant', '--games', '5', '--seed', '3']);
    const good = JSON.parse(readFileSync(file!, 'utf8')) as { partial: Record<string, unknown> & { scoreSquares: number[] } };
    const SGR = '\u001b[31m';
    const planted = { ...good, partial: { ...good.partial, failures: 1, failureCodes: { [`run/x${SGR}`]: 1 }, failureExamples: { [`run/x${SGR}`]: `boom${SGR}\u001b[2J\u001b]0;title\u0007` } } };
    writeFileSync(join(dir, 'planted.json'), JSON.stringify(planted));
    let out = '';
    const code = await main(['merge', join(dir, 'planted.json')], { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (out += t) }, cwd: dir, color: true });
    expect(code).toBe(1);
    expect(out).toContain('run/x');
    expect(out).not.toContain('\u001b[31m');
    expect(out).not.toContain('\u001b[2J');
    expect(out).not.toContain('\u0007');
    // a sum of squares below what the mean allows
    writeFileSync(join(dir, 'squares.json'), JSON.stringify({ ...good, partial: { ...good.partial, scoreSquares: good.partial.scoreSquares.map(() => 0) } }));
    const squares = await runCli(['merge', join(dir, 'squares.json')]);
    expect(squares.code).toBe(1);
    expect(squares.stderr).toContain('error[cli/malformed-partial]');
  });
});
