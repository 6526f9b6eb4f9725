import { describe, expect, it } from 'vitest';
import { mulberry32 } from './random.ts';

describe('mulberry32', () => {
  it('gives the same sequence for the same seed, another for another seed', () => {
    const take = (seed: number) => Array.from({ length: 5 }, mulberry32(seed));
    expect(take(26)).toEqual(take(26));
    expect(take(26)).not.toEqual(take(27));
  });

  it('answers the reference sequence (the demo data and benchmark keys depend on it)', () => {
    const next = mulberry32(1);
    // mulberry32(1)'s first three values × 2^32 (0.6270739405881613, …).
    expect([next(), next(), next()].map((x) => x * 4_294_967_296)).toEqual([
      2693262067, 11749833, 2265367787,
    ]);
  });

  it('stays in [0, 1) and reads a seed as its 32 unsigned bits', () => {
    const values = Array.from({ length: 1000 }, mulberry32(7));
    expect(values.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Array.from({ length: 3 }, mulberry32(-1))).toEqual(
      Array.from({ length: 3 }, mulberry32(0xffffffff)),
    );
  });
});
