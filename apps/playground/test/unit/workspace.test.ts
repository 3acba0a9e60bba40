import { describe, expect, it } from 'vitest';
import { Workspace } from '../../src/workspace/workspace.ts';

const repo = [
  { path: 'scenarios/catan/base.rules', text: 'module catan.base\n', kind: 'scenario' as const },
  { path: 'scenarios/catan/tests/base-setup.rules', text: 'test "t" {}\n', kind: 'scenario' as const },
  { path: 'scenarios/diamant/diamant.rules', text: 'module diamant\n', kind: 'scenario' as const },
  { path: 'shared/seeds/002.txt', text: 'A rulebook.\n', kind: 'rulebook' as const },
];

describe('the workspace', () => {
  it('lays edits over the repo files, and an edit back to the repo text is no edit', () => {
    const w = new Workspace(repo);
    w.set('scenarios/diamant/diamant.rules', 'module diamant\ntoken x\n');
    expect(w.origin('scenarios/diamant/diamant.rules')).toBe('edited');
    expect(w.authored()).toEqual({ 'scenarios/diamant/diamant.rules': 'module diamant\ntoken x\n' });
    w.set('scenarios/diamant/diamant.rules', 'module diamant\n');
    expect(w.origin('scenarios/diamant/diamant.rules')).toBe('repo');
    expect(w.authored()).toEqual({});
  });

  it('lets the open scenario\'s folder be edited, and nothing it builds on elsewhere', () => {
    const w = new Workspace(repo);
    expect(w.isEditable('scenarios/catan/tests/base-setup.rules', 'scenarios/catan/base.rules')).toBe(true);
    expect(w.isEditable('scenarios/catan/base.rules', 'scenarios/mine/house.rules')).toBe(false);
    expect(w.isEditable('shared/seeds/002.txt', 'scenarios/diamant/diamant.rules')).toBe(false);
    w.set(w.freePath('house'), 'module mine.house extends catan.base\n');
    expect(w.isEditable('scenarios/mine/house.rules', 'scenarios/diamant/diamant.rules')).toBe(true);
  });

  it('names new files so they never replace one', () => {
    const w = new Workspace(repo);
    const first = w.freePath('My House Rules!');
    expect(first).toBe('scenarios/mine/My_House_Rules.rules');
    w.set(first, 'x');
    expect(w.freePath('My House Rules!')).toBe('scenarios/mine/My_House_Rules_2.rules');
  });

  it('loads a shared or stored set of files, ignoring paths it must not write', () => {
    const w = new Workspace(repo);
    w.load({ 'scenarios/diamant/diamant.rules': 'module diamant\n', 'scenarios/mine/a.rules': 'a', '../../x.rules': 'bad' });
    expect(w.authored()).toEqual({ 'scenarios/mine/a.rules': 'a' });
    expect(w.text('../../x.rules')).toBeUndefined();
    w.reset('scenarios/mine/a.rules');
    expect(w.has('scenarios/mine/a.rules')).toBe(false);
  });
});
