import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  AFTER_LOAD_FALLBACK_MS,
  DEFERRED_SCRIPT_ID,
  LOADER,
  scriptsAfterPaint,
  scriptsAfterPaintBytes,
} from './scripts-after-paint.server.ts';

// The shape React Router 7 writes (head preloads, the inline module script at the body's end).
const moduleText = `import * as route0 from "/assets/root-A.js";\nimport("/assets/entry.client-B.js");`;
const shell =
  '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="N0nce=="/>' +
  '<link rel="modulepreload" href="/assets/root-A.js" nonce="N0nce=="/></head><body><main id="main">Shop</main>' +
  '<script nonce="N0nce==">window.__reactRouterContext = {};</script>' +
  `<script nonce="N0nce==" type="module" async="">${moduleText}</script></body></html>`;

describe('scriptsAfterPaint', () => {
  it('moves the module preloads and the module script behind the loader', () => {
    const out = scriptsAfterPaint(shell);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain(
      `<script nonce="N0nce==" type="text/x-after-paint" id="${DEFERRED_SCRIPT_ID}" data-preloads="/assets/entry.client-B.js /assets/root-A.js">${moduleText}</script>`,
    );
    expect(out).toContain(`<script nonce="N0nce==">${LOADER}</script></body></html>`);
    // What came before the scripts is untouched.
    expect(out).toContain(
      '<main id="main">Shop</main><script nonce="N0nce==">window.__reactRouterContext',
    );
  });

  it('leaves a shell without React Router’s module script as it is', () => {
    const plain = '<!DOCTYPE html><html><body><main>Offline</main></body></html>';
    expect(scriptsAfterPaint(plain)).toBe(plain);
  });

  it('leaves the shell alone when a preload address is not a plain path', () => {
    const odd = shell.replace('/assets/root-A.js" nonce', '/assets/root A.js" nonce');
    expect(scriptsAfterPaint(odd)).toBe(odd);
  });
});

describe('scriptsAfterPaintBytes', () => {
  // React Router 8's order: the preloads just before the module script, at the body's end.
  const late =
    '<!DOCTYPE html><html lang="de"><head><title>Grüße – Läden</title></head><body>' +
    '<main id="main">Größe: 12 € · 日本</main>' +
    '<script nonce="N0nce==">window.__reactRouterContext = {};</script>' +
    '<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="N0nce=="/>' +
    '<link rel="modulepreload" href="/assets/root-A.js" nonce="N0nce=="/>' +
    `<script nonce="N0nce==" type="module" async="">${moduleText}</script>` +
    '<script>window.__data = "Bücher"</script></body></html>';

  it.each([
    ['the preloads in the head', shell],
    [
      'the preloads in the head, letters of several bytes after',
      shell.replace('Shop', 'Größe 日本'),
    ],
    ['the preloads before the script, letters of several bytes around', late],
    [
      'a preload after the script',
      late.replace('</body>', '<link rel="modulepreload" href="/x.js"/></body>'),
    ],
  ])('rewrites the bytes as the string rewrite does: %s', (_, html) => {
    const out = scriptsAfterPaintBytes(Buffer.from(html));
    expect(out.toString('utf8')).toBe(scriptsAfterPaint(html));
    expect(out.toString('utf8')).not.toContain('rel="modulepreload"');
  });

  it('answers the same buffer when there is nothing to rewrite', () => {
    for (const html of [
      '<!DOCTYPE html><html><body><main>Offline</main></body></html>',
      late.replace('/assets/root-A.js" nonce', '/assets/root A.js" nonce'),
    ]) {
      const bytes = Buffer.from(html);
      expect(scriptsAfterPaintBytes(bytes)).toBe(bytes);
    }
  });
});

