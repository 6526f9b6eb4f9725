import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadAfterChunkError } from './error-screen.tsx';

function fakeBrowser() {
  const store = new Map<string, string>();
  const reload = vi.fn();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  });
  vi.stubGlobal('window', { location: { reload } });
  return reload;
}

describe('a failed chunk load (spec section 2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const chunkError = new TypeError(
    'Failed to fetch dynamically imported module: /assets/route-abc.js',
  );

  it('reloads the page', () => {
    const reload = fakeBrowser();
    expect(reloadAfterChunkError(chunkError)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('at most once per minute', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const reload = fakeBrowser();
    expect(reloadAfterChunkError(chunkError)).toBe(true);
    vi.setSystemTime(new Date('2026-11-22T10:00:59Z'));
    expect(reloadAfterChunkError(chunkError)).toBe(false);
    vi.setSystemTime(new Date('2026-11-22T10:01:00Z'));
    expect(reloadAfterChunkError(chunkError)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('leaves other errors to the error screen', () => {
    const reload = fakeBrowser();
    expect(reloadAfterChunkError(new Error('Something else'))).toBe(false);
    expect(reloadAfterChunkError('not an error')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
