// The engine worker's engine: the compiler, the engine (closures only: the CSP forbids generated code), the
// conformance runner and the simulation, answering the page's requests (src/protocol/engine-protocol.ts). The worker's
// entry (engine-worker.ts) loads this module on the first request the build's answers do not cover.
import { compile } from '@houserules/compiler';
import { loadGraph, type Move } from '@houserules/engine';
import { readGameLog } from '@houserules/simulation';
import bundled from 'virtual:houserules/scenarios';
import { type EngineMethod, type EngineMethods, type PageToWorker, type PlayResult, type WorkerToPage } from '../protocol/engine-protocol.ts';
import { styleFor } from './board-pictures.ts';
import { buildCatalog } from './catalog.ts';
import { compareScenarios, compileSides, replayComparedWitness, sidesArrangements } from './compare.ts';
import { FileMemo } from './file-memo.ts';
import { graphDrawing } from './graph-drawing.ts';
import { createJob, type Job } from './job.ts';
import { PlaySession } from './play-session.ts';
import { ProjectFiles } from './project-files.ts';
import { checkScenario } from './scenario-check.ts';
import { simulate } from './simulate.ts';
import { listTests, runTests } from './test-run.ts';


/** The largest game log the page may open (characters), and the most sessions kept at once. */
export const MAX_LOG_CHARS = 8_000_000;
export const MAX_SESSIONS = 8;

const scope = self as unknown as { postMessage(message: WorkerToPage): void };

/** The repo's scenario files, bundled into this worker at build time: the page sends only the author's own. */
const repoFiles: Record<string, string> = Object.fromEntries(bundled.map((f) => [f.path, f.text]));
const project = new ProjectFiles();
project.setAll(repoFiles);
const sessions = new Map<number, PlaySession>();
const cancelled = new Set<number>();

type Handler<M extends EngineMethod> = (params: EngineMethods[M]['params'], job: Job) => EngineMethods[M]['result'] | Promise<EngineMethods[M]['result']>;
type Handlers = { [M in EngineMethod]: Handler<M> };

const handlers: Handlers = {
  'files/author': ({ files }) => {
    project.setAll({ ...repoFiles, ...files });
    return null;
  },
  'files/change': ({ path, text }) => {
    project.change(path, text);
    return null;
  },
  catalog: () => remembered(`catalog`, () => buildCatalog(project)),
  check: ({ entry }) => remembered(`check ${entry}`, () => checkScenario(project, entry)),
  'graph/drawing': ({ entry, variant, state }) => graphDrawing(project, entry, variant, state),
  'tests/list': ({ file }) => listTests(project, file),
  'tests/run': ({ files, only }, job) => runTests(project, files, only, job),
  'simulate/run': (params, job) => simulate(project, params, job),
  'game/start': (params, job) => {
    const compiled = compile(project.host, params.entry, { parse: project.cache.parse, ...(params.variant ? { variant: params.variant } : {}) });
    if (!compiled.value) return { ok: false, diagnostics: compiled.diagnostics.filter((d) => d.severity === 'error') };
    const loaded = loadGraph(compiled.value, { codegen: false });
    if (!loaded.value) return { ok: false, diagnostics: loaded.diagnostics };
    const started = PlaySession.start(compiled.value, loaded.value, params, params.seats, styleFor(project, compiled.value));
    if (!started.session) return { ok: false, diagnostics: started.diagnostics };
    keep(started.session);
    return started.session.play(job);
  },
  // The bots answer after these under the request's job: a search gives way in slices, says who thinks, stops on cancel.
  'game/move': ({ session, seat, option }, job) => withSession(session, (s) => s.move(seat, option, job)),
  'game/goto': ({ session, lineId, cursor }, job) => withSession(session, (s) => s.goto(lineId, cursor, job)),
  'game/seat': ({ session, seat, agent }, job) => withSession(session, (s) => s.setAgent(seat, agent, job)),
  'game/view-as': ({ session, viewer }) => withSession(session, (s) => s.viewAs(viewer)),
  'compare/run': (params, job) => compareScenarios(project, params, job),
  // Picking one witness after another replays each on the same two sides: they are compiled once.
  'compare/replay': ({ a, b, witness }) => {
    const sides = remembered(`compare sides ${a}\n${b}`, () => compileSides(project, [a, b]));
    // an arranged witness starts from one of the search's arrangements, built again once for these sides
    return replayComparedWitness(project, sides, witness, (players, seed) => remembered(`compare arrangements ${a}\n${b}\n${players} ${seed}`, () => sidesArrangements(project, sides, players, seed)));
  },
  'game/open-log': ({ entry, variant, text, game }) => openLog(entry, variant, text, game),
};

