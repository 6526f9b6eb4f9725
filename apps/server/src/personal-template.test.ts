// The list page as a kept template with personal holes (decision 0067), on the real API and the
// storefront's real route modules (root, locale, shop layout, product list) and server entry:
// shoppers, a visitor and an anonymous cart asking for the same list in turn each get their own
// header and hearts from one kept template, which holds none of them; staff and a shopper with
// discounts of their own get their page rendered for them, priced for them.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  type ServerBuild,
} from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_TOKEN_PATTERN } from '@shop/contract';
import * as s from '../../api/src/db/schema.ts';
import { useTestApp, type TestContext } from '../../api/test/helpers.ts';
import { browserOf, parentProducts, type Browser } from '../../api/test/shopper.ts';
import { fakeBuild } from '../test/fake-build.ts';
import { mountStorefront } from './storefront.ts';
import { pageCacheKey, type PageCache, type Template } from './page-cache.ts';

// The storefront's real modules. Paths the compiler does not follow: this package compiles
// without JSX (vitest transforms the files when the test runs).
const load = (path: string) => import(path) as Promise<Record<string, unknown>>;
const [entry, root, locale, layout, products] = await Promise.all([
  load('../../storefront/app/entry.server.tsx'),
  load('../../storefront/app/root.tsx'),
  load('../../storefront/app/routes/locale.tsx'),
  load('../../storefront/app/routes/shop-layout.tsx'),
  load('../../storefront/app/routes/products.tsx'),
]);

/** A route module as React Router's Vite plugin hands it over: its components given their props. */
function built(module: Record<string, unknown>) {
  type Component = Parameters<typeof withComponentProps>[0];
  return {
    ...module,
    default: withComponentProps(module.default as Component),
    ...(module.ErrorBoundary
      ? {
          ErrorBoundary: withErrorBoundaryProps(
            module.ErrorBoundary as Parameters<typeof withErrorBoundaryProps>[0],
          ),
        }
      : {}),
  };
}

function storefront(): ServerBuild {
  return fakeBuild(entry, [
    { id: 'root', path: '', module: built(root) },
    { id: 'routes/locale', parentId: 'root', path: ':lang', module: built(locale) },
    { id: 'routes/shop-layout', parentId: 'routes/locale', module: built(layout) },
    {
      id: 'routes/products',
      parentId: 'routes/shop-layout',
      path: 'products',
      module: built(products),
    },
  ]);
}

let cache: PageCache | null = null;
const t: TestContext = useTestApp({
  pageCacheMs: 60_000,
  loggerInstance: (await import('pino')).default({ level: 'error' }),
  mount: async (app: FastifyInstance) => {
    ({ cache } = await mountStorefront(app, storefront(), {
      publicOrigin: 'http://localhost',
      cache: { ttlMs: 60_000, maxBytes: 8_000_000 },
    }));
  },
});

const LIST = '/en/products/';

/** A page as a browser with `b`'s cookies reads it. */
async function page(b: Browser, url = LIST) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: b.jar.header() } });
  b.jar.store(res);
  return res;
}

/** A user of the shop's like the demo shopper, with discounts of none of their own. */
async function plainShopper(email: string, firstName: string) {
  const [demo] = await t.handle.db
    .select()
    .from(s.users)
    .where(eq(s.users.email, 'shopper@example.com'));
  const { id: _id, ...row } = demo!;
  await t.handle.db.insert(s.users).values({ ...row, email, firstName, lastName: 'Plain' });
  const b = browserOf(t);
  await b.logIn(email);
  return b;
}

/** What a page shows of its shopper: the header's counts and log-in state, the saved hearts. */
function shown(html: string) {
  const count = (label: RegExp) => Number(label.exec(html)?.[1] ?? NaN);
  return {
    cart: count(/aria-label="Cart, (\d+) items?"/),
    wishlist: count(/aria-label="Wishlist, (\d+) saved items?"/),
    signedIn: html.includes('/account/logout/'),
    loginLink: html.includes('>Log in</a>'),
    saved: [...html.matchAll(/name="item" value="(\d+)"/g)].map((m) => Number(m[1])).sort(),
    view: JSON.parse(
      /<script type="application\/json" id="personal-view"[^>]*>(.*?)<\/script>/.exec(html)?.[1] ??
        'null',
    ) as { user: { email: string } | null; cartQuantity: number } | null,
  };
}

const ids: number[] = [];
const visitor = () => browserOf(t);
let ann: Browser;
let bob: Browser;

