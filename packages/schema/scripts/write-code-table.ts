/* global process, console */
// Rewrites the diagnostic-code table in docs/language.md from the registry
// (src/diagnostic-codes.ts). Run after adding a code:
//
//   npx tsx packages/schema/scripts/write-code-table.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withDiagnosticCodeTable } from '../src/diagnostic-code-table.ts';

const docPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'language.md');
const updated = withDiagnosticCodeTable(readFileSync(docPath, 'utf8'));
if (updated === null) {
  console.error(`${docPath} has no diagnostic-codes markers`);
  process.exit(1);
}
writeFileSync(docPath, updated);
console.log(`wrote the diagnostic-code table in ${docPath}`);
