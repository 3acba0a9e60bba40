// What the browser keeps between visits: the author's files, the open scenario and tabs. One key, versioned,
// bounded, and validated when read back (another tab or an old version may have written it).
import { isProjectPath } from './share-link.ts';

export const STORAGE_KEY = 'houserules-playground/v1';
/** The most characters the stored workspace may take (localStorage holds about 5 MB per site). */
export const MAX_STORED_CHARS = 2_000_000;

export interface StoredState {
  open: string;
  files: Record<string, string>;
  tabs: string[];
  active: string | null;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type SaveResult = { ok: true } | { ok: false; message: string };

/** Where the files a shared link replaced are kept, to be restored (one set: the latest). */
export const KEPT_KEY = 'houserules-playground/kept-v1';

/** The page's storage, or one that refuses every use when the browser gives none (cookies blocked, some private modes). */
export function browserStore(): KeyValueStore {
  try {
    const store = window.localStorage;
    if (store) return store;
  } catch {
    // reading window.localStorage itself throws when storage is blocked
  }
  const refuse = (): never => {
    throw new DOMException('storage is disabled', 'SecurityError');
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse };
}

/** Why a write was refused, in words: a full storage and a disabled one are not the same advice. */
function refusal(error: unknown): string {
  const full = error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
  return full
    ? 'The browser’s storage for this page is full: your last edits are not saved. Download your files, or free space (reset files you no longer need).'
    : 'This browser does not let the page keep files (storage disabled, or a private window): your edits last until the tab closes. Download them.';
}

export function saveState(store: KeyValueStore, state: StoredState): SaveResult {
  const text = JSON.stringify({ v: 1, ...state });
  if (text.length > MAX_STORED_CHARS) return { ok: false, message: `Your files take more than ${(MAX_STORED_CHARS / 1e6).toFixed(0)} MB; they are not saved in the browser. Download them.` };
  try {
    store.setItem(STORAGE_KEY, text);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: refusal(error) };
  }
}

/** The stored workspace, and what went wrong reading it (said to the author, never swallowed). */
export function readState(store: KeyValueStore): { state: StoredState | null; problem: string | null } {
  let text: string | null;
  try {
    text = store.getItem(STORAGE_KEY);
  } catch (error) {
    return { state: null, problem: refusal(error) };
  }
  if (text === null) return { state: null, problem: null };
  const state = loadState(store);
  return { state, problem: state === null ? 'The files saved in this browser could not be read back (too big, or written by another version); the page opens without them.' : null };
}

/** The files a shared link replaced, kept to be restored; null when none (or unreadable). */
export function readKept(store: KeyValueStore): Record<string, string> | null {
  try {
    const text = store.getItem(KEPT_KEY);
    if (text === null || text.length > MAX_STORED_CHARS) return null;
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object') return null;
    const files: Record<string, string> = {};
    for (const [path, t] of Object.entries(value as Record<string, unknown>)) if (isProjectPath(path) && typeof t === 'string') files[path] = t;
    return Object.keys(files).length > 0 ? files : null;
  } catch {
    return null;
  }
}

export function saveKept(store: KeyValueStore, files: Record<string, string> | null): SaveResult {
  try {
    if (files === null) store.removeItem(KEPT_KEY);
    else {
      const text = JSON.stringify(files);
      if (text.length > MAX_STORED_CHARS) return { ok: false, message: 'The files to keep aside are too big to store; download them first.' };
      store.setItem(KEPT_KEY, text);
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, message: refusal(error) };
  }
}

export function loadState(store: KeyValueStore): StoredState | null {
  let text: string | null;
  try {
    text = store.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (text === null || text.length > MAX_STORED_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v['v'] !== 1 || typeof v['open'] !== 'string') return null;
  const files: Record<string, string> = {};
  if (v['files'] && typeof v['files'] === 'object') {
    for (const [path, t] of Object.entries(v['files'] as Record<string, unknown>)) if (isProjectPath(path) && typeof t === 'string') files[path] = t;
  }
  const tabs = Array.isArray(v['tabs']) ? (v['tabs'] as unknown[]).filter((t): t is string => typeof t === 'string' && t.length < 300).slice(0, 50) : [];
  const active = typeof v['active'] === 'string' ? v['active'] : null;
  return { open: v['open'], files, tabs, active };
}

export function clearState(store: KeyValueStore): void {
  try {
    store.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept, nothing to clear
  }
}
