/**
 * Where the formatter puts each comment. The AST has no comments, so the
 * formatter attaches each one to a "slot" node (module header, item,
 * statement, flow item, preference, test step, board item, row of a hex map):
 *
 * - `before`: comments on their own lines before a slot node (or before the
 *   `cite` line that opens a rule, action or test block);
 * - `after`: a comment on the same line as the end of a slot node, or comments
 *   between the last slot node of a block and its `}` (or the end of the file).
 *
 * Any other comment (inside an expression, a rule header, …) is unsupported:
 * `format()` refuses the file rather than lose it.
 */

import type { IToken } from 'chevrotain';
import { kw, RCurly } from './tokens.ts';

export interface PlacedComment {
  text: string;
  token: IToken;
  /** Written on the same line as the end of the node it follows. */
  sameLine: boolean;
  /** A blank line separated it from what came after it in the source. */
  blankLineAfter: boolean;
  used: boolean;
}

/** Start and end offsets of the slot nodes the printer will print. */
export interface SlotOffsets {
  starts: Set<number>;
  ends: Set<number>;
}

export class CommentPlacement {
  readonly before = new Map<number, PlacedComment[]>();
  readonly after = new Map<number, PlacedComment[]>();
  /** Comments in a file that holds nothing else. */
  readonly alone: PlacedComment[] = [];
  readonly all: PlacedComment[] = [];

  constructor(text: string, tokens: IToken[], comments: IToken[], slots: SlotOffsets) {
    let next = 0; // index of the first significant token after the current comment
    for (let i = 0; i < comments.length; i++) {
      const comment = comments[i]!;
      while (next < tokens.length && tokens[next]!.startOffset < comment.startOffset) next++;
      const previousToken = tokens[next - 1];
      const nextToken = tokens[next];
      const end = comment.endOffset! + 1;
      const following = Math.min(comments[i + 1]?.startOffset ?? text.length, nextToken?.startOffset ?? text.length);
      const gap = text.slice(end, following);
      const placed: PlacedComment = {
        text: comment.image.trimEnd(),
        token: comment,
        sameLine: previousToken !== undefined && !text.slice(previousToken.endOffset! + 1, comment.startOffset).includes('\n'),
        blankLineAfter: /\n[ \t\r]*\n/.test(gap),
        used: false,
      };
      this.all.push(placed);
      const previousEnd = previousToken === undefined ? -1 : previousToken.endOffset! + 1;
      const closesBlock = nextToken === undefined || nextToken.tokenType === RCurly;
      if (previousToken !== undefined && slots.ends.has(previousEnd) && (placed.sameLine || closesBlock)) {
        push(this.after, previousEnd, placed);
      } else if (nextToken !== undefined && slots.starts.has(nextToken.startOffset)) {
        push(this.before, nextToken.startOffset, placed);
      } else if (nextToken?.tokenType === kw.cite && slots.starts.has(tokens[next + 1]?.startOffset ?? -1)) {
        // Before the `cite "…"` line that opens a block: keyed by its string.
        push(this.before, tokens[next + 1]!.startOffset, placed);
      } else if (previousToken === undefined && nextToken === undefined) {
        this.alone.push(placed);
      }
    }
  }

  take(map: Map<number, PlacedComment[]>, offset: number): PlacedComment[] {
    const list = map.get(offset);
    if (list === undefined) return [];
    map.delete(offset);
    for (const c of list) c.used = true;
    return list;
  }

  unused(): PlacedComment[] {
    return this.all.filter((c) => !c.used);
  }
}

function push(map: Map<number, PlacedComment[]>, key: number, value: PlacedComment): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
