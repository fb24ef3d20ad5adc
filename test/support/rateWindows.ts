/**
 * The rate-limit windows a platform may keep, as the emulator offers them, and the check that
 * reads the emulator's request log the way such a server counts. The vendor documents "50
 * requests per second" without saying whether a window is fixed or sliding or on which clock,
 * so the tests that hold the client to the limits run against each of these.
 */
import type { Emulator, OperationName, RateLimitConfig, RateWindowKind } from "pulumi-flashduty-emulator";

/** One kind of platform: its window kind and how far its clock is off ours (ms). */
export interface RateWindowCase {
  name: string;
  window: RateWindowKind;
  clockOffsetMs: number;
}

/** Fixed and sliding windows, and each on a server clock 30 s off ours (ahead for fixed, behind for sliding). */
export const RATE_WINDOW_CASES: readonly RateWindowCase[] = [
  { name: "fixed windows", window: "fixed", clockOffsetMs: 0 },
  { name: "sliding windows", window: "sliding", clockOffsetMs: 0 },
  { name: "fixed windows, server clock 30 s ahead", window: "fixed", clockOffsetMs: 30_000 },
  { name: "sliding windows, server clock 30 s behind", window: "sliding", clockOffsetMs: -30_000 },
];

/** `limits` with the window kind and clock of `kind`. */
export function limitsFor(kind: RateWindowCase, limits: { perSecond: number; perMinute: number }): RateLimitConfig {
  return { ...limits, window: kind.window, clockOffsetMs: kind.clockOffsetMs };
}

/**
 * The most requests of `operation` that reached the emulator within any `windowMs` (a sliding
 * window over the arrival times in its request log): what a sliding-window server counts, and
 * at least what a fixed-window one does.
 */
export function busiestWindow(emulator: Emulator, operation: OperationName, windowMs = 1_000): number {
  const times = emulator
    .requestLog()
    .filter((e) => e.operation === operation)
    .map((e) => e.receivedAt)
    .sort((a, b) => a - b);
  let busiest = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= windowMs) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  return busiest;
}
