import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { intlWarmupScript } from './intl-warmup.ts';

describe('intlWarmupScript', () => {
  it("starts the worker with the page's language, its money locale and the shop's currency", () => {
    const posted: unknown[] = [];
    const started: string[] = [];
    class FakeWorker {
      constructor(url: string) {
        started.push(url);
      }
      postMessage(message: unknown) {
        posted.push(message);
      }
    }
    runInNewContext(intlWarmupScript('de', 'CHF'), { Worker: FakeWorker });
    expect(started).toEqual(['/intl-warm.js']);
    expect(posted).toEqual([{ lang: 'de', money: 'de-DE', currency: 'CHF' }]);
  });

  it('cannot close its script element, whatever the currency says', () => {
    expect(intlWarmupScript('en', '</script><b>')).not.toContain('</');
  });

  it('leaves the page alone where workers are refused', () => {
    const refuse = class {
      constructor() {
        throw new Error('refused');
      }
    };
    expect(() => {
      runInNewContext(intlWarmupScript('ru', 'RUB'), { Worker: refuse });
    }).not.toThrow();
  });
});
