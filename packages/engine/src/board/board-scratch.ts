/**
 * Per-board work buffers so that searches allocate nothing per call. Marks use
 * a generation stamp: bumping the stamp clears every mark at once.
 * JavaScript runs one search at a time, so one set of buffers per board is enough.
 */
export class BoardScratch {
  readonly nodeMark: Int32Array;
  readonly nodeValue: Int32Array;
  readonly queue: Int32Array;
  readonly edgeMark: Int32Array;
  private stamp = 0;
  /** Visited flags for trail search, one per (layer, edge); grown on demand. */
  trailVisited: Uint8Array;

  constructor(nodeCount: number, edgeCount: number) {
    this.nodeMark = new Int32Array(nodeCount);
    this.nodeValue = new Int32Array(nodeCount);
    this.queue = new Int32Array(Math.max(nodeCount, edgeCount));
    this.edgeMark = new Int32Array(edgeCount);
    this.trailVisited = new Uint8Array(edgeCount);
    this.trailSeen = new Int32Array(edgeCount);
    this.trailPieces = new Int32Array(edgeCount);
  }

  /** A fresh stamp: marks equal to it are set, any other value is clear. */
  nextStamp(): number {
    this.stamp++;
    if (this.stamp === 0x7fffffff) {
      this.nodeMark.fill(0);
      this.edgeMark.fill(0);
      this.trailSeen.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Stamps of the (layer, edge) pieces any trail search walked; grown on demand. */
  trailSeen: Int32Array;

  /** A list of the (layer, edge) pieces a trail search runs over; grown on demand. */
  trailPieces: Int32Array;

  trailPieceBuffer(size: number): Int32Array {
    if (this.trailPieces.length < size) this.trailPieces = new Int32Array(size);
    return this.trailPieces;
  }

  trailBuffer(size: number): Uint8Array {
    if (this.trailVisited.length < size) this.trailVisited = new Uint8Array(size);
    return this.trailVisited;
  }

  trailSeenBuffer(size: number): Int32Array {
    if (this.trailSeen.length < size) this.trailSeen = new Int32Array(size);
    return this.trailSeen;
  }
}
