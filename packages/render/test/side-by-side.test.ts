import { describe, expect, it } from 'vitest';
import { sideBySide } from '../src/index.ts';

const picture = (width: number, height: number): string => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="${width}" height="${height}"><rect width="10" height="10"/></svg>`;

describe('sideBySide', () => {
  it('places each picture right of the one before, under its caption, in one picture as wide as all and as tall as the tallest', () => {
    const svg = sideBySide([
      { caption: 'first', svg: picture(300, 200) },
      { caption: 'second', svg: picture(100, 400) },
    ]);
    expect(svg.match(/^<svg[^>]*>/)![0]).toMatch(/width="424" height="428"/);
    expect(svg).toContain('<svg x="0" y="28" xmlns=');
    expect(svg).toContain('<svg x="324" y="28" xmlns=');
    expect(svg.indexOf('>first</text>')).toBeLessThan(svg.indexOf('>second</text>'));
  });

  it('escapes captions, which come from scenario files', () => {
    const svg = sideBySide([{ caption: 'A <b> & "c"', svg: picture(10, 10) }]);
    expect(svg).toContain('>A &lt;b&gt; &amp; &quot;c&quot;</text>');
    expect(svg).not.toContain('<b>');
  });
});
