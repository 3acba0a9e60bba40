import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeShareLink, encodeShareLink, isProjectPath, MAX_LINK_CHARS, MAX_SHARED_FILES, SHARE_PREFIX } from '../../src/workspace/share-link.ts';

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const linkOf = (value: unknown): string => SHARE_PREFIX + b64url(deflateSync(strToU8(JSON.stringify(value))));

describe('share links', () => {
  it('carry the files and the open scenario through a round trip, compressed', () => {
    const text = 'module mine extends catan.base\n'.repeat(200);
    const link = encodeShareLink({ open: 'scenarios/mine/mine.rules', files: { 'scenarios/mine/mine.rules': text, 'scenarios/diamant/diamant.rules': 'token x\n' } });
    expect(link.startsWith(SHARE_PREFIX)).toBe(true);
    expect(link.length).toBeLessThan(text.length / 10);
    const decoded = decodeShareLink(link);
    expect(decoded).toEqual({ ok: true, project: { open: 'scenarios/mine/mine.rules', files: { 'scenarios/mine/mine.rules': text, 'scenarios/diamant/diamant.rules': 'token x\n' } } });
  });

  it('refuse what is not a link, not base64url, or does not inflate, with a message', () => {
    expect(decodeShareLink('#other').ok).toBe(false);
    expect(decodeShareLink('#share=@@@')).toMatchObject({ ok: false, message: expect.stringContaining('base64url') });
    expect(decodeShareLink(SHARE_PREFIX + b64url(strToU8('not deflate at all, just text')))).toMatchObject({ ok: false });
    expect(decodeShareLink(SHARE_PREFIX + b64url(deflateSync(strToU8('{not json'))))).toMatchObject({ ok: false, message: expect.stringContaining('JSON') });
  });

  it('refuse a link longer than the budget without reading it', () => {
    expect(decodeShareLink(SHARE_PREFIX + 'A'.repeat(MAX_LINK_CHARS + 1))).toMatchObject({ ok: false, message: expect.stringContaining('too long') });
  });

  it('stop inflating a bomb soon after the budget', () => {
    // 6 MB of spaces deflate to a few kB: well under the link budget, far over what it may unpack to.
    const bomb = SHARE_PREFIX + b64url(deflateSync(new Uint8Array(6_000_000).fill(32), { level: 9 }));
    expect(bomb.length).toBeLessThan(MAX_LINK_CHARS);
    expect(decodeShareLink(bomb)).toMatchObject({ ok: false, message: expect.stringContaining('MB') });
  });

  it('check every field: version, scenario, file paths and texts, file count', () => {
    expect(decodeShareLink(linkOf({ v: 2, open: 'x', files: {} }))).toMatchObject({ ok: false, message: expect.stringContaining('version') });
    expect(decodeShareLink(linkOf({ v: 1, files: {} }))).toMatchObject({ ok: false });
    expect(decodeShareLink(linkOf({ v: 1, open: 'x', files: { '../../etc/passwd.rules': 'x' } }))).toMatchObject({ ok: false, message: expect.stringContaining('outside') });
    expect(decodeShareLink(linkOf({ v: 1, open: 'x', files: { 'scenarios/a.rules': 3 } }))).toMatchObject({ ok: false, message: expect.stringContaining('not text') });
    const many = Object.fromEntries(Array.from({ length: MAX_SHARED_FILES + 1 }, (_, i) => [`scenarios/m/f${i}.rules`, '']));
    expect(decodeShareLink(linkOf({ v: 1, open: 'x', files: many }))).toMatchObject({ ok: false, message: expect.stringContaining(String(MAX_SHARED_FILES)) });
  });

  it('accept only .rules paths under scenarios/, without . or .. segments', () => {
    expect(isProjectPath('scenarios/catan/base.rules')).toBe(true);
    expect(isProjectPath('scenarios/mine/house_rules_2.rules')).toBe(true);
    for (const bad of ['/scenarios/a.rules', 'scenarios/../a.rules', 'scenarios/./a.rules', 'scenarios/a.txt', 'docs/a.rules', 'scenarios//a.rules', 'scenarios/a b.rules', 3, null]) {
      expect(isProjectPath(bad), String(bad)).toBe(false);
    }
  });
});
