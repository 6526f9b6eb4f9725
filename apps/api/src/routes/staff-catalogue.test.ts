// Issue 24, the back office's products and bundles (decision 0056): who may call (anonymous 401,
// shopper 403, staff 200; writes need the CSRF token), the list's search, filters and keyset
// paging, a save's validation (400 with field errors in the caller's language, nothing changed),
// the staff log, two saves from one version (one 409), the stock an order moved meanwhile, and a
// price edit seen at once by the storefront's product answer. Runs on PGlite and, with
// DATABASE_URL set, on PostgreSQL.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  productSchema,
  STAFF_CATALOGUE_COUNT_CAP,
  staffCatalogueItemSchema,
  staffCataloguePageSchema,
  bundleSchema,
  type StaffCatalogueItem,
  type StaffProductBody,
} from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { expectCsrfRefused } from '../../test/helpers.ts';
import { browserOf, parentProducts, type Browser } from '../../test/shopper.ts';
import { expectStaffOnlyReads, useStaffTestApp } from '../../test/staff.ts';

const { t, staffBrowser } = useStaffTestApp();
const de = translatorFor('de');
const en = translatorFor('en');

async function item(b: Browser, kind: 'products' | 'bundles', id: number) {
  const res = await b.send('GET', `/en/api/staff/${kind}/${id}/`);
  expect(res.statusCode, res.body).toBe(200);
  return staffCatalogueItemSchema.parse(res.json());
}

/** The save body that writes back exactly what the form showed. */
function bodyOf(shown: StaffCatalogueItem): StaffProductBody {
  return {
    version: shown.version,
    texts: shown.texts,
    price: shown.price,
    vatId: shown.vatId,
    active: shown.active,
    stock: shown.stock,
    stockSeen: shown.stock,
    discounts: shown.discounts.map((d) => ({
      value: d.value,
      ...(d.start ? { start: d.start } : {}),
      ...(d.end ? { end: d.end } : {}),
    })),
  };
}

const save = (b: Browser, id: number, body: unknown, locale = 'en') =>
  b.send('PUT', `/${locale}/api/staff/products/${id}/`, body);

async function productRow(id: number) {
  const [row] = await t.handle.db.select().from(s.products).where(eq(s.products.id, id));
  return row!;
}

async function staffLog(subject: string, id: number) {
  return t.handle.db
    .select()
    .from(s.staffActions)
    .where(and(eq(s.staffActions.subject, subject), eq(s.staffActions.subjectId, id)))
    .orderBy(desc(s.staffActions.id));
}

/** A distinct active parent product per test (they share one database). */
let next = 0;
async function someProduct(withStock = false) {
  const rows = (await parentProducts(t)).filter((p) => !withStock || p.stock !== null);
  const row = rows[next++ % rows.length];
  if (!row) throw new Error('no product');
  return row;
}

describe('who may call', () => {
  it('anonymous: 401 in the caller’s language; a shopper: 403; staff: 200, never stored', async () => {
    const product = await someProduct();
    const [bundle] = await t.handle.db.select().from(s.bundles).limit(1);
    const urls = [
      '/en/api/staff/products/',
      `/en/api/staff/products/${product.id}/`,
      '/en/api/staff/bundles/',
      `/en/api/staff/bundles/${bundle!.id}/`,
    ];
    await expectStaffOnlyReads(t, urls);
    // Writes: a shopper is refused and nothing changes.
    const anonymous = browserOf(t);
    const shopper = browserOf(t);
    await shopper.logIn('shopper@example.com');
    const staff = await staffBrowser();
    const shown = await item(staff, 'products', product.id);
    const refused = await save(shopper, product.id, { ...bodyOf(shown), price: 1.23 });
    expect(refused.statusCode).toBe(403);
    const anonWrite = await save(anonymous, product.id, { ...bodyOf(shown), price: 1.23 });
    expect(anonWrite.statusCode).toBe(401);
    expect((await productRow(product.id)).price).toBe(product.price);
  });

  it('refuses a staff save without the CSRF token (403), changing nothing', async () => {
    const staff = await staffBrowser();
    const product = await someProduct();
    const shown = await item(staff, 'products', product.id);
    const [bundle] = await t.handle.db.select().from(s.bundles).limit(1);
    const bundleShown = await item(staff, 'bundles', bundle!.id);
    await expectCsrfRefused(t.app, staff.jar.header(), [
      ['PUT', `/en/api/staff/products/${product.id}/`, { ...bodyOf(shown), price: 2.34 }],
      ['PUT', `/en/api/staff/bundles/${bundle!.id}/`, { ...bodyOf(bundleShown), price: 2.34 }],
    ]);
    expect((await productRow(product.id)).price).toBe(product.price);
    expect((await productRow(product.id)).version).toBe(shown.version);
  });
});

