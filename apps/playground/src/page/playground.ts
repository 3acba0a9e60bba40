// The page's model: what is open, the workspace's files, the last check, and the requests to the engine worker.
// Views read its signals and call its methods; it never draws anything itself.
import { computed, signal } from '@preact/signals';
import type { Diagnostic } from '@houserules/schema';
import type { ComparisonWorker } from '../protocol/comparison-worker.ts';
import type { EngineClient } from '../protocol/engine-client.ts';
import { DEFAULT_ENTRY, type Catalog, type CatalogEntry, type CheckResult, type SourceLink } from '../protocol/engine-protocol.ts';
import { downloadOf, saveDownload } from '../workspace/download.ts';
import { decodeShareLink, encodeShareLink, SHARE_PREFIX, type SharedProject } from '../workspace/share-link.ts';
import { readKept, readState, saveKept, saveState, type KeyValueStore } from '../workspace/storage.ts';
import type { Workspace } from '../workspace/workspace.ts';

export type PanelView = 'problems' | 'tests' | 'simulate' | 'play' | 'compare' | 'graph';

/** On a phone-sized screen one pane is shown at a time: the files, the editor, or the panel. */
export type PhonePane = 'files' | 'editor' | 'panel';

/**
 * Quiet time after a keystroke before the engine worker rechecks: short while its check marks the editor, longer
 * once the language service does (it marks at once; the check then feeds the Problems view, and a check of a
 * long file competing with the language service's analysis would slow the markers down).
 */
const CHECK_DELAY_MS = 250;
const CHECK_DELAY_BEHIND_LANGUAGE_SERVICE_MS = 700;
const SAVE_DELAY_MS = 400;

export interface Notice {
  kind: 'info' | 'error';
  text: string;
  /** a button in the notice (restore the files a link replaced, say) */
  action?: { label: string; run: () => void };
}

/** A shared link that would replace some of the author's edited files: the page asks before it does. */
export interface LinkChoice {
  project: SharedProject;
  /** the author's files the link has another text for */
  conflicts: string[];
}

/** What to do with such a link: open it (the author's versions kept aside, restorable), add only its other files, or leave it. */
export type LinkTake = 'theirs' | 'mine' | 'ignore';

/** Where the editor should go: a file and a range (1-based, end exclusive). */
export interface Reveal {
  file: string;
  range: SourceLink['range'];
  seq: number;
}

export class Playground {
  readonly catalog = signal<Catalog>({ entries: [] });
  readonly entryId = signal<string>(DEFAULT_ENTRY);
  readonly tabs = signal<string[]>([]);
  readonly active = signal<string | null>(null);
  readonly check = signal<CheckResult | null>(null);
  readonly checking = signal(false);
  readonly panel = signal<PanelView>('problems');
  /** the pane a phone-sized screen shows (a wider one shows all three) */
  readonly phonePane = signal<PhonePane>('editor');
  readonly panelWide = signal(false);
  readonly galleryOpen = signal(false);
  readonly notice = signal<Notice | null>(null);
  /** a shared link waiting for the author's answer (it would replace edited files) */
  readonly linkChoice = signal<LinkChoice | null>(null);
  /** called once a shared link has been taken or refused: the page clears it from the address (a reload must not take it again) */
  onLinkTaken: () => void = () => {};
  readonly reveal = signal<Reveal | null>(null);
  /** bumped when the workspace's files change (an edit, a reset, a loaded link) */
  readonly revision = signal(0);
  readonly ready = signal(false);
  readonly cursor = signal<{ file: string; line: number } | null>(null);
  /** the language service marks the editor as the author types (set once its worker answers) */
  languageServiceLive = false;

  readonly entry = computed<CatalogEntry | null>(() => this.catalog.value.entries.find((e) => e.id === this.entryId.value) ?? null);
  readonly entryFile = computed<string>(() => this.entryId.value.split('#')[0]!);
  readonly variant = computed<string | null>(() => this.entryId.value.split('#')[1] ?? null);
  readonly diagnostics = computed<Diagnostic[]>(() => this.check.value?.diagnostics ?? []);
  readonly errorCount = computed(() => this.diagnostics.value.filter((d) => d.severity === 'error').length);
  readonly warningCount = computed(() => this.diagnostics.value.filter((d) => d.severity === 'warning').length);

  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private checkSeq = 0;
  private revealSeq = 0;
  private booted = false;
  private editorShown = false;
  private markedEditable = false;

