/**
 * The ```rules blocks of a markdown file, formatted: `houserules fmt docs/language.md` keeps the
 * examples of a reference as the formatter writes them. A block that does not format (one that
 * shows a mistake on purpose, or is a fragment) is left as it is.
 */
export function formatRulesBlocks(text: string, formatBlock: (block: string) => string | null): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let block: string[] | null = null;
  for (const line of lines) {
    if (block === null) {
      out.push(line);
      if (/^```rules\s*$/.test(line)) block = [];
      continue;
    }
    if (/^```\s*$/.test(line)) {
      const source = `${block.join('\n')}\n`;
      const formatted = formatBlock(source);
      out.push(...(formatted === null ? source : formatted).replace(/\n$/, '').split('\n'), line);
      block = null;
      continue;
    }
    block.push(line);
  }
  // an unclosed block stays as it was
  if (block !== null) out.push(...block);
  return out.join('\n');
}