describe('the list', () => {
  it('searches a title in any language or an id, filters by vendor and stock state, and pages by id', async () => {
    const staff = await staffBrowser();
    const list = async (query: string) => {
      const res = await staff.send('GET', `/en/api/staff/products/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return staffCataloguePageSchema.parse(res.json());
    };
    const product = await someProduct(true);
    const [german] = await t.handle.db
      .select()
      .from(s.productTranslations)
      .where(
        and(eq(s.productTranslations.parentId, product.id), eq(s.productTranslations.locale, 'de')),
      );
    const word = german!.title.slice(1, 7);
    const found = await list(`q=${encodeURIComponent(word)}`);
    expect(found.results.map((r) => r.id)).toContain(product.id);
    expect((await list(`q=${product.id}`)).results.map((r) => r.id)).toContain(product.id);
    // A pattern character is a letter.
    expect((await list('q=%25%25%25')).results).toEqual([]);

    const byVendor = await list(`vendor=${product.vendorId}&page_size=100`);
    expect(byVendor.results.length).toBeGreaterThan(0);
    const rows = await t.handle.db.select().from(s.products);
    for (const row of byVendor.results)
      expect(rows.find((r) => r.id === row.id)?.vendorId).toBe(product.vendorId);
    expect(byVendor.vendors.map((v) => v.id)).toContain(product.vendorId);

    // Stock states, against the table.
    await t.handle.db.update(s.products).set({ stock: 0 }).where(eq(s.products.id, product.id));
    const out = await list('stock=out&page_size=100');
    expect(out.results.map((r) => r.id)).toContain(product.id);
    expect(out.results.every((r) => r.stock === 0)).toBe(true);
    const unlimited = await list('stock=unlimited&page_size=100');
    expect(unlimited.results.every((r) => r.stock === null)).toBe(true);
    expect(unlimited.count).toBe(rows.filter((r) => r.stock === null).length);
    const inStock = await list('stock=in&page_size=100');
    expect(inStock.results.every((r) => r.stock !== null && r.stock > 0)).toBe(true);
    expect(inStock.results.map((r) => r.id)).not.toContain(product.id);
    await t.handle.db
      .update(s.products)
      .set({ stock: product.stock })
      .where(eq(s.products.id, product.id));

    // Keyset paging: newest first, pages meet without gap or overlap, and lead back.
    const first = await list('page_size=3');
    expect(first.before).toBeNull();
    expect(first.count).toBe(Math.min(rows.length, STAFF_CATALOGUE_COUNT_CAP));
    expect(first.countCapped).toBe(rows.length > STAFF_CATALOGUE_COUNT_CAP);
    const ids = first.results.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids[0]).toBe(Math.max(...rows.map((r) => r.id)));
    const second = await list(`page_size=3&after=${first.after}`);
    const all = [...rows.map((r) => r.id)].sort((a, b) => b - a);
    expect(second.results.map((r) => r.id)).toEqual(all.slice(3, 6));
    expect(second.before).toBe(second.results[0]!.id);
    const back = await list(`page_size=3&before=${second.before}`);
    expect(back.results.map((r) => r.id)).toEqual(ids);
    expect(back.before).toBeNull();
    // The last page has no next.
    const last = await list(`page_size=3&after=${all.at(-2)}`);
    expect(last.results.map((r) => r.id)).toEqual([all.at(-1)]);
    expect(last.after).toBeNull();
  });

  it('lists bundles with their stock made from their items', async () => {
    const staff = await staffBrowser();
    const res = await staff.send('GET', '/en/api/staff/bundles/?page_size=100');
    expect(res.statusCode, res.body).toBe(200);
    const page = staffCataloguePageSchema.parse(res.json());
    const bundles = await t.handle.db.select().from(s.bundles);
    expect(page.results.map((r) => r.id).sort()).toEqual(bundles.map((b) => b.id).sort());
    const items = await t.handle.db.select().from(s.bundleItems);
    const products = await t.handle.db.select().from(s.products);
    for (const row of page.results) {
      const counted = items
        .filter((i) => i.bundleId === row.id)
        .map((i) => ({ i, p: products.find((p) => p.id === i.productId)! }))
        .filter(({ p }) => p.stock !== null)
        .map(({ i, p }) => Math.floor(p.stock! / Math.max(i.quantity, 1)));
      expect(row.stock).toBe(counted.length ? Math.min(...counted) : null);
    }
  });

  it('refuses a bad filter with field errors in the caller’s language', async () => {
    const staff = await staffBrowser();
    const res = await staff.send('GET', '/de/api/staff/products/?stock=some&after=x');
    expect(res.statusCode).toBe(400);
    const errors = res.json<Record<string, string[]>>();
    expect(errors.stock).toEqual([de('forms.select')]);
    expect(errors.after?.[0]).toBeTruthy();
  });
});

describe('saving a product', () => {
  it('refuses bad input with field errors in the caller’s language and changes nothing', async () => {
    const staff = await staffBrowser();
    const product = await someProduct();
    const shown = await item(staff, 'products', product.id);
    const bad = {
      ...bodyOf(shown),
      texts: { ...shown.texts, en: { ...shown.texts.en, title: '  ' } },
      price: -1,
      stock: 1.5,
      discounts: [{ value: 10, start: '2026-12-02T00:00', end: '2026-12-01T00:00' }],
    };
    const res = await save(staff, product.id, bad, 'de');
    expect(res.statusCode).toBe(400);
    const errors = res.json<Record<string, string[]>>();
    expect(errors['texts.en.title']).toEqual([de('forms.required')]);
    expect(errors.price).toEqual([de('forms.min', { min: 0, field: de('fields.price') })]);
    expect(errors.stock?.[0]).toBeTruthy();
    expect(errors['discounts.0.end']).toEqual([de('staffCatalogue.errors.endBeforeStart')]);
    // A VAT rate that does not exist: the field's error, in the caller's language.
    const vat = await save(staff, product.id, { ...bodyOf(shown), vatId: 999_999 }, 'ru');
    expect(vat.statusCode).toBe(400);
    expect(vat.json()).toEqual({
      vatId: [translatorFor('ru')('staffCatalogue.errors.unknownVat')],
    });
    const row = await productRow(product.id);
    expect(row.price).toBe(product.price);
    expect(row.version).toBe(shown.version);
    expect(await staffLog('product', product.id)).toEqual([]);
  });

  it('saves texts, price, VAT, stock, discounts and sale state in one go, recorded in the staff log', async () => {
    const staff = await staffBrowser();
    const product = await someProduct();
    const shown = await item(staff, 'products', product.id);
    const vat = shown.vats.find((v) => v.id !== shown.vatId) ?? shown.vats[0]!;
    const res = await save(staff, product.id, {
      ...bodyOf(shown),
      texts: {
        ...shown.texts,
        en: { ...shown.texts.en, title: 'Staff Lamp', metaTitle: 'Lamp meta' },
        it: { title: '', description: '', metaTitle: '', metaDescription: '' },
      },
      price: 12.5,
      vatId: vat.id,
      stock: null,
      stockSeen: shown.stock,
      active: false,
      discounts: [{ value: 15, start: '2026-01-01T00:00', end: '2099-01-01T00:00:00Z' }, {}],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = staffCatalogueItemSchema.parse(res.json());
    expect(saved).toMatchObject({
      version: shown.version + 1,
      price: 12.5,
      vatId: vat.id,
      stock: null,
      active: false,
      discounts: [
        { value: 15, start: '2026-01-01T00:00:00.000Z', end: '2099-01-01T00:00:00.000Z' },
      ],
    });
    expect(saved.texts.en.title).toBe('Staff Lamp');
    expect(saved.texts.en.metaTitle).toBe('Lamp meta');
    expect(saved.texts.it.title).toBe('');
    const [italian] = await t.handle.db
      .select()
      .from(s.productTranslations)
      .where(
        and(eq(s.productTranslations.parentId, product.id), eq(s.productTranslations.locale, 'it')),
      );
    expect(italian).toBeUndefined();
    const discounts = await t.handle.db
      .select()
      .from(s.discounts)
      .where(and(eq(s.discounts.productId, product.id), isNull(s.discounts.userId)));
    expect(discounts.map((d) => d.value)).toEqual([15]);

    const [entry, ...older] = await staffLog('product', product.id);
    expect(older).toEqual([]);
    expect(entry).toMatchObject({ action: 'update', vendorId: product.vendorId });
    expect(entry!.userId).toBeTruthy();
    expect(entry!.before).toMatchObject({ price: product.price, version: shown.version });
    expect(entry!.after).toMatchObject({ price: 12.5, active: false, version: shown.version + 1 });
  });

  it('two saves from the same version: one wins, the other hears "changed meanwhile" (409)', async () => {
    const first = await staffBrowser();
    const second = await staffBrowser();
    const product = await someProduct();
    const shown = await item(first, 'products', product.id);
    const answers = await Promise.all([
      save(first, product.id, { ...bodyOf(shown), price: 11.11 }),
      save(second, product.id, { ...bodyOf(shown), price: 22.22 }, 'de'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect(loser.json<{ detail: string }>().detail).toBe(
      loser === answers[1]
        ? de('staffCatalogue.changedMeanwhile')
        : en('staffCatalogue.changedMeanwhile'),
    );
    const row = await productRow(product.id);
    expect(row.price).toBe(staffCatalogueItemSchema.parse(winner.json()).price);
    expect(row.version).toBe(shown.version + 1);
    expect(await staffLog('product', product.id)).toHaveLength(1);
  });

  it('keeps the stock an order moved while the form was open, and refuses to overwrite it', async () => {
    const staff = await staffBrowser();
    const product = await someProduct(true);
    const shown = await item(staff, 'products', product.id);
    // An order takes one meanwhile.
    await t.handle.db
      .update(s.products)
      .set({ stock: shown.stock! - 1 })
      .where(eq(s.products.id, product.id));
    // A price change leaves the stock as it is now.
    const priced = await save(staff, product.id, { ...bodyOf(shown), price: 9.99 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect((await productRow(product.id)).stock).toBe(shown.stock! - 1);
    // Setting the stock from the old figure is refused.
    const again = await item(staff, 'products', product.id);
    await t.handle.db
      .update(s.products)
      .set({ stock: again.stock! - 1 })
      .where(eq(s.products.id, product.id));
    const stocked = await save(staff, product.id, { ...bodyOf(again), stock: 500 });
    expect(stocked.statusCode).toBe(409);
    expect(stocked.json()).toEqual({ detail: en('staffCatalogue.stockMoved') });
    expect((await productRow(product.id)).stock).toBe(again.stock! - 1);
  });

  it('a price edit shows at once in the storefront’s product answer', async () => {
    const staff = await staffBrowser();
    const visitor = browserOf(t);
    const product = await someProduct();
    const url = `/en/api/products/products/${product.id}/`;
    // The answer is read (and cached) before the edit.
    const before = productSchema.parse((await visitor.send('GET', url)).json());
    expect(before.price).toBe(product.price);
    const shown = await item(staff, 'products', product.id);
    const price = product.price + 7.77;
    const res = await save(staff, product.id, {
      ...bodyOf(shown),
      price: Number(price.toFixed(2)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = productSchema.parse((await visitor.send('GET', url)).json());
    expect(after.price).toBe(Number(price.toFixed(2)));
  });
});

describe('saving a bundle', () => {
  it('saves its price and texts, 409 from an old version, logged as a bundle', async () => {
    const staff = await staffBrowser();
    const [bundle] = await t.handle.db.select().from(s.bundles).where(eq(s.bundles.active, true));
    const shown = await item(staff, 'bundles', bundle!.id);
    const { stock: _stock, stockSeen: _seen, ...body } = bodyOf(shown);
    const res = await staff.send('PUT', `/en/api/staff/bundles/${bundle!.id}/`, {
      ...body,
      price: 42.5,
      texts: { ...shown.texts, de: { ...shown.texts.de, title: 'Staff-Set' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = staffCatalogueItemSchema.parse(res.json());
    expect(saved.price).toBe(42.5);
    expect(saved.texts.de.title).toBe('Staff-Set');
    const stale = await staff.send('PUT', `/en/api/staff/bundles/${bundle!.id}/`, {
      ...body,
      price: 1,
    });
    expect(stale.statusCode).toBe(409);
    const visible = bundleSchema.parse(
      (await browserOf(t).send('GET', `/de/api/products/bundles/${bundle!.id}/`)).json(),
    );
    expect(visible.price).toBe(42.5);
    expect(visible.title).toBe('Staff-Set');
    expect(await staffLog('bundle', bundle!.id)).toHaveLength(1);
  });
});
