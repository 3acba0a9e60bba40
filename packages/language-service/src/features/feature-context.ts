import type { UriMapping } from '../positions/uri-mapping.ts';
import type { Workspace } from '../workspace/workspace.ts';
import type { CoverageStore } from './coverage-store.ts';

/** What every feature reads: the workspace, the URI mapping and the last coverage run. */
export interface FeatureContext {
  workspace: Workspace;
  uris: UriMapping;
  coverage: CoverageStore;
}