  constructor(
    readonly workspace: Workspace,
    readonly engine: EngineClient,
    private readonly store: KeyValueStore,
    /** comparisons run in a worker of their own, ended to cancel one */
    readonly comparisons: ComparisonWorker,
  ) {}

  /**
   * Loads the stored workspace, sends the author's files to the worker, opens the entry; then takes a shared link
   * in the fragment, if any (openLink): a link adds its files to the author's, and asks before replacing any.
   */
  async boot(fragment: string): Promise<void> {
    const { state: stored, problem } = readState(this.store);
    if (problem !== null) this.notice.value = { kind: 'error', text: problem };
    let open = DEFAULT_ENTRY;
    let tabs: string[] = [];
    let active: string | null = null;
    if (stored) {
      this.workspace.load(stored.files);
      open = stored.open;
      tabs = stored.tabs;
      active = stored.active;
    }
    const link = fragment.startsWith(SHARE_PREFIX) ? this.readLink(fragment) : null;
    // a link that replaces nothing is opened at once, with the scenario it names
    if (link && link.conflicts.length === 0) {
      this.workspace.load({ ...this.workspace.authored(), ...link.project.files });
      open = link.project.open;
      this.linkOpened(link.project, []);
    }
    const authored = this.workspace.authored();
    if (this.booted || Object.keys(authored).length > 0) await this.engine.request('files/author', { files: authored });
    this.booted = true;
    // The scenario opens (checked) before the gallery's catalog is asked for: the catalog reads every file.
    const file = open.split('#')[0]!;
    if (!this.workspace.has(file)) open = DEFAULT_ENTRY;
    await this.openEntry(open, { tabs, active });
    this.ready.value = true;
    performance.mark('houserules:checked');
    this.markEditable();
    await this.refreshCatalog();
    if (!this.catalog.value.entries.some((e) => e.id === this.entryId.value)) await this.openEntry(DEFAULT_ENTRY);
    else this.addEntryTabs();
    if (link && link.conflicts.length > 0) this.linkChoice.value = link;
  }

  /** A shared link arriving after the page has loaded (pasted into the address bar of an open page). */
  async openLink(fragment: string): Promise<void> {
    const link = this.readLink(fragment);
    if (link === null) return;
    if (link.conflicts.length > 0) this.linkChoice.value = link;
    else await this.takeLink('theirs', link);
  }

  /** A link's files and which of the author's files it would replace; null (and said) when the link is bad. */
  private readLink(fragment: string): LinkChoice | null {
    const decoded = decodeShareLink(fragment);
    if (!decoded.ok) {
      this.notice.value = { kind: 'error', text: decoded.message };
      this.onLinkTaken();
      return null;
    }
    const mine = this.workspace.authored();
    const conflicts = Object.entries(decoded.project.files).flatMap(([path, text]) => (mine[path] !== undefined && mine[path] !== text ? [path] : []));
    return { project: decoded.project, conflicts };
  }

  /** The author's answer to a link that would replace edited files (or a link that replaces nothing: 'theirs'). */
  async takeLink(how: LinkTake, link = this.linkChoice.value): Promise<void> {
    this.linkChoice.value = null;
    if (!link) return;
    if (how === 'ignore') {
      this.onLinkTaken();
      this.notice.value = { kind: 'info', text: 'The shared link was left unopened; your files are as they were.' };
      return;
    }
    const mine = this.workspace.authored();
    if (how === 'theirs' && link.conflicts.length > 0) {
      const kept = saveKept(this.store, Object.fromEntries(link.conflicts.map((p) => [p, mine[p]!])));
      if (!kept.ok) {
        // nowhere to keep them: the link is not opened over them
        this.linkChoice.value = link;
        this.notice.value = { kind: 'error', text: kept.message };
        return;
      }
    }
    const files = how === 'theirs' ? { ...mine, ...link.project.files } : { ...link.project.files, ...mine };
    this.workspace.load(files);
    await this.engine.request('files/author', { files: this.workspace.authored() });
    this.revision.value++;
    this.scheduleSave();
    await this.refreshCatalog();
    const open = this.catalog.value.entries.some((e) => e.id === link.project.open) ? link.project.open : this.entryId.value;
    await this.openEntry(open, { tabs: this.tabs.value });
    this.linkOpened(link.project, how === 'theirs' ? link.conflicts : []);
  }

