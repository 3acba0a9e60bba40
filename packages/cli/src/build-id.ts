/**
 * The identity of this build of the command: scripts/build.mjs replaces the
 * placeholder below, in the bundle it writes, with the SHA-256 of all the
 * bundle's code. Run from source (the tests), it stays the placeholder and the
 * command has no build identity: the compile cache is off.
 */
const BUILD_ID = '__houserules_build_id__00000000000000000000000000000000000000000';

export function buildId(): string | null {
  return BUILD_ID.startsWith('__houserules_build_id__') ? null : BUILD_ID;
}