beforeAll(async () => {
  // Products of the list's first page (their hearts are on it), with stock to put in carts.
  const stocked = new Set(
    (await parentProducts(t)).filter((p) => p.stock === null || p.stock >= 10).map((p) => p.id),
  );
  const listed = (await visitor().send('GET', '/en/api/products/products/')).json<{
    results: { id: number; ref?: string }[];
  }>();
  ids.push(
    ...listed.results
      .filter((card) => (card.ref ?? 'product') === 'product' && stocked.has(card.id))
      .map((card) => card.id)
      .slice(0, 3),
  );
  expect(ids).toHaveLength(3);
  ann = await plainShopper('ann.plain@example.com', 'Annabel');
  bob = await plainShopper('bob.plain@example.com', 'Bartholomew');
  // Ann: 3 lines, 2 saved; Bob: 1 line, 1 saved (another product).
  for (const id of ids) expect((await ann.set(id, 1)).statusCode).toBe(200);
  for (const id of ids.slice(0, 2))
    expect((await ann.send('POST', '/en/api/products/wishlist/', { product: id })).statusCode).toBe(
      201,
    );
  expect((await bob.set(ids[2]!, 2)).statusCode).toBe(200);
  expect(
    (await bob.send('POST', '/en/api/products/wishlist/', { product: ids[2] })).statusCode,
  ).toBe(201);
});

describe('a list page from the kept template', () => {
  it('shows each shopper, a visitor and an anonymous cart their own, in turn, from one template', async () => {
    const cart = visitor();
    expect((await cart.set(ids[0]!, 4)).statusCode).toBe(200);
    const savedOf = async (b: Browser) =>
      (await b.send('GET', '/en/api/products/wishlist/'))
        .json<{ results: { id: number }[] }>()
        .results.map((item) => item.id)
        .sort();
    const annSaved = await savedOf(ann);
    const bobSaved = await savedOf(bob);
    expect(annSaved).toHaveLength(2);
    for (let round = 0; round < 2; round++) {
      const a = await page(ann);
      const b = await page(bob);
      const v = await page(visitor());
      const c = await page(cart);
      for (const res of [a, b, v, c]) {
        expect(res.statusCode, res.body.slice(0, 3000)).toBe(200);
        // Filled from the kept template: a miss at most for the first.
        expect(['hit', 'miss', 'shared']).toContain(res.headers['x-page-cache']);
        expect(res.body).not.toMatch(/[\uE000-\uE005]/);
      }
      expect(shown(a.body)).toMatchObject({
        cart: 3,
        wishlist: 2,
        signedIn: true,
        saved: annSaved,
      });
      expect(shown(a.body).view?.user?.email).toBe('ann.plain@example.com');
      expect(shown(b.body)).toMatchObject({
        cart: 2,
        wishlist: 1,
        signedIn: true,
        saved: bobSaved,
      });
      expect(shown(b.body).view?.user?.email).toBe('bob.plain@example.com');
      expect(shown(v.body)).toMatchObject({ cart: 0, wishlist: 0, signedIn: false, saved: [] });
      expect(shown(v.body).loginLink).toBe(true);
      expect(shown(c.body)).toMatchObject({ cart: 4, wishlist: 0, signedIn: false, saved: [] });
      // Nobody's answer holds another's.
      expect(a.body).not.toContain('bob.plain');
      expect(b.body).not.toContain('ann.plain');
      for (const res of [v, c]) expect(res.body).not.toMatch(/ann\.plain|bob\.plain/);
      // The shoppers' pages are theirs alone.
      for (const res of [a, b, c]) expect(res.headers['cache-control']).toBe('private, no-store');
    }
    // Four answers a round, one template: it was rendered once.
    const key = pageCacheKey({
      method: 'GET',
      url: LIST,
      protocol: 'http',
      cookie: `csrftoken=${ann.jar.get('csrftoken')}; locale=en`,
      authorization: undefined,
    });
    const kept = (await cache!.peek(key!)) as Template | undefined;
    expect(kept).toBeTruthy();
    const text = JSON.stringify(kept);
    for (const secret of [
      'ann.plain',
      'bob.plain',
      'Annabel',
      'Bartholomew',
      ann.jar.get('csrftoken')!,
      bob.jar.get('csrftoken')!,
    ])
      expect(text).not.toContain(secret);
    // Its holes, not anyone's counts.
    expect(text).toMatch(/\uE004cartCount\uE005/);
    expect(text).toMatch(/\uE000heart:\d+\uE001/);
  });

  it("carries the session's own CSRF token, in its forms and in a cookie when the browser held another", async () => {
    const own = ann.jar.get('csrftoken')!;
    const res = await page(ann);
    expect(res.body).toContain(`value="${own}"`);
    // A browser holding another valid token gets the session's back, and the page carries it.
    const other = 'A'.repeat(43);
    expect(other).toMatch(CSRF_TOKEN_PATTERN);
    const cookie = ann.jar.header().replace(own, other);
    const again = await t.app.inject({ method: 'GET', url: LIST, headers: { cookie } });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(`value="${own}"`);
    expect(again.body).not.toContain(other);
    expect(again.cookies.find((c) => c.name === 'csrftoken')?.value).toBe(own);
  });

  it('keeps updating: a change to the cart shows on the next page', async () => {
    expect(shown((await page(bob)).body).cart).toBe(2);
    expect((await bob.set(ids[1]!, 5)).statusCode).toBe(200);
    expect(shown((await page(bob)).body).cart).toBe(7);
  });
});

