import { createHash } from 'node:crypto';
import type { RuleGraph } from '@houserules/schema';

/**
 * A fingerprint of a compiled graph for a simulation partial: the SHA-256 of
 * its JSON without the `file` paths its provenance and module list hold, so
 * the same scenario text checked out in another folder (another machine of a
 * batch job) gives the same fingerprint, and any change to the rules another.
 */
export function graphFingerprint(graph: RuleGraph): string {
  const json = JSON.stringify(graph, (key, value: unknown) => (key === 'file' ? undefined : value));
  return `sha256:${createHash('sha256').update(json).digest('hex')}`;
}
