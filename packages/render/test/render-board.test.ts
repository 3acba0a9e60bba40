import { describe, expect, it } from 'vitest';
import { compileSource } from '@houserules/compiler';
import { createGame, loadGraph, type Game } from '@houserules/engine';
import { kindFill, mergeStyles, pictureOf, renderBoard, SEAT_FILLS, styleProblems, type BoardStyle } from '../src/index.ts';

// A small board: a fixed map of four kinds, two numbered hexes, a town of two spots joined by a
// path, pieces on corners, edges and a hex, and a per-corner var marking two corners of one side.
const SOURCE = `
module picture_test
scenario "Picture <test> & co" { players 2..2 }
piece hut on corner, 3 per player
piece lane on edge, 5 per player
piece keep on corner, 2 per player
piece bandit on hex, 1
board land: hex map {
  (0, 0) moor 6  (1, 0) fen 8  (0, 1) moor  (-1, 1) heath 3
} {
  spots (0, 0) inn, well
  paths (0, 0) track: inn to well
  frame 1 water
}
per corner {
  var mark: plain | lit | dark = plain
}
rule set_up on game_start {
  place hut of first(p in players) at corner(0, 0, 0)
  place keep of last_player at corner(1, 0, 2)
  place lane of first(p in players) at edge(0, 0, 0)
  place bandit at hex(0, 1)
  set corner(-1, 1, 3).mark = lit
  set corner(-1, 1, 4).mark = lit
  set corner(1, 0, 0).mark = dark
}
derive last_player: player = first(p in players where p != first(q in players))
action wait by current {
}
flow {
  rounds forever {
    turns {
      actions by current until wait
    }
  }
}
`;

function game(source = SOURCE): Game {
  const compiled = compileSource(source);
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadGraph(compiled.value);
  expect(loaded.diagnostics).toEqual([]);
  return createGame(loaded.value!, { seed: 3, players: 2 }).value!;
}

const style: BoardStyle = {
  kinds: { moor: { fill: '#aa7744', label: 'moor' }, water: { fill: '#3366cc' } },
  values: { emphasis: [8], emphasisFill: '#ff0000' },
  pieces: { hut: { shape: 'house' }, bandit: { fill: '#111111' } },
  siteVars: { mark: { plain: null, lit: { label: 'L', fill: '#ffee00', name: 'a lit corner' }, dark: { label: 'D' } } },
};

