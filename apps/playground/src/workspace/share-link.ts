// Sharing by URL: the author's files (edits to repo files and new files), as JSON, deflated and base64url-encoded
// into the fragment (`#share=…`, which never reaches a server). A link is untrusted input: every size is bounded,
// every field checked, and a bad link is a message, never an exception.
import { Inflate, deflateSync, strFromU8, strToU8 } from 'fflate';

/** Budgets for a link: its length, what it may inflate to, how many files it may carry. */
export const MAX_LINK_CHARS = 200_000;
export const MAX_SHARED_BYTES = 2_000_000;
export const MAX_SHARED_FILES = 64;
/** Input is inflated this many bytes at a time, so inflating stops soon after the budget is passed. */
const INFLATE_STEP = 256;

export const SHARE_PREFIX = '#share=';

export interface SharedProject {
  /** the gallery entry to open (`<file>` or `<file>#<variant>`) */
  open: string;
  /** path → text: the files that differ from the repo's, and the author's own */
  files: Record<string, string>;
}

export type Decoded = { ok: true; project: SharedProject } | { ok: false; message: string };

/** A path a shared project or the stored workspace may name: a `.rules` file under `scenarios/`, no `..`. */
export function isProjectPath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.length <= 200 &&
    /^scenarios(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+\.rules$/.test(path) &&
    !path.split('/').some((part) => part === '..' || part === '.')
  );
}

export function encodeShareLink(project: SharedProject): string {
  const json = JSON.stringify({ v: 1, open: project.open, files: project.files });
  return SHARE_PREFIX + toBase64Url(deflateSync(strToU8(json), { level: 9 }));
}

export function decodeShareLink(fragment: string): Decoded {
  if (!fragment.startsWith(SHARE_PREFIX)) return { ok: false, message: 'This is not a shared playground link.' };
  const body = fragment.slice(SHARE_PREFIX.length);
  if (body.length > MAX_LINK_CHARS) return { ok: false, message: `The link is too long (more than ${MAX_LINK_CHARS.toLocaleString('en')} characters).` };
  const bytes = fromBase64Url(body);
  if (!bytes) return { ok: false, message: 'The link is damaged (it is not base64url).' };
  const inflated = inflateBounded(bytes, MAX_SHARED_BYTES);
  if (!inflated.ok) return inflated;
  let value: unknown;
  try {
    value = JSON.parse(strFromU8(inflated.bytes));
  } catch {
    return { ok: false, message: 'The link is damaged (its contents are not JSON).' };
  }
  return validate(value);
}

function validate(value: unknown): Decoded {
  if (!value || typeof value !== 'object') return { ok: false, message: 'The link holds no project.' };
  const v = value as Record<string, unknown>;
  if (v['v'] !== 1) return { ok: false, message: 'The link was made by another version of the playground.' };
  if (typeof v['open'] !== 'string' || v['open'].length > 300) return { ok: false, message: 'The link does not say which scenario to open.' };
  const files = v['files'];
  if (!files || typeof files !== 'object' || Array.isArray(files)) return { ok: false, message: 'The link holds no files.' };
  const entries = Object.entries(files as Record<string, unknown>);
  if (entries.length > MAX_SHARED_FILES) return { ok: false, message: `The link holds more than ${MAX_SHARED_FILES} files.` };
  const out: Record<string, string> = {};
  for (const [path, text] of entries) {
    if (!isProjectPath(path)) return { ok: false, message: 'The link names a file outside scenarios/ or not a .rules file.' };
    if (typeof text !== 'string') return { ok: false, message: `The link's ${path} is not text.` };
    out[path] = text;
  }
  return { ok: true, project: { open: v['open'], files: out } };
}

function inflateBounded(bytes: Uint8Array, budget: number): { ok: true; bytes: Uint8Array } | { ok: false; message: string } {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let failed = false;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total <= budget) chunks.push(chunk);
  });
  try {
    for (let at = 0; at < bytes.length && total <= budget; at += INFLATE_STEP) {
      inflater.push(bytes.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= bytes.length);
    }
  } catch {
    failed = true;
  }
  if (total > budget) return { ok: false, message: `The link unpacks to more than ${(budget / 1e6).toFixed(0)} MB.` };
  if (failed) return { ok: false, message: 'The link is damaged (it does not unpack).' };
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { ok: true, bytes: out };
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return null;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