  private linkOpened(project: SharedProject, replaced: string[]): void {
    this.onLinkTaken();
    const n = Object.keys(project.files).length;
    this.notice.value =
      replaced.length > 0
        ? { kind: 'info', text: `Opened a shared link with ${n} file(s); your version of ${replaced.length} of them is kept aside.`, action: { label: 'Restore mine', run: () => void this.restoreKept() } }
        : { kind: 'info', text: `Opened a shared link with ${n} file(s).` };
  }

  /** The author's files a link replaced, back in place (the link's versions of them go). */
  async restoreKept(): Promise<void> {
    const kept = readKept(this.store);
    if (kept === null) {
      this.notice.value = { kind: 'error', text: 'There are no files kept aside to restore.' };
      return;
    }
    this.workspace.load({ ...this.workspace.authored(), ...kept });
    await this.engine.request('files/author', { files: this.workspace.authored() });
    saveKept(this.store, null);
    this.revision.value++;
    this.scheduleSave();
    await this.recheck();
    this.notice.value = { kind: 'info', text: `Restored your version of ${Object.keys(kept).length} file(s).` };
  }

  /** The editor is on the page (Monaco arrives after the first paint). */
  editorReady(): void {
    this.editorShown = true;
    performance.mark('houserules:editor');
    this.markEditable();
  }

  /** The benchmark reads this mark: from navigation to an open, checked scenario in the editor, editable. */
  private markEditable(): void {
    if (!this.ready.value || !this.editorShown || this.markedEditable) return;
    this.markedEditable = true;
    performance.mark('houserules:editable');
  }

  /** Opens a gallery entry: its file, its tests and the modules it builds on, as tabs (once the catalog is known). */
  async openEntry(id: string, restore: { tabs?: string[]; active?: string | null } = {}): Promise<void> {
    const file = id.split('#')[0]!;
    if (!this.workspace.has(file)) return;
    this.entryId.value = id;
    const kept = (restore.tabs ?? []).filter((t) => this.workspace.has(t));
    this.tabs.value = [...new Set([file, ...kept])];
    this.addEntryTabs();
    this.active.value = restore.active && this.workspace.has(restore.active) ? restore.active : file;
    this.galleryOpen.value = false;
    this.scheduleSave();
    await this.recheck();
  }

  /** The open entry's tests and the modules it builds on join its tabs (after any the author had open). */
  private addEntryTabs(): void {
    const entry = this.entry.value;
    if (!entry) return;
    this.tabs.value = [...new Set([entry.file, ...entry.tests, ...entry.dependencies, ...this.tabs.value])];
  }

  /** A panel view, in front (on a phone, the panel is the pane shown). */
  showPanel(view: PanelView): void {
    this.panel.value = view;
    this.phonePane.value = 'panel';
  }

  openFile(path: string, range?: SourceLink['range']): void {
    if (!this.workspace.has(path)) return;
    this.phonePane.value = 'editor';
    if (!this.tabs.value.includes(path)) this.tabs.value = [...this.tabs.value, path];
    this.active.value = path;
    if (range) this.reveal.value = { file: path, range, seq: ++this.revealSeq };
    this.scheduleSave();
  }

  goTo(link: SourceLink | null): void {
    if (link) this.openFile(link.file, link.range);
  }

  closeTab(path: string): void {
    const tabs = this.tabs.value.filter((t) => t !== path);
    this.tabs.value = tabs;
    if (this.active.value === path) this.active.value = tabs[0] ?? null;
    this.scheduleSave();
  }

  isEditable(path: string): boolean {
    return this.workspace.isEditable(path, this.entryFile.value);
  }

