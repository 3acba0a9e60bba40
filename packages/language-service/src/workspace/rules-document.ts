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
}
