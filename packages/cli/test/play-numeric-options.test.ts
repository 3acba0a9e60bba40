// `houserules play` when the options are numbers (a bid): a typed number is the option of that
// value, never the option at that position; `#N` picks by position.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const BIDS = `module bids

scenario "Bids" {
  players 2..2
}

per player {
  var bid: number = 0
}

flow {
  rounds 2 {
    turns {
      step bidding
    }
  }
}

rule bidding on bidding {
  ask current to choose n in 3..6 then {
    set current.bid = n
  }
}

ranking p by p.bid desc ties shared
`;

function project(): { dir: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'houserules-bids-'));
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  writeFileSync(join(dir, 'bids.rules'), BIDS);
  return { dir, log: join(dir, 'game.jsonl') };
}

/** the values the seats chose, in order */
function bidsOf(log: string): unknown[] {
  return readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event?: string; data?: { seat?: number; move?: { value?: unknown } } })
    .filter((l) => l.event === '$answer' && l.data?.seat === 0).map((l) => l.data?.move?.value);
}

describe('play: options that are numbers', () => {
  it('a typed number bids that number, #N picks the N-th option', async () => {
    const { dir, log } = project();
    const run = await runCli(['play', 'bids.rules', '--players', '2', '--agents', 'first', '--log', log], dir, ['4', '#1']);
    expect(run.code).toBe(0);
    expect(bidsOf(log)).toEqual([4, 3]);
    // the list numbers them #1… so that no number on screen is two things
    expect(run.stdout).toMatch(/#1 3/);
  });

  it('a number that is no option is refused (not taken as a position), and the same decision is asked again', async () => {
    const { dir, log } = project();
    const run = await runCli(['play', 'bids.rules', '--players', '2', '--agents', 'first', '--log', log], dir, ['2', '6', '#9', '#4']);
    expect(run.code).toBe(0);
    expect(run.stdout.match(/error\[play\/no-such-option\]/g)).toHaveLength(2);
    expect(bidsOf(log)).toEqual([6, 6]);
  });
});
