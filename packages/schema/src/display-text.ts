/**
 * Text that came from a user file (a source line, a name, a title, a message
 * quoting the author) is untrusted: an escape sequence in it could clear the
 * screen, retitle the terminal or print a fake "0 errors". Everything that shows
 * such text to a person — code frames, summaries, test reports — passes it
 * through `printable`; JSON output goes through `stringifyJson`, which stays
 * exact (the same value when parsed) and leaves no character a terminal obeys.
 */

/**
 * The characters a terminal or a text view may act on instead of showing:
 * C0 controls (tab and newline included), DEL, C1 controls, the bidirectional
 * overrides and isolates ("Trojan source"), and the Unicode line separators.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visible(ch: string): string {
  return NAMED[ch] ?? `\\u{${ch.codePointAt(0)!.toString(16)}}`;
}

/** `text` on one line, with every control character shown as an escape (`\n`, `\u{1b}`). */
export function printable(text: string): string {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text) ? text.replace(UNSAFE, visible) : text;
}

/** Whether `text` holds a character `printable` would escape. */
export function hasControlCharacters(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text);
}

/** Beyond what JSON.stringify escapes (C0): DEL, C1, bidi controls, line separators. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * `JSON.stringify`, with the characters it leaves raw that a terminal may obey
 * written as `\uXXXX` escapes: parsing the text gives exactly the same value.
 */
export function stringifyJson(value: unknown, space?: number): string {
  const text = JSON.stringify(value, null, space);
  if (text === undefined) return 'null';
  UNSAFE_IN_JSON.lastIndex = 0;
  return UNSAFE_IN_JSON.test(text) ? text.replace(UNSAFE_IN_JSON, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`) : text;
}
