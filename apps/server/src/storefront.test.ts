import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { noteWrite, trackingWrites } from '@shop/api/request-writes';
import { fakeBuild, pageEntry } from '../test/fake-build.ts';
import { injectFetch, mountStorefront } from './storefront.ts';

describe('the in-process API transport', () => {
  it("hands the API the shopper's address as the request's own, not as a header", async () => {
    const api = Fastify({ trustProxy: false });
    api.get('/whoami', async (req) => ({ ip: req.ip, forwarded: req.headers['x-forwarded-for'] }));
    const fetch = injectFetch(api);
    const res = await fetch('http://storefront.internal/whoami', {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(await res.json()).toEqual({ ip: '203.0.113.7' });
    // Without an address the injected default stands.
    const plain = await fetch('http://storefront.internal/whoami');
    expect(((await plain.json()) as { ip: string }).ip).toBe('127.0.0.1');
    await api.close();
  });
});

/**
 * A storefront of one page, each render counted and held until the test lets it finish: the page
 * carries its render's nonce and the visitor's CSRF token (a new one, with its cookie, when the
 * visitor has none), as the real root does; `personal` makes it set a session cookie too.
 */
function countedStorefront() {
  const state = { renders: 0, personal: false, held: false };
  let release: () => void = () => {};
  let opened = Promise.resolve();
  const hold = () => {
    state.held = true;
    opened = new Promise((resolve) => {
      release = () => {
        state.held = false;
        resolve();
      };
    });
  };
  /** Called when a render starts: lets the test see how many are under way. */
  let onRender: () => void = () => {};
  const entry = pageEntry(async ({ headers, nonce, token }) => {
    state.renders++;
    onRender();
    await opened;
    if (state.personal) headers.append('set-cookie', 'sessionid=abc; Path=/; HttpOnly');
    // The page's start, then its end once the test lets the render finish (`holdTail`).
    const encode = (text: string) => new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encode(`<!doctype html><script nonce="${nonce}"></script>`));
        void tail.then(() => {
          controller.enqueue(encode(`<input name="csrf" value="${token}">`));
          controller.close();
        });
      },
    });
    return new Response(body, { status: 200, headers });
  });
  let tail = Promise.resolve();
  let releaseTail: () => void = () => {};
  const holdTail = () => {
    tail = new Promise((resolve) => (releaseTail = resolve));
  };
  const build = fakeBuild(entry, [
    { id: 'root', path: '', module: { default: () => null } },
    { id: 'page', parentId: 'root', path: '*', module: { default: () => null } },
  ]);
  return {
    build,
    state,
    hold,
    release: () => release(),
    holdTail,
    releaseTail: () => releaseTail(),
    set onRender(fn: () => void) {
      onRender = fn;
    },
  };
}

