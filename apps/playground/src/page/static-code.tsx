// A file's text drawn at the page's first paint, highlighted like the editor's tokenizer does it, while Monaco (a
// chunk of its own, the biggest of the page) is still on its way: the scenario can be read at once, and the editor
// takes its place, editable, as soon as it is ready.
import { DECLARING, HARD_KEYWORDS, SOFT_KEYWORDS } from './rules-words.ts';

const hard = new Set(HARD_KEYWORDS);
const soft = new Set(SOFT_KEYWORDS);
const declaring = new Set(DECLARING);

/** The classes of the editor's theme (src/editor/rules-language.ts), as CSS classes. */
type Kind = 'kw' | 'soft' | 'name' | 'str' | 'num' | 'com' | 'op' | '';

const TOKEN = /(\/\/.*$)|(\/\*)|("(?:[^"\\]|\\.)*"?)|(\b\d+(?:d\d+)?\b)|([A-Za-z_][A-Za-z0-9_]*)|(==|!=|<=|>=|\.\.|[<>+\-*/%=|])|(\s+|.)/g;

/** One line's pieces, and whether a block comment is still open after it. */
function lineTokens(line: string, inComment: boolean): { parts: [Kind, string][]; inComment: boolean } {
  const parts: [Kind, string][] = [];
  let rest = line;
  if (inComment) {
    const end = rest.indexOf('*/');
    if (end < 0) return { parts: [['com', rest]], inComment: true };
    parts.push(['com', rest.slice(0, end + 2)]);
    rest = rest.slice(end + 2);
  }
  let declared = false;
  for (const m of rest.matchAll(TOKEN)) {
    const [text, lineComment, blockStart, str, num, word, op] = m;
    if (lineComment) parts.push(['com', text]);
    else if (blockStart) {
      const tail = rest.slice(m.index);
      const end = tail.indexOf('*/', 2);
      if (end < 0) {
        parts.push(['com', tail]);
        return { parts, inComment: true };
      }
      parts.push(['com', tail.slice(0, end + 2)]);
      // the rest of the line after the comment, tokenized on its own
      const after = lineTokens(tail.slice(end + 2), false);
      return { parts: [...parts, ...after.parts], inComment: after.inComment };
    } else if (str) parts.push(['str', text]);
    else if (num) parts.push(['num', text]);
    else if (word) {
      const kind: Kind = declared && !hard.has(word) ? 'name' : hard.has(word) ? 'kw' : soft.has(word) ? 'soft' : '';
      declared = declaring.has(word) || (declared && (word === 'override' || word === 'remove'));
      parts.push([kind, text]);
      continue;
    } else if (op) parts.push(['op', text]);
    else parts.push(['', text]);
    if (!/^\s+$/.test(text)) declared = false;
  }
  return { parts, inComment: false };
}

export function StaticCode({ text }: { text: string }) {
  let inComment = false;
  const lines = text.split('\n');
  return (
    <pre class="static-code" data-testid="static-code" aria-label="the file, while the editor loads">
      {lines.map((line, i) => {
        const t = lineTokens(line, inComment);
        inComment = t.inComment;
        return (
          <div key={i} class="static-line">
            <span class="static-number">{i + 1}</span>
            {t.parts.map(([kind, piece], k) => (kind === '' ? piece : <span key={k} class={`tk-${kind}`}>{piece}</span>))}
            {'\n'}
          </div>
        );
      })}
    </pre>
  );
}
