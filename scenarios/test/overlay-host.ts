// A module host over the repository's files in which some paths hold given texts instead (an edited
// copy of a shipped file, a docs example placed where its relative imports resolve): the compiler's
// overlayHost over the scenarios' own host.
import { overlayHost, type ModuleHost } from '@houserules/compiler';
import { scenarioHost } from './load-scenario.ts';

/** the repository's files, with the paths of `overlay` holding its texts instead */
export function hostWith(overlay: Map<string, string>): ModuleHost {
  return overlayHost(scenarioHost, overlay);
}
