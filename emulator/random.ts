/**
 * Deterministic pseudo-randomness for the seed and for fractional faults. Same inputs, same
 * numbers, on every machine and every start: tests and benchmarks depend on it.
 */

/** Mixes any number of 32-bit integers into one well-spread unsigned 32-bit hash (murmur3 finaliser). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A mulberry32 generator: returns floats in [0, 1), fully determined by `seed`. */
export function createRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Eight lowercase hex digits of `n` (an unsigned 32-bit value). */
export function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, "0");
}
