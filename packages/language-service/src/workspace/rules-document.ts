import { MAX_SOURCE_BYTES } from '@houserules/syntax';
import { LineIndex } from '../positions/positions.ts';

/** A `.rules` text the workspace knows: an open editor document, or a file it read (the modules an open one loads). */
export class RulesDocument {
  private index: LineIndex | null = null;

  constructor(
    readonly path: string,
    readonly text: string,
    /** the editor's version; files read from the host have none (-1) */
    readonly version: number,
    /** edits to it are refused (rename) */
    readonly readOnly: boolean,
    /** open in the editor (its text is the editor's, not the host's) */
    readonly open: boolean,
  ) {}

  get lines(): LineIndex {
    return (this.index ??= new LineIndex(this.text));
  }

  /** Its size in bytes when it is over the compiler's source budget (then it is not analysed), else undefined. */
  get oversize(): number | undefined {
    if (this.size === null) this.size = oversize(this.text);
    return this.size;
  }

  /** null: not counted yet */
  private size: number | undefined | null = null;
}

/** The UTF-8 size of `text` when it is over MAX_SOURCE_BYTES, else undefined; counted only when the length leaves it open. */
function oversize(text: string): number | undefined {
  if (text.length * 3 <= MAX_SOURCE_BYTES) return undefined;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes > MAX_SOURCE_BYTES ? bytes : undefined;
}