/** A browser just big enough for the loader: elements, events, timers, the LCP observer. */
function fakeBrowser(options: { lcp?: boolean; images?: { complete: boolean }[] } = {}) {
  const listeners = new Map<string, Set<() => void>>();
  const appended: { parent: string; el: Record<string, string> }[] = [];
  const timers: { at: number; fn: () => void }[] = [];
  let now = 0;
  let observerCallback: (() => void) | null = null;
  const source = {
    textContent: moduleText,
    getAttribute: (name: string) =>
      name === 'data-preloads' ? '/assets/entry.client-B.js /assets/root-A.js' : null,
  };
  const node = (parent: string) => ({
    appendChild: (el: Record<string, string>) => appended.push({ parent, el }),
  });
  const document = {
    readyState: 'interactive',
    currentScript: { nonce: 'N0nce==' },
    head: node('head'),
    body: node('body'),
    getElementById: (id: string) => (id === DEFERRED_SCRIPT_ID ? source : null),
    createElement: (tag: string) => ({ tag }),
    querySelectorAll: (selector: string) =>
      selector === 'img[fetchpriority=high]' ? (options.images ?? []) : [],
  };
  const window = {
    addEventListener: (type: string, fn: () => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)?.add(fn);
    },
    removeEventListener: (type: string, fn: () => void) => listeners.get(type)?.delete(fn),
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.lcp === false ? ['paint'] : ['largest-contentful-paint'];
    constructor(callback: () => void) {
      observerCallback = callback;
    }
    observe() {}
    disconnect() {
      observerCallback = null;
    }
  }
  const setTimeout = (fn: () => void, ms: number) => timers.push({ at: now + ms, fn });
  runInNewContext(LOADER, { document, window, PerformanceObserver, setTimeout });
  return {
    appended,
    fire: (type: string) => [...(listeners.get(type) ?? [])].forEach((fn) => fn()),
    loaded: () => {
      document.readyState = 'complete';
      [...(listeners.get('load') ?? [])].forEach((fn) => fn());
    },
    lcp: () => observerCallback?.(),
    tick: (ms: number) => {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.fn();
      }
    },
    started: () => appended.some(({ el }) => el.type === 'module'),
  };
}

describe('the loader', () => {
  it('starts the scripts after the largest paint, once, preloads first and with the nonce', () => {
    const page = fakeBrowser({ images: [{ complete: true }] });
    page.tick(10_000);
    expect(page.started()).toBe(false);
    page.lcp();
    page.tick(0);
    expect(page.appended).toEqual([
      {
        parent: 'head',
        el: { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-B.js' },
      },
      { parent: 'head', el: { tag: 'link', rel: 'modulepreload', href: '/assets/root-A.js' } },
      {
        parent: 'body',
        el: { tag: 'script', type: 'module', nonce: 'N0nce==', textContent: moduleText },
      },
    ]);
    page.lcp();
    page.fire('pointerdown');
    page.loaded();
    page.tick(10_000);
    expect(page.appended).toHaveLength(3);
  });

  it('waits for the high-priority pictures: a paint before they arrive is not the largest', () => {
    const hero = { complete: false };
    const page = fakeBrowser({ images: [hero] });
    page.lcp();
    page.tick(0);
    expect(page.started()).toBe(false);
    hero.complete = true;
    page.lcp();
    page.tick(0);
    expect(page.started()).toBe(true);
  });

  it('starts at once when the shopper acts', () => {
    for (const input of ['pointerdown', 'keydown', 'touchstart', 'focusin']) {
      const page = fakeBrowser({ images: [{ complete: false }] });
      page.fire(input);
      expect(page.started(), input).toBe(true);
    }
  });

  it(`starts ${AFTER_LOAD_FALLBACK_MS} ms after load when no largest paint is reported (a hidden tab)`, () => {
    const page = fakeBrowser();
    page.loaded();
    page.tick(AFTER_LOAD_FALLBACK_MS - 1);
    expect(page.started()).toBe(false);
    page.tick(1);
    expect(page.started()).toBe(true);
  });

  it('starts at load in a browser without largest-paint reports', () => {
    const page = fakeBrowser({ lcp: false });
    page.tick(10_000);
    expect(page.started()).toBe(false);
    page.loaded();
    page.tick(0);
    expect(page.started()).toBe(true);
  });
});
