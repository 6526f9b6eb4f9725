/**
 * mulberry32: a tiny 32-bit PRNG, the same numbers from the same seed on every platform. For data
 * that must come out identical on every run (the demo catalogue and its pictures, a benchmark's
 * keys), never for anything secret.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
