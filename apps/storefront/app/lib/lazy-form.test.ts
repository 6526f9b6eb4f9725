import { describe, expect, it, vi } from 'vitest';
import { formChecks } from './lazy-form.ts';

describe('formChecks (decision 0084)', () => {
  it('loads its module once, however often asked, and is settled once it is here', async () => {
    const importer = vi.fn(() => Promise.resolve({ parseForm: 'the module' }));
    const checks = formChecks(importer);
    expect(checks.module).toBeUndefined();
    expect(checks.settled).toBe(false);
    expect(importer).not.toHaveBeenCalled();
    const first = checks.load();
    const second = checks.load();
    expect(first).toBe(second);
    await first;
    expect(importer).toHaveBeenCalledTimes(1);
    expect(checks.module).toEqual({ parseForm: 'the module' });
    expect(checks.settled).toBe(true);
  });

  it('a module that cannot load settles it without a module (forms go to the server unchecked)', async () => {
    const checks = formChecks(() => Promise.reject(new Error('offline')));
    await expect(checks.load()).resolves.toBeUndefined();
    expect(checks.module).toBeUndefined();
    expect(checks.settled).toBe(true);
  });
});
