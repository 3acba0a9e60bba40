import { CodeSpans } from '../code-spans.tsx';
import type { Playground } from '../playground.ts';

export function ProblemsView({ pg }: { pg: Playground }) {
  const check = pg.check.value;
  const list = pg.diagnostics.value;
  if (!check) return <p class="muted pad">Checking…</p>;
  return (
    <div class="problems" data-testid="problems">
      <p class="summary" data-testid="check-summary" data-checked-by={check.built ? 'build' : 'page'}>
        {check.title ?? check.entry}: base game{check.variants.length > 0 && ` and ${check.variants.map((v) => v.name).join(', ')}`}, with its tests,{' '}
        {check.built ? (
          // the build's answer: its time is the build machine's, not this page's (the page's own check says it)
          'checked when the playground was built.'
        ) : (
          <>
            checked in <span data-testid="check-ms">{check.ms.toFixed(0)}</span> ms.
          </>
        )}
      </p>
      {list.length === 0 && <p class="all-good">✓ No problems. Every rule resolves, every type checks.</p>}
      <ul class="diagnostics">
        {list.map((d, i) => (
          <li key={i} class={`diag ${d.severity}`}>
            <button class="diag-main" onClick={() => d.file && d.range && pg.openFile(d.file, d.range)}>
              <span class={`sev ${d.severity}`}>{d.severity}</span>
              <code class="code">{d.code}</code>
              <span class="message">
                <CodeSpans text={d.message} />
              </span>
              {d.file && (
                <span class="where">
                  {d.file.replace(/^scenarios\//, '')}
                  {d.range && `:${d.range.start.line}:${d.range.start.column}`}
                </span>
              )}
            </button>
            {d.hint && (
              <div class="hint">
                <CodeSpans text={d.hint} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
