/**
 * Edits received and not yet applied, by document URI. The message gate
 * counts a `didChange` as it arrives (before the connection queues it); the
 * server counts it applied when its handler runs. A request on a document
 * with an edit waiting was asked about a text the editor no longer has: the
 * server answers it ContentModified instead of computing an answer nobody
 * will use while the edit (and its diagnostics) wait behind it.
 *
 * Holds only documents with an edit in the queue: an entry goes when its
 * count is back to 0, so it is bounded by the messages queued.
 */
export class EditsInFlight {
  private readonly waitingEdits = new Map<string, number>();

  /** a `didChange` on `uri` passed the gate */
  arrived(uri: string): void {
    this.waitingEdits.set(uri, (this.waitingEdits.get(uri) ?? 0) + 1);
  }

  /** the server took it (applied or not) */
  applied(uri: string): void {
    const n = (this.waitingEdits.get(uri) ?? 0) - 1;
    if (n > 0) this.waitingEdits.set(uri, n);
    else this.waitingEdits.delete(uri);
  }

  /** whether an edit of `uri` arrived that the server has not taken yet */
  waiting(uri: string): boolean {
    return this.waitingEdits.has(uri);
  }
}
