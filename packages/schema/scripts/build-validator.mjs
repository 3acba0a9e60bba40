/* global process, console */
// Writes src/generated/validate-rule-graph.js: the rule-graph schema compiled by
// ajv into plain ESM code, so that validating never needs `new Function` (a page
// with a strict Content-Security-Policy can still validate).
//
//   node scripts/build-validator.mjs           regenerate the file
//   node scripts/build-validator.mjs --check   exit 1 when the committed file is stale
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateValidatorSource } from './validator-source.mjs';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemaPath = join(packageDir, 'src/rule-graph.schema.json');
const outputPath = join(packageDir, 'src/generated/validate-rule-graph.js');

const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
const source = generateValidatorSource(schema);

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(outputPath, 'utf8');
  } catch {
    // a missing file is stale too
  }
  if (committed !== source) {
    console.error('src/generated/validate-rule-graph.js is out of date: run `pnpm --filter @houserules/schema build`');
    process.exit(1);
  }
} else {
  mkdirSync(dirname(outputPath), { recursive: true });
  writeFileSync(outputPath, source);
  console.log(`wrote ${outputPath} (${source.length} bytes)`);
}