describe('renderBoard', () => {
  it('draws every hex filled by its kind, styled or from the palette, and the number tokens', () => {
    const g = game();
    const picture = pictureOf(g)!;
    const svg = renderBoard(picture, style);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    const hexGroup = svg.slice(svg.indexOf('<g stroke'), svg.indexOf('</g>'));
    expect(hexGroup.match(/<path /g)).toHaveLength(picture.geometry.hexes.length);
    // two styled moors, the frame's water (paler), and fen and heath from the generic palette
    expect(hexGroup.match(/fill="#aa7744"/g)).toHaveLength(2);
    expect(hexGroup.match(/fill="#3366cc" fill-opacity="0.75"/g)).toHaveLength(picture.geometry.hexes.filter((h) => h.frame).length);
    expect(hexGroup).toContain(`fill="${kindFill('fen')}"`);
    expect(hexGroup).toContain(`fill="${kindFill('heath')}"`);
    // tokens 6, 8 (emphasised), 3; the unnumbered moor has none
    expect(svg.match(/<circle [^>]*r="0.3" /g)).toHaveLength(3);
    expect(svg).toMatch(/font-weight="bold" fill="#ff0000">8</);
    expect(svg).toMatch(/fill="#2d2d2d">6</);
    expect(svg).toContain('>moor</text>');
  });

  it('draws pieces in their owners\' colours, a piece nobody owns in its own', () => {
    const svg = renderBoard(pictureOf(game())!, style);
    const hut = svg.split('\n').find((l) => l.startsWith('<path') && l.includes(`fill="${SEAT_FILLS[0]}"`));
    expect(hut).toBeDefined();
    // the keep (the second corner piece, no style: a square by default) in seat 2's colour
    expect(svg).toContain(`fill="${SEAT_FILLS[1]}"`);
    // the lane: a bar, outline then colour
    expect(svg).toMatch(new RegExp(`<line [^>]*stroke="${SEAT_FILLS[0]}" stroke-width="0.13"`));
    // the bandit: a pawn in its style's fill
    expect(svg.match(/fill="#111111"/g)!.length).toBe(2);
    const custom = renderBoard(pictureOf(game())!, { ...style, players: ['#010101', '#020202'] });
    expect(custom).toContain('fill="#020202"');
    expect(custom).not.toContain(`fill="${SEAT_FILLS[1]}"`);
  });

  it('marks per-site var values the style names; the two ends of one side share a marker', () => {
    const svg = renderBoard(pictureOf(game())!, style, { legend: true });
    // lit on both ends of one side: one marker with two piers; dark on a single corner
    expect(svg.match(/fill="#ffee00"/g)).toHaveLength(2); // the marker and its legend row
    expect(svg.match(/>L</g)).toHaveLength(1);
    expect(svg.match(/>D</g)).toHaveLength(1);
    expect(svg).toContain('>a lit corner<');
    expect(svg).toContain('>mark: dark<');
    // without a style the values are not marked
    expect(renderBoard(pictureOf(game())!)).not.toMatch(/>L</);
  });

  it('draws spots and paths inside a hex, with their names', () => {
    const svg = renderBoard(pictureOf(game())!, style);
    expect(svg).toContain('>inn<');
    expect(svg).toContain('>well<');
    expect(svg).toContain('>track<');
    expect(svg).toMatch(/stroke-dasharray="0.12 0.08"/);
  });

  it('is deterministic, and escapes text from the scenario', () => {
    const a = renderBoard(pictureOf(game())!, style, { title: 'Picture <test> & "co"', legend: true });
    const b = renderBoard(pictureOf(game())!, style, { title: 'Picture <test> & "co"', legend: true });
    expect(a).toBe(b);
    expect(a).toContain('<title>Picture &lt;test&gt; &amp; &quot;co&quot;</title>');
    expect(a).not.toContain('<test>');
    // a label from a style is escaped too, and a colour that is no colour is not written
    const evil = renderBoard(pictureOf(game())!, { kinds: { moor: { label: '</text><script>', fill: 'red" onload="x' } } });
    expect(evil).not.toContain('<script>');
    expect(evil).toContain('&lt;/text&gt;&lt;script&gt;');
    expect(evil).not.toContain('onload');
  });

  it('draws the counts of per-site pools on their sites', () => {
    const picture = pictureOf(game())!;
    const hex = picture.geometry.hexes.find((h) => h.q === 1 && h.r === 0)!.id;
    const corner = picture.geometry.corners[0]!.id;
    picture.board.pools = { stock: { [hex]: { gem: 5, dust: 0 }, [corner]: { gem: 2 } } };
    const svg = renderBoard(picture, { tokens: { gem: { fill: '#00ccff', label: 'gems' } } }, { legend: true });
    expect(svg).toMatch(/>5<\/text>/);
    expect(svg).toMatch(/>2<\/text>/);
    expect(svg).toContain('>gems<');
    expect(svg).not.toContain('dust');
    expect(svg.match(/fill="#00ccff"/g)).toHaveLength(3);
  });

  it('has no board to draw for a game without one', () => {
    const g = game(`module plain\nscenario "Plain" { players 2..2 }\naction wait by current {\n}\nflow {\n  rounds 1 {\n    turns {\n      actions by current until wait\n    }\n  }\n}\n`);
    expect(pictureOf(g)).toBeNull();
  });
});

describe('styles', () => {
  it('lay one over another entry by entry, field by field', () => {
    const base: BoardStyle = { kinds: { a: { fill: '#111111', label: 'A' }, b: { fill: '#222222' } }, players: ['#000000'], values: { emphasis: [6, 8] } };
    const over: BoardStyle = { kinds: { a: { fill: '#999999' }, c: { fill: '#333333' } }, values: { emphasisFill: '#ff0000' } };
    expect(mergeStyles(base, over)).toEqual({
      kinds: { a: { fill: '#999999', label: 'A' }, b: { fill: '#222222' }, c: { fill: '#333333' } },
      values: { emphasis: [6, 8], emphasisFill: '#ff0000' },
      players: ['#000000'],
    });
  });

  it('say what is wrong with a style file', () => {
    expect(styleProblems({ kinds: { a: { fill: '#abc' } }, pieces: { p: { shape: 'house', size: 1.2 } } })).toEqual([]);
    const problems = styleProblems({ colours: {}, kinds: { a: { fill: 'url(#x)' } }, pieces: { p: { shape: 'castle' } }, players: 'red' });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/colours/);
    expect(problems.join('\n')).toMatch(/castle/);
    expect(styleProblems([])).toHaveLength(1);
  });
});
