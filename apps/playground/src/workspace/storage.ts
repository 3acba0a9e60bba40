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

export function saveState(store: KeyValueStore, state: StoredState): SaveResult {
  const text = JSON.stringify({ v: 1, ...state });
  if (text.length > MAX_STORED_CHARS) return { ok: false, message: `Your files take more than ${(MAX_STORED_CHARS / 1e6).toFixed(0)} MB; they are not saved in the browser. Download them.` };
  try {
    store.setItem(STORAGE_KEY, text);
    return { ok: true };
  } catch {
    return { ok: false, message: 'The browser refused to save your files (storage full or disabled). Download them.' };
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
