import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKER_HEAP_MB, restartDelay, workerExecArgv } from './cluster.ts';

describe('restarting a worker that died', () => {
  it('waits half a second, doubling with each death in the last minute, at most 30 s', () => {
    expect([1, 2, 3, 4, 5].map(restartDelay)).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(restartDelay(7)).toBe(30_000);
    expect(restartDelay(50)).toBe(30_000);
  });
});

describe("a worker's heap limit", () => {
  it('adds the default limit when the operator set none', () => {
    expect(workerExecArgv(['--enable-source-maps'], undefined)).toEqual([
      '--enable-source-maps',
      `--max-old-space-size=${DEFAULT_WORKER_HEAP_MB}`,
    ]);
    expect(workerExecArgv([], '--trace-warnings', 384)).toEqual(['--max-old-space-size=384']);
  });

  it("keeps the operator's limit, given as a flag or in NODE_OPTIONS", () => {
    expect(workerExecArgv(['--max-old-space-size=2048'], undefined)).toEqual([
      '--max-old-space-size=2048',
    ]);
    expect(workerExecArgv([], '--trace-warnings --max_old_space_size=300')).toEqual([]);
    expect(workerExecArgv(['--max-old-space-size', '700'], '')).toEqual([
      '--max-old-space-size',
      '700',
    ]);
  });
});
