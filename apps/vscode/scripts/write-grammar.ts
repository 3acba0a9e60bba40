/**
 * Writes syntaxes/houserules.tmLanguage.json from the language's own keyword
 * lists (@houserules/syntax), so highlighting never disagrees with the lexer.
 * Run: npx tsx apps/vscode/scripts/write-grammar.ts (a test fails when it is stale).
 */

import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { houserulesGrammar } from './houserules-grammar.ts';

const out = join(dirname(fileURLToPath(import.meta.url)), '../syntaxes/houserules.tmLanguage.json');
writeFileSync(out, `${JSON.stringify(houserulesGrammar(), null, 2)}\n`);
