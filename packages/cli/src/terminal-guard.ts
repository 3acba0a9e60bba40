import type { OutputStream } from './cli-io.ts';

/**
 * What the commands themselves write that a terminal acts on: colour (SGR,
 * `ESC[…m`) when colour is on, and the progress bar's carriage return. Line
 * breaks and tabs pass. Everything else that is a control character is shown
 * as an escape.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /\u001b\[[0-9;]*m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * The last line of defence between untrusted text and the terminal: every
 * user string is escaped where it is formatted (`printable`), and this wrapper
 * escapes whatever control character still reaches a stream, so no file can
 * clear the screen, retitle the window or move the cursor.
 */
export function guardOutput(stream: OutputStream, allowColor: boolean): OutputStream {
  const guarded: OutputStream = {
    write: (text: string) => stream.write(escapeControls(text, allowColor)),
  };
  Object.defineProperty(guarded, 'isTTY', { get: () => stream.isTTY, enumerable: true });
  Object.defineProperty(guarded, 'columns', { get: () => stream.columns, enumerable: true });
  return guarded;
}

export function escapeControls(text: string, allowColor: boolean): string {
  CONTROL.lastIndex = 0;
  if (!CONTROL.test(text)) return text;
  return text.replace(CONTROL, (match) => {
    if (match.length > 1) return allowColor ? match : match.replace('\u001b', '\\u{1b}');
    if (match === '\r') return match;
    return `\\u{${match.codePointAt(0)!.toString(16)}}`;
  });
}
