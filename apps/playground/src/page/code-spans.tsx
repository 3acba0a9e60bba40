// The compiler writes names in its messages between backticks (`in_cave_cont` is not declared), as markdown does.
// Where a message is plain text (Monaco's markers and quick-fix titles) the backticks would show as they are:
// there a name is set in quotes; in the page's own views it is drawn as code.

const SPAN = /`([^`\n]+)`/g;

/** `x` → ‘x’ (for places that show text as it is). */
export function plainCode(text: string): string {
  return text.replace(SPAN, '‘$1’');
}

/** A message with its `x` drawn as <code>x</code>. */
export function CodeSpans({ text }: { text: string }) {
  const parts = text.split(SPAN);
  return <>{parts.map((p, i) => (i % 2 === 1 ? <code key={i}>{p}</code> : p))}</>;
}
