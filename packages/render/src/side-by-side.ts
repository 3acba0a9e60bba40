import { attrs, textEl } from './svg-text.ts';

/**
 * Pictures side by side, each under its caption, in one SVG: the diff's two
 * boards of a witness at its end. Each picture is one this package drew
 * (`renderBoard`, `renderTable`): its root's width and height place it.
 */

const GAP = 24;
const CAPTION = 28;

/** the width and height a drawn picture's root element declares */
function sizeOf(svg: string): { width: number; height: number } {
  const root = /^<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const read = (name: string): number => Number(new RegExp(`\\s${name}="([0-9.]+)"`).exec(root)?.[1] ?? '0');
  return { width: read('width'), height: read('height') };
}

export function sideBySide(pictures: { caption: string; svg: string }[]): string {
  let x = 0;
  let height = 0;
  const parts: string[] = [];
  for (const p of pictures) {
    const size = sizeOf(p.svg);
    parts.push(textEl('text', { x: x + 4, y: 20, 'font-size': 16, 'font-weight': 'bold' }, p.caption));
    // the picture nested as it is, moved right and below its caption
    parts.push(p.svg.replace(/^<svg\b/, `<svg ${attrs({ x, y: CAPTION })}`));
    x += size.width + GAP;
    height = Math.max(height, size.height);
  }
  const width = Math.max(x - GAP, 0);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" ${attrs({ width, height: height + CAPTION, viewBox: `0 0 ${width} ${height + CAPTION}`, 'font-family': 'Helvetica, Arial, sans-serif' })}>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
