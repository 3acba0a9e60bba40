/**
 * LSP's base protocol read from a byte stream (the Node flavour's stdin):
 * a header part — `Content-Length: N`, other fields ignored, each line ended
 * by `\r\n` — then an empty line, then N bytes of UTF-8 JSON.
 *
 * vscode-jsonrpc's own reader wedges on the first malformed frame (the rest
 * of the stream is read as one endless bad header), so the server reads
 * frames itself and recovers:
 *
 * - a header part that is not one (no `Content-Length`, a value that is not a
 *   whole number, a line that is not `Name: value`, no empty line within
 *   MAX_LSP_HEADER_BYTES, bytes that are no header at all): the bytes up to
 *   the next `Content-Length:` (in any case) that starts a frame whose
 *   content is JSON are skipped and reported as `unframed`; reading goes on
 *   from there;
 * - a `Content-Length` over MAX_LSP_MESSAGE_BYTES: reported (`too-large`),
 *   then skipped as a bad header is — waiting for that many bytes would make
 *   the server deaf until they came (a length of 10^15 would be forever);
 * - content that is not JSON: reported as `not-json` (the gate answers it
 *   with ParseError, as JSON-RPC says).
 *
 * Not recoverable: a `Content-Length` longer than its content takes the
 * bytes after it (the next frames) as its content, as the protocol says;
 * reading goes on after them.
 *
 * Whatever the content, every JSON value is handed on as it is: the message
 * gate decides what is a message. Platform-neutral (bytes in, values out).
 */

import { AbstractMessageReader, Emitter, type DataCallback, type Disposable, type Event, type Message, type MessageReader } from 'vscode-languageserver';
import { MAX_LSP_HEADER_BYTES, MAX_LSP_MESSAGE_BYTES } from './budgets.ts';

/** Where the bytes come from (Node: `process.stdin`). */
export interface ByteSource {
  onData(listener: (chunk: Uint8Array) => void): void;
  /** the stream ended or closed */
  onEnd(listener: () => void): void;
}

/** What the reader skipped, and why. */
export type FrameProblem =
  | { kind: 'unframed'; bytes: number; reason: string }
  | { kind: 'too-large'; length: number }
  | { kind: 'not-json'; length: number };

/** A reader whose values may not be messages, and which says what it skipped. */
export interface ValueReader extends MessageReader {
  readonly onProblem?: Event<FrameProblem>;
}

const MARKER = new TextEncoder().encode('content-length:');
const FIELD = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

export class FrameReader extends AbstractMessageReader implements ValueReader {
  private readonly problemEmitter = new Emitter<FrameProblem>();
  private readonly queue = new ByteQueue();
  /**
   * What the bytes at the queue's head are. A frame found by skipping to a
   * `Content-Length:` is a guess (`skipped` says what was skipped to reach
   * it): it is taken only if its header holds and its content is JSON, else
   * the skipping goes on after its first byte — so a second `Content-Length`
   * line in a bad header does not cost the good frame after it.
   */
  private mode:
    | { at: 'header'; skipped?: Skipped }
    | { at: 'body'; headerBytes: number; length: number; skipped?: Skipped }
    | { at: 'resync'; skipped: Skipped } = { at: 'header' };
  private callback: DataCallback | undefined;
  private readonly decoder = new TextDecoder('utf-8');

  constructor(private readonly source: ByteSource) {
    super();
  }

  get onProblem(): Event<FrameProblem> {
    return this.problemEmitter.event;
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    this.source.onData((chunk) => this.onData(chunk));
    this.source.onEnd(() => this.fireClose());
    return { dispose: () => { this.callback = undefined; } };
  }

  /** Reads what `chunk` completes; never throws (a bad frame is reported and skipped). */
  onData(chunk: Uint8Array): void {
    this.queue.append(chunk);
    for (;;) {
      const mode = this.mode;
      if (mode.at === 'resync') {
        const found = this.queue.indexOfMarker();
        if (found < 0) {
          // keep what could be the start of a marker split across chunks
          const keep = Math.min(this.queue.length, MARKER.length - 1);
          const dropped = this.queue.length - keep;
          this.queue.drop(dropped);
          this.mode = { at: 'resync', skipped: { ...mode.skipped, bytes: mode.skipped.bytes + dropped } };
          return;
        }
        this.queue.drop(found);
        this.mode = { at: 'header', skipped: { ...mode.skipped, bytes: mode.skipped.bytes + found } };
      } else if (mode.at === 'header') {
        if (this.queue.length === 0) return;
        const head = this.queue.head(MAX_LSP_HEADER_BYTES + 4);
        const end = indexOfBlankLine(head);
        if (end < 0) {
          if (head.length < MAX_LSP_HEADER_BYTES + 4 && startsLikeHeader(head)) return; // more is coming
          this.skip(mode.skipped, head.length >= MAX_LSP_HEADER_BYTES + 4 ? 'a header part longer than the budget, or no empty line after it' : 'bytes that are no header');
          continue;
        }
        const header = parseHeader(latin1(head.subarray(0, end)));
        if ('problem' in header) {
          this.skip(mode.skipped, header.problem);
          continue;
        }
        if (header.length > MAX_LSP_MESSAGE_BYTES) {
          this.report(mode.skipped);
          this.problemEmitter.fire({ kind: 'too-large', length: header.length });
          this.skip(undefined, undefined);
          continue;
        }
        this.mode = { at: 'body', headerBytes: end + 4, length: header.length, ...(mode.skipped ? { skipped: mode.skipped } : {}) };
      } else {
        const size = mode.headerBytes + mode.length;
        if (this.queue.length < size) return;
        const value = this.parse(this.queue.head(size).subarray(mode.headerBytes));
        if (value === NOT_JSON && mode.skipped !== undefined) {
          this.skip(mode.skipped, mode.skipped.reason); // the guess was wrong: skip on
          continue;
        }
        this.queue.drop(size);
        this.mode = { at: 'header' };
        this.report(mode.skipped);
        if (value === NOT_JSON) this.problemEmitter.fire({ kind: 'not-json', length: mode.length });
        else this.callback?.(value as Message);
      }
    }
  }

