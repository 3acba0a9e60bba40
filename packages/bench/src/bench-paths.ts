import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bench package's folder. `pnpm bench` runs a bundle in `dist/` and the
 * tests run the sources in `src/`: both sit one level below it, so paths made
 * from here hold for either.
 */
export const benchPackageDir = fileURLToPath(new URL('..', import.meta.url));

export const repoRoot = join(benchPackageDir, '../..');

/** A file of this package, by its path in the package (`src/…`, `scenarios/…`). */
export const benchFile = (path: string): string => join(benchPackageDir, path);

/** The base game without trades between players (catanatron's action set): the Catan goal's workload. */
export const NO_PLAYER_TRADES_FILE = benchFile('scenarios/catan-no-player-trades.rules');
