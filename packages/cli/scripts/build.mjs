// Bundles the command and its simulation worker into dist/ (ESM, Node 20).
//
// dist/houserules.js is the command (the `bin`); dist/simulate-worker.js the
// simulation worker; dist/chunks/ the code they share and each command's own
// code. main.ts imports a command's module only when it runs, and esbuild's
// code splitting makes each such import() a chunk of its own, so `simulate`
// never loads (nor makes V8 compile) Graphviz, the language server or the diff.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

// The placeholder src/build-id.ts holds; the bundle gets the SHA-256 of its own code
// instead (the same length, so the source maps stay right). The compile cache keys
// its entries by it: a graph compiled by another build of the compiler never matches.
const BUILD_ID_PLACEHOLDER = '__houserules_build_id__00000000000000000000000000000000000000000';

// The schema validator (src/generated/validate-rule-graph.js of @houserules/schema) is
// three fifths of the code a warm `simulate` would load, and it never runs there: a
// graph from the compiler or its sealed cache is loaded without it (loadCompiledGraph).
// So the bundle carries it as a CommonJS file of its own, dist/chunks/validate-rule-graph.cjs
// (the committed, tested code, only its two export statements rewritten), which the
// stub below requires the first time something validates: `compile`, `check`, `diff`
// of a graph file, `loadGraph`. Parsing it cost a warm start-up about 55M instructions.
const VALIDATOR_FILE = 'validate-rule-graph.cjs';
const validatorSource = readFileSync(join(root, '../schema/src/generated/validate-rule-graph.js'), 'utf8');
const ESM_EXPORTS = 'export const validate = validate20;export default validate20;';
if (validatorSource.split(ESM_EXPORTS).length !== 2) throw new Error('build: the generated validator no longer starts with the exports this build rewrites');
const validatorCjs = validatorSource.replace(ESM_EXPORTS, '') + 'module.exports = validate20;\n';
const lazyValidator = {
  name: 'lazy-validator',
  setup(b) {
    b.onResolve({ filter: /\/generated\/validate-rule-graph\.js$/ }, () => ({ path: 'validate-rule-graph', namespace: 'lazy-validator' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-validator' }, () => ({
      loader: 'js',
      contents: `import { createRequire } from 'node:module';
let loaded;
export default function validate(data) {
  loaded ??= createRequire(import.meta.url)('./${VALIDATOR_FILE}');
  const valid = loaded(data);
  validate.errors = loaded.errors;
  return valid;
}`,
    }));
  },
};

const result = await build({
  entryPoints: { houserules: join(root, 'src/houserules.ts'), 'simulate-worker': join(root, 'src/simulate/simulate-worker.ts') },
  outdir: dist,
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  write: false,
  // Bundled CommonJS dependencies may call require(); give every ESM output file one.
  banner: { js: "import { createRequire as __hrCreateRequire } from 'node:module'; const require = __hrCreateRequire(import.meta.url);" },
  plugins: [lazyValidator],
});
const code = result.outputFiles.filter((f) => f.path.endsWith('.js')).sort((a, b) => (a.path < b.path ? -1 : 1));
const hash = createHash('sha256');
for (const f of code) hash.update(f.path.slice(dist.length)).update(f.contents);
const id = hash.digest('hex');
const holders = code.filter((f) => f.text.includes(BUILD_ID_PLACEHOLDER));
if (holders.length !== 1 || holders[0].text.split(BUILD_ID_PLACEHOLDER).length !== 2) throw new Error('build: the build id placeholder must be in exactly one place of the bundle');
for (const f of result.outputFiles) {
  mkdirSync(dirname(f.path), { recursive: true });
  writeFileSync(f.path, f === holders[0] ? f.text.replace(BUILD_ID_PLACEHOLDER, id) : f.contents);
}
writeFileSync(join(dist, 'chunks', VALIDATOR_FILE), validatorCjs);
chmodSync(join(dist, 'houserules.js'), 0o755);
// Chunk names carry a content hash: the last build's chunks go once the new ones are written
// (not before: a test or a packaging step may be reading dist/ while this runs).
const written = new Set([...result.outputFiles.map((f) => f.path), join(dist, 'chunks', VALIDATOR_FILE)]);
for (const name of readdirSync(join(dist, 'chunks'))) if (!written.has(join(dist, 'chunks', name))) rmSync(join(dist, 'chunks', name), { force: true });
