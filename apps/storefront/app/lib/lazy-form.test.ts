import { describe, expect, it, vi } from 'vitest';
import { CHECKS_TIMEOUT_MS, formChecks, holdSends, submitForm } from './lazy-form.ts';

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

describe('formChecks: a time limit (a hanging import on a lossy link)', () => {
  it('a wait ends without a module after the time limit; a module arriving later still checks', async () => {
    vi.useFakeTimers();
    try {
      let arrive = (_module: { parseForm: string }) => {};
      const checks = formChecks(
        () => new Promise<{ parseForm: string }>((resolve) => (arrive = resolve)),
        4000,
      );
      let done = false;
      void checks.wait().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(3999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      // Late is not settled: the next press waits for the module again.
      expect(checks.settled).toBe(false);
      expect(checks.module).toBeUndefined();
      arrive({ parseForm: 'late' });
      await vi.advanceTimersByTimeAsync(0);
      expect(checks.module).toEqual({ parseForm: 'late' });
      expect(checks.settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the limit counts from each wait (the press), not from the first request (the focus)', async () => {
    vi.useFakeTimers();
    try {
      const checks = formChecks(() => new Promise<never>(() => {}), 4000);
      // Focused: loading begins.
      void checks.load();
      await vi.advanceTimersByTimeAsync(3900);
      // Pressed 3.9 s later: it gets the whole 4 s, not the 0.1 s left of the focus's.
      const held = holdSends(checks);
      const sent: string[] = [];
      expect(press(held, sent)).toBe(false);
      await vi.advanceTimersByTimeAsync(3999);
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toEqual(['save']);
      // A later press is held again, with the whole limit again.
      expect(press(held, sent)).toBe(false);
      await vi.advanceTimersByTimeAsync(3999);
      expect(sent).toEqual(['save']);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toEqual(['save', 'save']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a wait ends as soon as the module arrives', async () => {
    vi.useFakeTimers();
    try {
      let arrive = (_module: { parseForm: string }) => {};
      const checks = formChecks(
        () => new Promise<{ parseForm: string }>((resolve) => (arrive = resolve)),
        4000,
      );
      let done = false;
      void checks.wait().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(100);
      arrive({ parseForm: 'here' });
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toBe(true);
      // Settled: a wait ends at once.
      await expect(checks.wait()).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the default limit is about four seconds', () => {
    expect(CHECKS_TIMEOUT_MS).toBe(4000);
  });
});

/**
 * One press of a "Save" button on `held`. Its re-send presses again, as `requestSubmit` does, and
 * that press must pass: noted in `sent` as 'save' (or 'held again').
 */
function press(held: ReturnType<typeof holdSends>, sent: string[]) {
  const resend = () => sent.push(held({ name: 'intent' }, resend) ? 'save' : 'held again');
  return held({ name: 'intent' }, resend);
}

/** Checks that settle when `settle()` is called. */
function pendingChecks() {
  let settle = () => {};
  let settled = false;
  const loaded = new Promise<void>((resolve) => (settle = resolve)).then(() => {
    settled = true;
  });
  const checks = {
    get settled() {
      return settled;
    },
    wait: vi.fn(() => loaded),
  };
  return { checks, settle: () => (settle(), loaded) };
}

describe('holdSends (the hold of useLazyShopForm)', () => {
  const place = { name: 'intent', value: 'place' };
  const enter = { name: 'intent', value: 'place-default' };
  const places = { name: 'intent', value: 'places', formNoValidate: true };

  it('holds a send until the checks settle, then re-sends once, with the button pressed last', async () => {
    const { checks, settle } = pendingChecks();
    const held = vi.fn();
    const press = holdSends(checks, held);
    const sent: string[] = [];
    expect(press(place, () => sent.push('place'))).toBe(false);
    expect(press(enter, () => sent.push('enter'))).toBe(false);
    expect(held).toHaveBeenLastCalledWith(enter);
    expect(checks.wait).toHaveBeenCalledTimes(1);
    await settle();
    expect(sent).toEqual(['enter']);
    expect(held).toHaveBeenLastCalledWith(undefined);
    // Settled: every press passes.
    expect(press(place, () => sent.push('again'))).toBe(true);
    expect(sent).toEqual(['enter']);
  });

  it('a button that is never checked (formnovalidate) passes while a send is held, and the held send still goes', async () => {
    const { checks, settle } = pendingChecks();
    const press = holdSends(checks);
    const sent: string[] = [];
    // The checkout's "update places" on hydration, then the shopper's "Place order".
    expect(press(places, () => sent.push('places'))).toBe(true);
    expect(press(place, () => sent.push('place'))).toBe(false);
    expect(press(places, () => sent.push('places'))).toBe(true);
    await settle();
    expect(sent).toEqual(['place']);
  });

  it("Conform's own controls pass", () => {
    const { checks } = pendingChecks();
    expect(holdSends(checks)({ name: '__intent__' }, () => {})).toBe(true);
  });
});

describe('submitForm (browsers without requestSubmit)', () => {
  it('uses requestSubmit with the submitter where there is one', () => {
    const requestSubmit = vi.fn();
    const submitter = { click: vi.fn() };
    submitForm(
      { requestSubmit } as unknown as HTMLFormElement,
      submitter as unknown as HTMLElement,
    );
    expect(requestSubmit).toHaveBeenCalledWith(submitter);
    expect(submitter.click).not.toHaveBeenCalled();
  });

  it('clicks the submitter where requestSubmit is missing or refuses it', () => {
    const submitter = { click: vi.fn() };
    submitForm({} as unknown as HTMLFormElement, submitter as unknown as HTMLElement);
    const refusing = vi.fn(() => {
      throw new DOMException('not this form', 'NotFoundError');
    });
    submitForm(
      { requestSubmit: refusing } as unknown as HTMLFormElement,
      submitter as unknown as HTMLElement,
    );
    expect(submitter.click).toHaveBeenCalledTimes(2);
  });

  it('without requestSubmit or a submitter, clicks a hidden submit button added for the moment', () => {
    const button = { type: '', hidden: false, click: vi.fn(), remove: vi.fn() };
    const append = vi.fn();
    const form = { ownerDocument: { createElement: () => button }, append };
    submitForm(form as unknown as HTMLFormElement, null);
    expect(append).toHaveBeenCalledWith(button);
    expect(button).toMatchObject({ type: 'submit', hidden: true });
    expect(button.click).toHaveBeenCalledTimes(1);
    expect(button.remove).toHaveBeenCalledTimes(1);
  });
});
