/**
 * How many games the next chunk holds, so that a chunk takes about
 * `targetMs` whatever the scenario: the progress bar then moves by time (a
 * few times a second), not every N games — a Catan game takes a thousand
 * times a Pig game. The summary does not depend on the chunking (chunks are
 * merged as integers), so sizing by the clock changes nothing but the bar.
 */
export class ChunkSizer {
  private msPerGame: number | undefined;

  constructor(
    private readonly targetMs = 100,
    private readonly max = 1024,
  ) {}

  /** The next chunk's size: one game until the first has been timed. */
  next(): number {
    if (this.msPerGame === undefined) return 1;
    return Math.max(1, Math.min(this.max, Math.floor(this.targetMs / Math.max(this.msPerGame, 1e-3))));
  }

  /** A chunk of `games` took `ms`: the estimate follows it (an average that forgets slowly). */
  record(games: number, ms: number): void {
    if (games <= 0 || !(ms >= 0)) return;
    const sample = ms / games;
    this.msPerGame = this.msPerGame === undefined ? sample : 0.5 * this.msPerGame + 0.5 * sample;
  }
}
