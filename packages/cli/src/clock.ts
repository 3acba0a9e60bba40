/**
 * Milliseconds on a monotonic clock, for the times a command reports (games a
 * second, a chunk's time). `process.hrtime` is part of every Node process;
 * `perf_hooks`' `performance` loads ten internal modules for the same reading
 * (a warm `simulate --games 1`: 953M instructions with it, 947M without).
 */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
