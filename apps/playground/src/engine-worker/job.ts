// A long request (a simulation, a test suite) runs in slices: between two slices it gives the worker's message
// loop a turn, so a check or a move sent meanwhile is answered, and a cancel is seen at once.

export interface Job {
  /** true once the page asked to stop this request */
  readonly cancelled: boolean;
  /** lets other messages through when the current slice has run long enough */
  breathe(): Promise<void>;
  progress(value: unknown): void;
}

/** How long a slice runs before it gives way (ms). */
export const SLICE_MS = 30;

const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
const waiting: (() => void)[] = [];
if (channel) channel.port1.onmessage = () => waiting.shift()?.();

/** One turn of the event loop (a message, not setTimeout, which browsers clamp to 4 ms when nested). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (!channel) {
      setTimeout(resolve, 0);
      return;
    }
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

export function createJob(isCancelled: () => boolean, report: (value: unknown) => void): Job {
  let sliceStart = performance.now();
  return {
    get cancelled() {
      return isCancelled();
    },
    async breathe() {
      if (performance.now() - sliceStart < SLICE_MS) return;
      await nextTurn();
      sliceStart = performance.now();
    },
    progress: report,
  };
}
