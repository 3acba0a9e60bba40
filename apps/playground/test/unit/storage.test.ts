import { describe, expect, it } from 'vitest';
import { loadState, MAX_STORED_CHARS, readKept, readState, saveKept, saveState, STORAGE_KEY, type KeyValueStore } from '../../src/workspace/storage.ts';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('the stored workspace', () => {
  it('comes back as it was saved', () => {
    const store = memoryStore();
    const state = { open: 'scenarios/diamant/diamant.rules#incan_gold', files: { 'scenarios/diamant/diamant.rules': 'token a\n' }, tabs: ['scenarios/diamant/diamant.rules'], active: 'scenarios/diamant/diamant.rules' };
    expect(saveState(store, state)).toEqual({ ok: true });
    expect(loadState(store)).toEqual(state);
  });

  it('is refused when too big, and saying so, rather than half-saved', () => {
    const store = memoryStore();
    const saved = saveState(store, { open: 'x', files: { 'scenarios/a.rules': 'x'.repeat(MAX_STORED_CHARS) }, tabs: [], active: null });
    expect(saved.ok).toBe(false);
    expect(store.map.size).toBe(0);
  });

  it('survives a full or disabled storage', () => {
    const store: KeyValueStore = { getItem: () => { throw new Error('disabled'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => {} };
    expect(saveState(store, { open: 'x', files: {}, tabs: [], active: null }).ok).toBe(false);
    expect(loadState(store)).toBeNull();
  });

  it('reads back only what it can trust: bad JSON, other versions, bad paths and texts are dropped', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEY, '{oops');
    expect(loadState(store)).toBeNull();
    store.setItem(STORAGE_KEY, JSON.stringify({ v: 9, open: 'x' }));
    expect(loadState(store)).toBeNull();
    store.setItem(STORAGE_KEY, JSON.stringify({ v: 1, open: 'x', files: { '../x.rules': 'a', 'scenarios/ok.rules': 'b', 'scenarios/n.rules': 5 }, tabs: [1, 'scenarios/ok.rules'], active: 3 }));
    expect(loadState(store)).toEqual({ open: 'x', files: { 'scenarios/ok.rules': 'b' }, tabs: ['scenarios/ok.rules'], active: null });
  });

  it('says why it could not read or save, rather than swallowing it: disabled, full, unreadable', () => {
    const disabled: KeyValueStore = { getItem: () => { throw new DOMException('no', 'SecurityError'); }, setItem: () => { throw new DOMException('no', 'SecurityError'); }, removeItem: () => {} };
    expect(readState(disabled)).toMatchObject({ state: null, problem: expect.stringContaining('private') });
    const full: KeyValueStore = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, removeItem: () => {} };
    const refused = saveState(full, { open: 'x', files: {}, tabs: [], active: null });
    expect(refused.ok === false && refused.message).toContain('full');
    expect(readState(full)).toEqual({ state: null, problem: null });
    const store = memoryStore();
    store.setItem(STORAGE_KEY, '{oops');
    expect(readState(store).problem).not.toBeNull();
  });

  it('keeps aside the files a shared link replaced, and gives them back once', () => {
    const store = memoryStore();
    expect(readKept(store)).toBeNull();
    expect(saveKept(store, { 'scenarios/a/a.rules': 'mine', '../x.rules': 'no' }).ok).toBe(true);
    expect(readKept(store)).toEqual({ 'scenarios/a/a.rules': 'mine' });
    saveKept(store, null);
    expect(readKept(store)).toBeNull();
  });
});
