import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryHost, type ModuleHost } from '@houserules/compiler';

/** every .rules file under the scenarios folder, in memory (scenarios extend each other's modules) */
export function scenariosHost(dir: string): ModuleHost {
  const files: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.rules')) files[p] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return createMemoryHost(files);
}
