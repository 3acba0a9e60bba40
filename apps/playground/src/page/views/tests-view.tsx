import { useEffect } from 'preact/hooks';
import type { CoverageReport, TestReport } from '../../protocol/engine-protocol.ts';
import { onEditor } from '../editor-pane.tsx';
import type { Playground } from '../playground.ts';
import { keyOf, testBench } from '../test-bench.ts';

export function TestsView({ pg }: { pg: Playground }) {
  const bench = testBench(pg);
  // The ▶ above each test block and the gutter marks, once the editor (loaded after the first paint) is there.
  useEffect(() => onEditor((host) => void import('../../editor/test-decorations.ts').then(({ installTestDecorations }) => installTestDecorations(host, pg, bench))), []);
  const blocks = bench.blocks.value;
  const running = bench.running.value;
  const run = bench.lastRun.value;
  const total = [...blocks.values()].reduce((n, b) => n + b.length, 0);
  const selected = bench.selected.value ? bench.results.value.get(bench.selected.value) : undefined;
  const stale = bench.stale.value;
  return (
    <div class="tests-view" data-testid="tests-view">
      <div class="toolbar">
        <button class="btn primary" data-testid="run-all-tests" disabled={running !== null || total === 0} onClick={() => void bench.runAll()}>
          ▶ Run all {total} tests
        </button>
        {running && (
          <>
            <progress max={Math.max(1, running.total)} value={running.done} />
            <span class="muted">
              {running.done}/{running.total}
            </span>
            <button class="btn" onClick={() => bench.stop()}>
              Stop
            </button>
          </>
        )}
        {!running && run && (
          <span class={`test-summary${stale ? ' stale' : ''}`} data-testid="test-summary" data-stale={String(stale)} title={stale ? 'The files changed since this run: run the tests again' : ''}>
            <span class="pass">{bench.passed.value} passed</span>
            {bench.failed.value > 0 && <span class="fail">, {bench.failed.value} failed</span>}
            <span class="muted"> · {run.ms.toFixed(0)} ms</span>
            {stale && <span class="stale-note"> · before your last edit</span>}
          </span>
        )}
        <span class="spacer" />
        <label class="toggle" title="Colour each rule in the gutter by how many tests fire it">
          <input type="checkbox" checked={bench.heatMap.value} onChange={(e) => (bench.heatMap.value = (e.target as HTMLInputElement).checked)} /> coverage heat map
        </label>
      </div>
      {total === 0 && <p class="muted pad">This scenario has no test files yet. A test is a `test "…" {'{'} … {'}'}` block in a module that extends the scenario.</p>}
      {[...blocks].map(([file, list]) => (
        <section key={file} class="test-file">
          <h4>
            {file.replace(/^scenarios\//, '')}
            <button class="link" onClick={() => void bench.run([file])} disabled={running !== null}>
              run file
            </button>
          </h4>
          {run?.files.find((f) => f.file === file)?.diagnostics.filter((d) => d.severity === 'error').map((d, i) => (
            <p key={i} class="diag error">
              {d.code}: {d.message}
            </p>
          ))}
          <ul class="tests">
            {list.map((b) => {
              const r = bench.result(file, b.name);
              const key = keyOf(file, b.name);
              return (
                <li key={key} class={`test ${r?.status ?? 'not-run'}${bench.selected.value === key ? ' selected' : ''}${stale && r ? ' stale' : ''}`} data-testid="test-row" data-status={r?.status ?? 'not-run'} data-stale={String(stale && r !== undefined)}>
                  <button class="run" title="run this test" disabled={running !== null} onClick={() => void bench.runOne(file, b.name)}>
                    ▶
                  </button>
                  <span class="mark">{r ? (r.status === 'passed' ? '✓' : '✗') : '·'}</span>
                  <button class="test-name" onClick={() => (r ? bench.open(r) : pg.openFile(file, b.range))}>
                    {b.name}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {selected?.failure && <FailureDetail t={selected} pg={pg} stale={stale} />}
      {run && run.coverage.map((c) => <CoverageSection key={c.scenario} c={c} pg={pg} />)}
    </div>
  );
}

function FailureDetail({ t, pg, stale }: { t: TestReport; pg: Playground; stale: boolean }) {
  const f = t.failure!;
  return (
    <section class={`failure${stale ? ' stale' : ''}`} data-testid="failure" data-stale={String(stale)}>
      {stale && <p class="stale-note">From the run before your last edit: run the test again to see whether it still fails.</p>}
      <h4>
        ✗ {t.name} <code>{f.code}</code>
      </h4>
      <p>{f.message}</p>
      <button class="step-link" onClick={() => pg.openFile(f.file, f.range)}>
        <code>{f.text}</code> <span class="muted">{f.file.replace(/^scenarios\//, '')}:{f.range.start.line}</span>
      </button>
      {(f.expected !== undefined || f.actual !== undefined) && (
        <table class="expected-actual">
          <tbody>
            <tr>
              <th>expected</th>
              <td>
                <code>{f.expected}</code>
              </td>
            </tr>
            <tr>
              <th>actual</th>
              <td>
                <code>{f.actual}</code>
              </td>
            </tr>
          </tbody>
        </table>
      )}
      {f.events.length > 0 && (
        <details open>
          <summary>the events before it</summary>
          <ol class="events">
            {f.events.map((e, i) => (
              <li key={i}>
                <code>{e}</code>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

function CoverageSection({ c, pg }: { c: CoverageReport; pg: Playground }) {
  const fired = c.rules.filter((r) => r.tests > 0).length;
  const sorted = [...c.rules].sort((a, b) => a.tests - b.tests || a.name.localeCompare(b.name));
  return (
    <section class="coverage" data-testid="coverage">
      <h4>
        Coverage · {c.title}{' '}
        <span class={`pct ${c.threshold !== null && c.percent < c.threshold ? 'below' : ''}`}>
          {c.percent}% of rules fired{c.threshold !== null && ` (threshold ${c.threshold}%)`}
        </span>
      </h4>
      <div class="heat-legend">
        <span class="heat-swatch heat-0" /> never <span class="heat-swatch heat-1" /> 1 test <span class="heat-swatch heat-2" /> 2–3 <span class="heat-swatch heat-3" /> 4+ · {fired}/{c.rules.length} rules
      </div>
      <ul class="rule-heat">
        {sorted.map((r) => (
          <li key={r.id}>
            <button class={`rule-chip heat-${r.tests === 0 ? 0 : r.tests === 1 ? 1 : r.tests < 4 ? 2 : 3}`} onClick={() => pg.goTo(r.link)} title={r.cite ?? ''} data-testid="rule-chip" data-rule={r.name} data-tests={r.tests}>
              {r.name} <span class="muted">{r.tests}</span>
            </button>
          </li>
        ))}
      </ul>
      {c.sentences > 0 && (
        <>
          <h5>Rulebook sentences no rule cites ({c.uncited.length} of {c.sentences})</h5>
          {c.uncited.length === 0 ? <p class="muted">Every sentence is implemented or marked as flavour.</p> : <ul class="sentences">{c.uncited.map((s) => <li key={s}>“{s}”</li>)}</ul>}
          <details>
            <summary>Sentences no test cites ({c.untested.length})</summary>
            <ul class="sentences">{c.untested.map((s) => <li key={s}>“{s}”</li>)}</ul>
          </details>
        </>
      )}
    </section>
  );
}