describe('a page not filled from the template', () => {
  it('is rendered for staff and for a shopper with discounts of their own, priced for them', async () => {
    const staff = browserOf(t);
    await staff.logIn('staff@example.com');
    const demo = browserOf(t);
    await demo.logIn('shopper@example.com');
    const own = await t.handle.db
      .select()
      .from(s.discounts)
      .where(
        eq(
          s.discounts.userId,
          (
            await t.handle.db.select().from(s.users).where(eq(s.users.email, 'shopper@example.com'))
          )[0]!.id,
        ),
      );
    expect(own.length).toBeGreaterThan(0);
    for (const b of [staff, demo]) {
      const res = await page(b);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-page-cache']).toBeUndefined();
      expect(res.body).not.toContain('id="personal-view"');
      expect(shown(res.body).signedIn).toBe(true);
    }
    // The demo shopper's own prices: their list's cards as the API prices them for them.
    const priced = (await demo.send('GET', '/en/api/products/products/?page_size=12')).json<{
      results: { discountPrice: number | null }[];
    }>();
    const visitorPriced = (
      await visitor().send('GET', '/en/api/products/products/?page_size=12')
    ).json<{ results: { discountPrice: number | null }[] }>();
    expect(JSON.stringify(priced)).not.toBe(JSON.stringify(visitorPriced));
  });

  it('is rendered for a request with a one-time cookie or a session without a token', async () => {
    const notice = await t.app.inject({
      method: 'GET',
      url: LIST,
      headers: { cookie: `${ann.jar.header()}; cart_notice=x` },
    });
    expect(notice.headers['x-page-cache']).toBeUndefined();
    const session = `sessionid=${ann.jar.get('sessionid')}`;
    const bare = await t.app.inject({ method: 'GET', url: LIST, headers: { cookie: session } });
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['x-page-cache']).toBeUndefined();
    expect(shown(bare.body).signedIn).toBe(true);
  });
});

describe("the list's data request: a filter click (decision 0080)", () => {
  const CLICK = '/en/products/_.data?_routes=routes%2Fproducts';
  const click = async (b: Browser, url = CLICK) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: b.jar.header() } });
    b.jar.store(res);
    return res;
  };

  it('answers visitors and plain shoppers from one kept answer that holds none of them', async () => {
    const v = visitor();
    await page(v); // the visitor's CSRF token, as a browser on the list page holds it
    const answers = [];
    for (let round = 0; round < 2; round++) {
      for (const b of [ann, bob, v]) {
        const res = await click(b);
        expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/x-script/);
        expect(['hit', 'miss', 'shared']).toContain(res.headers['x-page-cache']);
        // Never for a shared HTTP cache.
        expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/public|max-age=[1-9]/);
        answers.push(res);
      }
    }
    // Kept after the first: the rest are hits, all the same bytes.
    expect(answers.slice(1).map((res) => res.headers['x-page-cache'])).not.toContain('miss');
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    const body = answers[0]!.body;
    expect(body).toContain('routes/products');
    for (const secret of [
      'ann.plain',
      'bob.plain',
      'Annabel',
      'Bartholomew',
      ann.jar.get('csrftoken')!,
      bob.jar.get('csrftoken')!,
      ann.jar.get('sessionid')!,
    ])
      expect(body).not.toContain(secret);
    // Each shopper keeps their own session and token: nothing of another's is set.
    for (const res of answers) {
      const set = res.cookies.map((c) => c.name);
      expect(set).not.toContain('sessionid');
      expect(set).not.toContain('csrftoken');
    }
  });

  it('is rendered for staff and for a shopper with prices of their own, priced for them', async () => {
    const v = visitor();
    await page(v);
    const kept = await click(v);
    const staff = browserOf(t);
    await staff.logIn('staff@example.com');
    const demo = browserOf(t);
    await demo.logIn('shopper@example.com');
    for (const b of [staff, demo]) {
      const res = await click(b);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-page-cache']).toBeUndefined();
    }
    // The demo shopper's discounts of their own are in their answer, not in the kept one.
    const mine = await click(demo);
    expect(mine.body).not.toBe(kept.body);
    expect((await click(v)).body).toBe(kept.body);
  });

  it('shows a price change to the catalogue on the next click, for shoppers too', async () => {
    const v = visitor();
    await page(v);
    const before = await click(ann);
    const firstId = /"slugUri","\/products\/[^"]*-(\d+)\/"/.exec(before.body)?.[1];
    expect(firstId, before.body.slice(0, 2000)).toBeDefined();
    const [row] = await t.handle.db
      .select({ price: s.products.price })
      .from(s.products)
      .where(eq(s.products.id, Number(firstId)));
    await t.handle.db
      .update(s.products)
      .set({ price: Number(row!.price) + 100 })
      .where(eq(s.products.id, Number(firstId)));
    // The change count is read at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await click(ann);
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toBe(before.body);
    const listed = (await v.send('GET', '/en/api/products/products/')).json<{
      results: { id: number; price: number | string }[];
    }>();
    const card = listed.results.find((c) => c.id === Number(firstId))!;
    expect(after.body).toContain(JSON.stringify(card.price));
    expect(before.body).not.toContain(JSON.stringify(card.price));
    expect((await click(bob)).body).toBe(after.body);
    await t.handle.db
      .update(s.products)
      .set({ price: row!.price })
      .where(eq(s.products.id, Number(firstId)));
  });
});
