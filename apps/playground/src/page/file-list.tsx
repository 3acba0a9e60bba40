import type { Playground } from './playground.ts';

const shortName = (path: string): string => path.replace(/^scenarios\//, '');

/** A file's name as the list shows it: relative to the open scenario's folder when it lies inside it. */
function displayName(path: string, folder: string): string {
  return path.startsWith(folder) ? path.slice(folder.length) : shortName(path);
}

export function FileList({ pg }: { pg: Playground }) {
  void pg.revision.value;
  const entry = pg.entry.value;
  const tabs = pg.tabs.value;
  const groups: { title: string; files: string[] }[] = [];
  if (entry) {
    // the author's new files, but each file listed once: a new test file of the scenario is among its tests
    const own = Object.keys(pg.workspace.authored()).filter((p) => pg.workspace.origin(p) === 'new' && p !== entry.file && !entry.tests.includes(p) && !entry.dependencies.includes(p));
    groups.push({ title: 'Scenario', files: [entry.file] });
    if (entry.tests.length) groups.push({ title: 'Tests', files: entry.tests });
    if (entry.dependencies.length) groups.push({ title: 'Builds on', files: entry.dependencies });
    const others = tabs.filter((t) => t !== entry.file && !entry.tests.includes(t) && !entry.dependencies.includes(t) && !own.includes(t));
    if (others.length) groups.push({ title: 'Also open', files: others });
    if (own.length) groups.push({ title: 'Your files', files: own });
  }
  const counts = new Map<string, { errors: number; warnings: number }>();
  for (const d of pg.diagnostics.value) {
    if (!d.file) continue;
    const c = counts.get(d.file) ?? { errors: 0, warnings: 0 };
    if (d.severity === 'error') c.errors++;
    else if (d.severity === 'warning') c.warnings++;
    counts.set(d.file, c);
  }
  return (
    <nav class="file-list" aria-label="files">
      {groups.map((g) => (
        <section key={g.title}>
          <h3>{g.title}</h3>
          <ul>
            {g.files.map((f) => {
              const origin = pg.workspace.origin(f);
              const c = counts.get(f);
              return (
                <li key={f} class={`${pg.active.value === f ? 'active' : ''}`}>
                  <button class="file" onClick={() => pg.openFile(f)} title={f} data-testid={`file:${f}`}>
                    <span class="file-name">{displayName(f, entry ? entry.file.slice(0, entry.file.lastIndexOf('/') + 1) : '')}</span>
                    {!pg.isEditable(f) && <span class="badge lock" title="read-only">read-only</span>}
                    {origin === 'edited' && <span class="badge edited" title="edited: differs from the repo">edited</span>}
                    {origin === 'new' && <span class="badge new">new</span>}
                    {c && c.errors > 0 && <span class="badge err">{c.errors}</span>}
                    {c && c.errors === 0 && c.warnings > 0 && <span class="badge warn">{c.warnings}</span>}
                  </button>
                  {origin !== 'repo' && (
                    <button class="link reset" title={origin === 'new' ? 'delete this file' : 'back to the repo text'} onClick={() => void pg.resetFile(f)}>
                      {origin === 'new' ? 'delete' : 'reset'}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {entry && (
        <p class="hint">
          Files of <b>{shortName(entry.file.slice(0, entry.file.lastIndexOf('/')))}/</b> are yours to edit; the modules they build on are read-only. Edits stay in this browser.
        </p>
      )}
    </nav>
  );
}