/** The catalog, each entry's check and each comparison's compiled sides, kept until a file changes. */
const memo = new FileMemo(project);
const remembered = <T>(key: string, compute: () => T): T => memo.remembered(key, compute);

function keep(session: PlaySession): void {
  sessions.set(session.id, session);
  // The oldest sessions go first (each holds its snapshots).
  while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
}

function withSession<R extends PlayResult | Promise<PlayResult>>(id: number, f: (s: PlaySession) => R): R | PlayResult {
  const s = sessions.get(id);
  return s ? f(s) : { ok: false, diagnostics: [{ code: 'play/no-such-session', severity: 'error', message: 'That game is no longer open; start it again.' }] };
}

/** A `houserules simulate --log` file (untrusted: bounded, validated line by line), opened as a game to step through. */
function openLog(entry: string, variant: string | null, text: string, wanted: number | undefined): PlayResult {
  const fail = (message: string): PlayResult => ({ ok: false, diagnostics: [{ code: 'play/bad-log', severity: 'error', message }] });
  if (typeof text !== 'string' || text.length > MAX_LOG_CHARS) return fail(`A game log may hold at most ${MAX_LOG_CHARS.toLocaleString('en')} characters.`);
  const read = readGameLog(text);
  if (!read.ok) return fail(read.message);
  const logged = wanted === undefined ? read.games[0] : read.games.find((g) => g.game === wanted);
  if (!logged) return fail(wanted === undefined ? 'The log holds no game.' : `The log holds no game ${wanted}.`);
  const h = logged.header;
  if (!h || typeof h.seed !== 'number' || typeof h.players !== 'number' || !Number.isInteger(h.players) || h.players < 1 || h.players > 64) return fail('The game header has no valid seed and player count.');
  const chosenVariant = typeof h.variant === 'string' ? h.variant : variant;
  const compiled = compile(project.host, entry, { parse: project.cache.parse, ...(chosenVariant ? { variant: chosenVariant } : {}) });
  if (!compiled.value) return { ok: false, diagnostics: compiled.diagnostics.filter((d) => d.severity === 'error') };
  const loaded = loadGraph(compiled.value, { codegen: false });
  if (!loaded.value) return { ok: false, diagnostics: loaded.diagnostics };
  const options = h.options && typeof h.options === 'object' ? h.options : {};
  const started = PlaySession.start(compiled.value, loaded.value, { seed: h.seed, players: h.players, options }, new Array(h.players).fill(null), styleFor(project, compiled.value));
  if (!started.session) return { ok: false, diagnostics: started.diagnostics };
  const answers: { seat: number; move: Move; hash?: string }[] = [];
  for (const e of logged.events) {
    if (e.event !== '$answer') continue;
    const data = e.data as { seat?: unknown; move?: unknown };
    if (typeof data?.seat !== 'number' || !isMove(data.move)) return fail('An answer in the log is not a seat and a move.');
    answers.push({ seat: data.seat, move: data.move, ...(e.hash !== undefined ? { hash: e.hash } : {}) });
  }
  const problems = started.session.replayAnswers(answers);
  keep(started.session);
  const state = started.session.state();
  return problems.length > 0 ? { ok: false, diagnostics: problems } : { ok: true, state };
}

function isMove(m: unknown): m is Move {
  if (!m || typeof m !== 'object') return false;
  const o = m as Record<string, unknown>;
  if (o['kind'] === 'choice') return typeof o['ask'] === 'string' && ['string', 'number', 'boolean'].includes(typeof o['value']);
  if (o['kind'] === 'action') return typeof o['action'] === 'string' && Array.isArray(o['args']) && (o['args'] as unknown[]).every((a) => ['string', 'number', 'boolean'].includes(typeof a));
  return false;
}

export async function handle(message: PageToWorker): Promise<void> {
  if (message.kind === 'cancel') {
    cancelled.add(message.id);
    return;
  }
  const { id, method } = message;
  const handler = handlers[method] as Handler<EngineMethod> | undefined;
  if (!handler) {
    scope.postMessage({ kind: 'error', id, message: `unknown method ${String(method)}` });
    return;
  }
  const job = createJob(
    () => cancelled.has(id),
    (progress) => scope.postMessage({ kind: 'progress', id, progress }),
  );
  try {
    const result = await handler(message.params as never, job);
    scope.postMessage({ kind: 'result', id, result });
  } catch (error) {
    // A throw here is a bug in the playground or a package, never a user mistake: say so plainly.
    scope.postMessage({ kind: 'error', id, message: error instanceof Error ? `${error.message}` : String(error) });
  } finally {
    cancelled.delete(id);
  }
}