describe('the page cache under concurrent requests', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function shop() {
    const front = countedStorefront();
    const clock = { now: 0, version: 1, versionReads: 0 };
    app = Fastify();
    app.decorateRequest('cspNonce', '');
    app.addHook('onRequest', async (req) => {
      req.cspNonce = randomBytes(16).toString('base64');
    });
    app.decorate('pageDataVersion', async () => {
      clock.versionReads++;
      return clock.version;
    });
    await mountStorefront(app, front.build, {
      publicOrigin: 'http://shop.test',
      cache: { ttlMs: 10_000, maxBytes: 1_000_000, now: () => clock.now },
    });
    const get = (method: 'GET' | 'HEAD' = 'GET') => app!.inject({ method, url: '/en/products/' });
    return { front, clock, get };
  }

  /** Twenty visitors without a session ask for the page at once. */
  const twenty = <T>(get: () => Promise<T>) => Array.from({ length: 20 }, () => get());

  /**
   * Twenty visitors at once while renders are held: they may finish once every request has read
   * the change count (and so joined a render or started its own).
   */
  async function twentyAllAsked({ front, clock, get }: Awaited<ReturnType<typeof shop>>) {
    front.hold();
    const before = clock.versionReads;
    const answers = twenty(get);
    while (clock.versionReads - before < 20) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    front.release();
    return Promise.all(answers);
  }

  it('renders a page past its time once, serving the old copy meanwhile', async () => {
    const { front, clock, get } = await shop();
    const first = await get();
    expect(first.headers['x-page-cache']).toBe('miss');
    clock.now += 10_500; // past its time, within the time it may still be served
    front.hold();
    // Let the renders go once every request has either been answered or started rendering.
    let answered = 0;
    let settled: () => void = () => {};
    const allIn = new Promise<void>((resolve) => (settled = resolve));
    const check = () => {
      if (answered + front.state.renders - 1 >= 20) settled();
    };
    front.onRender = check;
    const answers = twenty(get).map((p) =>
      p.then((res) => {
        answered++;
        check();
        return res;
      }),
    );
    await allIn;
    front.release();
    const all = await Promise.all(answers);
    expect(front.state.renders).toBe(2);
    const sources = all.map((res) => res.headers['x-page-cache']).sort();
    expect(sources).toEqual(['miss', ...Array<string>(19).fill('stale')]);
    for (const res of all) {
      expect(res.statusCode).toBe(200);
      // Each answer carries the token of the cookie it set.
      const token = /^csrftoken=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(res.body).toContain(`value="${token}"`);
    }
    // …and its own nonce and token: no two answers alike.
    const nonces = new Set(all.map((res) => /nonce="([^"]+)"/.exec(res.body)?.[1]));
    expect(nonces.size).toBe(20);
    const tokens = new Set(all.map((res) => String(res.headers['set-cookie'])));
    expect(tokens.size).toBe(20);
  });

  it('renders a page whose change count moved once, the others waiting for its template', async () => {
    const { front, clock, get } = await shop();
    await get();
    clock.version += 1;
    const all = await twentyAllAsked({ front, clock, get });
    expect(front.state.renders).toBe(2);
    const sources = all.map((res) => res.headers['x-page-cache']).sort();
    expect(sources).toEqual(['miss', ...Array<string>(19).fill('shared')]);
    const bodies = new Set(all.map((res) => res.body));
    expect(bodies.size).toBe(20); // each with its own nonce and token
  });

  it('sends the rendering request its page as it renders, while the others wait for it', async () => {
    const { front, get } = await shop();
    front.holdTail();
    const leader = await app!.inject({
      method: 'GET',
      url: '/en/products/',
      payloadAsStream: true,
    });
    const waiter = get();
    expect(leader.headers['x-page-cache']).toBe('miss');
    // The page's start arrives while its render has not finished.
    const chunks = leader.stream()[Symbol.asyncIterator]();
    const first = String((await chunks.next()).value);
    expect(first).toContain('<script nonce=');
    expect(first).not.toContain('csrf');
    front.releaseTail();
    let rest = '';
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      rest += String(next.value);
    }
    expect(rest).toContain('name="csrf"');
    const shared = await waiter;
    expect(shared.headers['x-page-cache']).toBe('shared');
    expect(shared.body).toContain('name="csrf"');
    expect(front.state.renders).toBe(1);
  }, 10_000);

  it('lets the waiters render for themselves when the first render may not be kept', async () => {
    const { front, clock, get } = await shop();
    await get();
    clock.version += 1;
    front.state.personal = true;
    const all = await twentyAllAsked({ front, clock, get });
    expect(front.state.renders).toBe(21);
    expect(all.every((res) => res.headers['x-page-cache'] === undefined)).toBe(true);
    expect(all.every((res) => String(res.headers['set-cookie']).includes('sessionid='))).toBe(true);
  });

  it('answers HEAD from a kept page, and never makes others wait for its render', async () => {
    const { front, clock, get } = await shop();
    const head = await get('HEAD');
    expect(head.headers['x-page-cache']).toBeUndefined();
    expect(head.body).toBe('');
    await get();
    const kept = await get('HEAD');
    expect(kept.headers['x-page-cache']).toBe('hit');
    expect(kept.body).toBe('');
    clock.version += 1;
    await get('HEAD');
    expect((await get()).headers['x-page-cache']).toBe('miss');
    expect(front.state.renders).toBe(4);
  });
});

