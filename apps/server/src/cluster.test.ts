import { describe, expect, it } from 'vitest';
import { restartDelay } from './cluster.ts';

describe('restarting a worker that died', () => {
  it('waits half a second, doubling with each death in the last minute, at most 30 s', () => {
    expect([1, 2, 3, 4, 5].map(restartDelay)).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(restartDelay(7)).toBe(30_000);
    expect(restartDelay(50)).toBe(30_000);
  });
});
