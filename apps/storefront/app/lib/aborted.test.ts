import { describe, expect, it } from 'vitest';
import { isAbortedNavigation } from './aborted.ts';

describe('isAbortedNavigation', () => {
  it('knows an abort without a reason, as the router raises it', () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbortedNavigation(controller.signal.reason)).toBe(true);
    expect(isAbortedNavigation(new DOMException('stopped', 'AbortError'))).toBe(true);
  });

  it('lets every other rejection through', () => {
    expect(isAbortedNavigation(new Error('signal is aborted without reason'))).toBe(false);
    expect(isAbortedNavigation(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortedNavigation('AbortError')).toBe(false);
    expect(isAbortedNavigation(null)).toBe(false);
    expect(isAbortedNavigation(undefined)).toBe(false);
  });
});