describe('a page while the pool is busy or the database away (decisions 0083, 0088)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** The pool's refusals as db/client.ts and node-postgres make them. */
  const busy = () =>
    Object.assign(new Error('waited too long for a database connection'), {
      code: 'POOL_BUSY',
    });
  const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

  /**
   * A shop whose pages show the screen the server hands them (the real root turns the refusal
   * header into its error screen: root.tsx), and whose page cache reads its change count, and
   * each page its session, with `read`.
   */
  async function shop(read: {
    version?: () => Promise<number>;
    session?: () => Promise<void>;
    /** Each request keeps its record of writes, as the API's app does (lib/request-writes.ts). */
    trackWrites?: boolean;
  }) {
    const entry = pageEntry(({ request, headers }) => {
      const refusal = request.headers.get('x-shop-refusal');
      if (!refusal) return new Response('<p>the page</p>', { status: 200, headers });
      const [status = '500', detail = ''] = refusal.split(' ');
      return new Response(`<h1>${status}</h1><p>${decodeURIComponent(detail)}</p>`, {
        status: Number(status),
        headers,
      });
    });
    const build = fakeBuild(entry, [
      { id: 'root', path: '', module: { default: () => null } },
      { id: 'page', parentId: 'root', path: '*', module: { default: () => null } },
    ]);
    app = Fastify();
    app.decorateRequest('cspNonce', '');
    if (read.trackWrites) app.addHook('onRequest', (_req, _reply, done) => trackingWrites(done));
    app.addHook('onRequest', async (req) => {
      req.cspNonce = randomBytes(16).toString('base64');
      // The session a page reads before it renders (apps/api plugins/sessions.ts).
      if (!req.url.includes('/api/')) await read.session?.();
    });
    app.decorate('pageDataVersion', read.version ?? (async () => 1));
    await mountStorefront(app, build, {
      publicOrigin: 'http://shop.test',
      cache: { ttlMs: 10_000, maxBytes: 1_000_000 },
    });
    return app;
  }

  const BUSY_TEXT = {
    en: 'The shop is busy, please try again in a moment.',
    de: 'Der Shop ist gerade sehr beschäftigt. Bitte versuchen Sie es gleich noch einmal.',
    ru: 'Магазин сейчас перегружен. Пожалуйста, попробуйте ещё раз через минуту.',
    it: 'Il negozio è molto occupato in questo momento. Riprova tra poco.',
  };

  it("shows the busy screen (503, Retry-After 5) in the shopper's language when the page cache's read was refused busy", async () => {
    const shopApp = await shop({ version: () => Promise.reject(busy()) });
    for (const [locale, text] of Object.entries(BUSY_TEXT)) {
      const res = await shopApp.inject({ method: 'GET', url: `/${locale}/products/` });
      expect(res.statusCode, locale).toBe(503);
      expect(res.headers['retry-after'], locale).toBe('5');
      expect(res.body, locale).toContain(text);
    }
  });

  it('keeps the unavailable screen (503, Retry-After 10) for a database that is away', async () => {
    const shopApp = await shop({ version: () => Promise.reject(refused()) });
    const res = await shopApp.inject({ method: 'GET', url: '/de/products/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('10');
    expect(res.body).toContain(
      'Der Shop ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    );
  });

  it("shows a page's own read refused busy (its session) as the busy screen, not as JSON", async () => {
    let failing: (() => Error) | null = busy;
    const shopApp = await shop({
      session: async () => {
        const fail = failing;
        // Once: the screen's own render reads nothing more.
        failing = null;
        if (fail) throw fail();
      },
    });
    const res = await shopApp.inject({ method: 'GET', url: '/it/checkout/cart/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toContain(BUSY_TEXT.it);

    // A form post refused so, before its action ran: nothing was done, and it may be sent again.
    failing = busy;
    const posted = await shopApp.inject({
      method: 'POST',
      url: '/de/checkout/cart/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=remove',
    });
    expect(posted.statusCode).toBe(503);
    expect(posted.headers['retry-after']).toBe('5');
    expect(posted.body).toContain(
      'Der Shop ist gerade sehr beschäftigt, deshalb wurde nichts ausgeführt: nichts hinzugefügt, geändert oder bestellt. Bitte versuchen Sie es gleich noch einmal.',
    );

    failing = refused;
    const away = await shopApp.inject({ method: 'GET', url: '/ru/checkout/cart/' });
    expect(away.statusCode).toBe(503);
    expect(away.headers['content-type']).toContain('text/html');
    expect(away.headers['retry-after']).toBe('10');
    expect(away.body).toContain('Магазин ненадолго недоступен');
  });

  it('does not say nothing was done for a form post refused busy after it may have written', async () => {
    const shopApp = await shop({
      trackWrites: true,
      // The page's own work wrote (a session saved), then its next read was refused busy.
      session: async () => {
        noteWrite();
        throw busy();
      },
    });
    const posted = await shopApp.inject({
      method: 'POST',
      url: '/de/checkout/cart/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=remove',
    });
    expect(posted.statusCode).toBe(503);
    expect(posted.body).toContain(BUSY_TEXT.de);
    expect(posted.body).not.toContain('nichts ausgeführt');
  });
});