  /** An edit in the editor: kept, sent to the worker, saved, and the scenario rechecked once typing pauses. */
  edit(path: string, text: string): void {
    if (this.workspace.text(path) === text) return;
    this.workspace.set(path, text);
    void this.engine.request('files/change', { path, text });
    this.revision.value++;
    this.scheduleSave();
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => void this.recheck(), this.languageServiceLive ? CHECK_DELAY_BEHIND_LANGUAGE_SERVICE_MS : CHECK_DELAY_MS);
  }

  async resetFile(path: string): Promise<void> {
    const wasNew = this.workspace.origin(path) === 'new';
    this.workspace.reset(path);
    await this.engine.request('files/change', { path, text: this.workspace.text(path) ?? null });
    if (wasNew) this.closeTab(path);
    this.revision.value++;
    this.scheduleSave();
    await this.refreshCatalog();
    await this.recheck();
  }

  /**
   * A new file of the author's (a witness test from Compare, say): kept, sent to the worker, and the gallery read
   * again, so that its tests are the open scenario's at once (the Tests view lists and runs them without a reload).
   */
  async addFile(path: string, text: string): Promise<void> {
    this.workspace.set(path, text);
    await this.engine.request('files/change', { path, text });
    this.revision.value++;
    this.scheduleSave();
    await this.refreshCatalog();
    this.addEntryTabs();
    this.openFile(path);
    await this.recheck();
  }

  /** A new module of the author's that extends the open scenario, ready for overrides. */
  async newHouseRule(): Promise<void> {
    const entry = this.entry.value;
    if (!entry) return;
    const path = this.workspace.freePath(`${entry.module.replace(/\./g, '_')}_house_rules`);
    const name = path.replace(/^scenarios\//, '').replace(/\.rules$/, '').replace(/\//g, '.');
    const text = houseRuleTemplate(name, entry);
    this.workspace.set(path, text);
    await this.engine.request('files/change', { path, text });
    this.revision.value++;
    await this.refreshCatalog();
    const id = this.catalog.value.entries.find((e) => e.file === path)?.id;
    if (id) await this.openEntry(id);
    else this.openFile(path);
  }

  async refreshCatalog(): Promise<void> {
    this.catalog.value = await this.engine.request('catalog', {});
  }

  async recheck(): Promise<void> {
    const seq = ++this.checkSeq;
    this.checking.value = true;
    const result = await this.engine.request('check', { entry: this.entryFile.value });
    if (seq !== this.checkSeq) return;
    this.check.value = result;
    this.checking.value = false;
    // A variant written or removed in the open file: the gallery (and the compare view's lists) follow.
    const listed = this.catalog.value.entries.filter((e) => e.file === this.entryFile.value && e.variant !== null).map((e) => e.variant);
    const checked = result.ok ? result.variants.map((v) => v.name) : listed;
    if (this.catalog.value.entries.length > 0 && listed.join('\n') !== checked.join('\n')) await this.refreshCatalog();
  }

  shareLink(base: string): string {
    return base.replace(/#.*$/, '') + encodeShareLink({ open: this.entryId.value, files: this.workspace.authored() });
  }

  download(): boolean {
    const files = this.workspace.authored();
    const entry = this.entry.value;
    const d = downloadOf(Object.keys(files).length > 0 ? files : entry ? { [entry.file]: this.workspace.text(entry.file) ?? '' } : {});
    if (!d) return false;
    saveDownload(d);
    return true;
  }

  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      const saved = saveState(this.store, { open: this.entryId.value, files: this.workspace.authored(), tabs: this.tabs.value, active: this.active.value });
      if (!saved.ok) this.notice.value = { kind: 'error', text: saved.message };
    }, SAVE_DELAY_MS);
  }
}

function houseRuleTemplate(name: string, entry: CatalogEntry): string {
  const base = entry.module;
  return `// House rules for ${entry.title}: every rule of ${base} applies, except what this module overrides or removes.
module ${name} extends ${base}

scenario "${entry.title} (house rules)" {
  players ${entry.players ? `${entry.players.min}..${entry.players.max}` : '2..4'}
}

// Replace a rule by name (it keeps its place in the firing order), e.g.:
// override rule some_rule on some_event {
//   cite "The sentence of the rulebook this reading implements."
//   …
// }
`;
}