  /** Skips the first byte at the head, then everything up to the next `Content-Length:`; reported (with the first reason) once a frame is found. */
  private skip(skipped: Skipped | undefined, reason: string | undefined): void {
    this.queue.drop(1);
    this.mode = { at: 'resync', skipped: skipped ? { ...skipped, bytes: skipped.bytes + 1 } : { bytes: 1, reason } };
  }

  private report(skipped: Skipped | undefined): void {
    if (skipped?.reason !== undefined) this.problemEmitter.fire({ kind: 'unframed', bytes: skipped.bytes, reason: skipped.reason });
  }

  private parse(body: Uint8Array): unknown {
    try {
      return JSON.parse(this.decoder.decode(body)) as unknown;
    } catch {
      return NOT_JSON;
    }
  }
}

/** Bytes skipped so far, and why the skipping started (undefined: already reported). */
interface Skipped {
  bytes: number;
  reason: string | undefined;
}

const NOT_JSON = Symbol('not JSON');

/** The header's Content-Length, or what is wrong with it. */
export function parseHeader(text: string): { length: number } | { problem: string } {
  let length: number | undefined;
  for (const line of text.split('\r\n')) {
    const field = FIELD.exec(line);
    if (!field) return { problem: 'a header line that is not `Name: value`' };
    // a frame's header swallowed by a bad one's unfinished line: skip to it rather than read a wrong length
    if (/.content-length:/i.test(line)) return { problem: 'a header line holding another header' };
    if (field[1]!.toLowerCase() !== 'content-length') continue;
    if (length !== undefined) return { problem: 'Content-Length given twice' };
    if (!/^\d+$/.test(field[2]!)) return { problem: 'a Content-Length that is not a whole number of bytes' };
    length = Number(field[2]);
  }
  return length === undefined ? { problem: 'a header without Content-Length' } : { length };
}

/** Where `\r\n\r\n` starts in `bytes`, or -1. */
function indexOfBlankLine(bytes: Uint8Array): number {
  for (let i = 0; i + 3 < bytes.length; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10) return i;
  }
  return -1;
}

/** Could these bytes be the start of a header part (a field name's characters, then the rest of a line)? */
function startsLikeHeader(bytes: Uint8Array): boolean {
  const firstLine = latin1(bytes.subarray(0, Math.min(bytes.length, 128))).split('\r\n')[0]!;
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]*(:[^\r\n]*)?\r?$/.test(firstLine);
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 4096) text += String.fromCharCode(...bytes.subarray(i, i + 4096));
  return text;
}

/** Received bytes not read yet, as the chunks they came in (a long body is joined once, when complete). */
class ByteQueue {
  private chunks: Uint8Array[] = [];
  length = 0;

  append(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first `n` bytes (or all there are), without removing them. */
  head(n: number): Uint8Array {
    const first = this.chunks[0];
    if (first === undefined) return new Uint8Array(0);
    if (first.length >= n || this.chunks.length === 1) return first.subarray(0, n);
    return this.join(Math.min(n, this.length));
  }

  drop(n: number): void {
    let left = Math.min(n, this.length);
    this.length -= left;
    while (left > 0) {
      const first = this.chunks[0]!;
      if (first.length <= left) {
        this.chunks.shift();
        left -= first.length;
      } else {
        this.chunks[0] = first.subarray(left);
        left = 0;
      }
    }
  }

  /** Where the next `content-length:` (any case) starts, or -1. */
  indexOfMarker(): number {
    const bytes = this.head(this.length);
    this.chunks = bytes.length > 0 ? [bytes] : [];
    outer: for (let i = 0; i + MARKER.length <= bytes.length; i++) {
      for (let j = 0; j < MARKER.length; j++) {
        const b = bytes[i + j]!;
        if ((b >= 65 && b <= 90 ? b + 32 : b) !== MARKER[j]) continue outer;
      }
      return i;
    }
    return -1;
  }

  /** The first `n` bytes joined into one array (which becomes the first chunk). */
  private join(n: number): Uint8Array {
    const joined = new Uint8Array(n);
    let at = 0;
    let used = 0;
    while (at < n) {
      const chunk = this.chunks[used]!;
      const part = chunk.subarray(0, n - at);
      joined.set(part, at);
      at += part.length;
      if (part.length === chunk.length) used++;
      else this.chunks[used] = chunk.subarray(part.length);
    }
    this.chunks.splice(0, used, joined);
    return joined;
  }
}
