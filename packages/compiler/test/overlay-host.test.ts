import { describe, expect, it } from 'vitest';
import { compile, createMemoryHost, overlayHost, type ModuleHost } from '../src/index.ts';

const BASE = 'module game.base\n\nscenario "Base" {\n  players 2\n}\n\nflow {\n  step nothing\n}\n';

describe('overlayHost: a host with some paths holding other texts', () => {
  const base = createMemoryHost({ '/p/scenarios/game/base.rules': BASE, '/p/scenarios/game/house.rules': 'module game.house\n' });

  it('reads the overlay first and the base for the rest', () => {
    const host = overlayHost(base, new Map([['/p/scenarios/game/house.rules', 'module game.house extends game.base\n']]));
    expect(host.readFile('/p/scenarios/game/house.rules')).toBe('module game.house extends game.base\n');
    expect(host.readFile('/p/scenarios/game/base.rules')).toBe(BASE);
    expect(host.readFile('/p/scenarios/game/none.rules')).toBeUndefined();
    expect(base.readFile('/p/scenarios/game/house.rules')).toBe('module game.house\n');
  });

  it('finds a module by name in the overlay, a file the base does not have, and compiles with it', () => {
    const host = overlayHost(base, new Map([['/p/scenarios/extra/rule.rules', 'module extra.rule extends game.base\n']]));
    expect(host.findModule('extra.rule', '/p/scenarios/game/base.rules')).toBe('/p/scenarios/extra/rule.rules');
    expect(host.findModule('game.base', '/p/scenarios/extra/rule.rules')).toBe('/p/scenarios/game/base.rules');
    expect(base.findModule('extra.rule', '/p/scenarios/game/base.rules')).toBeUndefined();
    // compiled through the overlay: the module it extends is found (no resolve/ error), unlike through the base alone
    const codes = (h: ModuleHost): string[] => compile(h, '/p/scenarios/extra/rule.rules').diagnostics.map((d) => d.code);
    expect(codes(host).filter((c) => c.startsWith('resolve/') || c.startsWith('module/'))).toEqual([]);
    expect(codes(base).length).toBeGreaterThan(0);
  });

  it('keeps what the base refuses, except the paths the overlay holds', () => {
    const refusing: ModuleHost = { ...base, refuse: (path) => (path.includes('secret') ? { code: 'resolve/outside-project', message: `${path} is outside` } : undefined) };
    const host = overlayHost(refusing, new Map([['/p/secret/given.rules', 'module given\n']]));
    expect(host.refuse?.('/p/secret/other.rules')?.code).toBe('resolve/outside-project');
    expect(host.refuse?.('/p/secret/given.rules')).toBeUndefined();
    expect(overlayHost(base, new Map()).refuse).toBeUndefined();
  });
});
