#!/usr/bin/env node
// The `houserules` on the workspace PATH (`pnpm exec houserules`, `npx houserules`):
// a launcher that exists before the first build, so pnpm can link it at install,
// and says what to do when the bundle is not built yet.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/houserules.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('houserules: the command is not built yet; run `npx -y pnpm@12.4.2 build` (or `start`) in the repository first\n');
  process.exit(2);
}
await import(bundle.href);
