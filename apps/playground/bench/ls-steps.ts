// The language service's own steps on the keystroke bench's 2,000-line file, in process (Node), cold then warm: what
// the worker does after a keystroke (the change, its diagnostics, then what Monaco asks: completion, folding, semantic
// tokens, lenses). A tool for finding where the worker's time goes, not a benchmark:
// `npx tsx bench/ls-steps.ts` in apps/playground (`LS_STEPS_EDITS=40`: more edits, for a profile of the warm steps).
import { performance } from 'node:perf_hooks';
import { createLanguageService } from '@houserules/language-service';
import { bigModule } from './big-module.ts';

const uri = 'file:///scenarios/mine/big.rules';
const text = bigModule(2000);
const typo = text.lastIndexOf('emit tick(3)') + 'emit tick'.length;
const lines = text.slice(0, typo).split('\n');
const at = { line: lines.length - 1, character: lines.at(-1)!.length };
const service = createLanguageService();
const time = (what: string, run: () => unknown): void => {
  const t = performance.now();
  run();
  times.set(what, [...(times.get(what) ?? []), performance.now() - t]);
};
const times = new Map<string, number[]>();
let version = 1;
time('open + diagnostics', () => {
  service.open(uri, text, version);
  service.diagnostics(uri);
});
for (const step of ['folding', 'semantic tokens', 'lenses']) time(`${step} (after open)`, () => (step === 'folding' ? service.foldingRanges(uri) : step === 'lenses' ? service.codeLenses(uri) : service.semanticTokens(uri)));
const EDITS = Number(process.env['LS_STEPS_EDITS'] ?? 8);
for (let i = 0; i < EDITS; i++) {
  const edited = i % 2 === 0 ? text.slice(0, typo) + 'x' + text.slice(typo) : text;
  time('change + diagnostics', () => {
    service.update(uri, edited, ++version);
    service.diagnostics(uri);
  });
  time('completion', () => service.completion(uri, at));
  time('folding', () => service.foldingRanges(uri));
  time('semantic tokens', () => service.semanticTokens(uri));
  time('lenses', () => service.codeLenses(uri));
}
for (const [what, list] of times) console.log(`${what.padEnd(28)} ${list.map((t) => t.toFixed(0)).join(', ')} ms`);
