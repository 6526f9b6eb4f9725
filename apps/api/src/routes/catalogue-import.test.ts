// Issue 24, the catalogue file: who may import and export (anonymous 401, shopper 403, no CSRF
// 403), a file with one bad row refused with that row and column named in the caller's language
// and nothing changed, a good file applied once (the second import changes nothing and moves no
// change count), the export imported back as a no-op (CSV and JSON), and the streamed progress.
// Runs on PGlite and, with DATABASE_URL set, on PostgreSQL.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_COLUMNS,
  catalogueImportEventSchema,
  catalogueImportResultSchema,
  catalogueRefusalSchema,
} from '@shop/contract';
import { parseCsv, toCsv } from '@shop/domain';
import { openDatabase } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { BODY_LIMIT_BYTES } from '#api/plugins/limits.ts';
import { IMPORT_BATCH_ROWS, IMPORT_LOCK_KEY } from '#api/repos/catalogue-import.ts';
import { browserOf, type Browser } from '../../test/shopper.ts';
import { useStaffTestApp } from '../../test/staff.ts';

const { t, staffBrowser } = useStaffTestApp();
const de = translatorFor('de');
const en = translatorFor('en');
const IMPORT = '/en/api/staff/catalogue/import/';
const EXPORT = '/en/api/staff/catalogue/export/';

/** Names the demo shop has: a vendor, a VAT rate, two values of one attribute and one of another. */
async function shopNames() {
  const db = t.handle.db;
  const [vendor] = await db.select().from(s.vendors).orderBy(asc(s.vendors.id)).limit(1);
  const [vat] = await db.select().from(s.vats).orderBy(asc(s.vats.id)).limit(1);
  const values = await db
    .select({ attribute: s.attributes.slug, value: s.attributeValues.slug })
    .from(s.attributeValues)
    .innerJoin(s.attributes, eq(s.attributes.id, s.attributeValues.attributeId))
    .orderBy(asc(s.attributeValues.id));
  const refs = values.map((v) => `${v.attribute}:${v.value}`);
  return { vendor: vendor!.slug, vat: vat!.key, refs };
}

type Row = Partial<Record<(typeof CATALOGUE_COLUMNS)[number], string>>;

const csvOf = (rows: Row[]) =>
  toCsv([[...CATALOGUE_COLUMNS], ...rows.map((row) => CATALOGUE_COLUMNS.map((c) => row[c] ?? ''))]);

/** A product with two variations (with stock, and unlimited), texts in all four languages. */
async function sampleRows(prefix: string): Promise<Row[]> {
  const { vendor, vat, refs } = await shopNames();
  const base = { vendor, vat, price: '19.90' };
  return [
    {
      ...base,
      slug: `${prefix}-lamp`,
      sku: `${prefix.toUpperCase()}-LAMP`,
      stock: '',
      attributes: refs[0],
      title_en: 'Desk lamp, "brass"',
      description_en: 'A lamp.\nTwo lines.',
      meta_title_en: 'Brass desk lamp',
      title_de: 'Schreibtischlampe',
      title_ru: 'Настольная лампа',
      title_it: 'Lampada da scrivania',
      description_it: 'Una lampada.',
    },
    {
      ...base,
      slug: `${prefix}-lamp-small`,
      parent: `${prefix}-lamp`,
      price: '15.5',
      stock: '7',
      attributes: `${refs[0]}|${refs[1]}`,
      title_en: 'Desk lamp, small',
    },
    {
      ...base,
      slug: `${prefix}-lamp-large`,
      parent: `${prefix}-lamp`,
      active: 'false',
      sorting: '2',
      title_en: 'Desk lamp, large',
      title_de: 'Schreibtischlampe, groß',
    },
  ];
}

async function productCount() {
  const [row] = await t.handle.db.select({ n: count() }).from(s.products);
  return row!.n;
}

async function dataVersions() {
  return t.handle.db.select().from(s.shopDataVersions).orderBy(asc(s.shopDataVersions.id));
}

const importFile = (b: Browser, content: string, format: 'csv' | 'json' = 'csv', locale = 'en') =>
  b.send('POST', `/${locale}/api/staff/catalogue/import/`, { format, content });

describe('who may import and export', () => {
  it('anonymous: 401; a shopper: 403; without the CSRF token: 403; nothing changes', async () => {
    const content = csvOf(await sampleRows('who'));
    const before = await productCount();
    const anonymous = browserOf(t);
    expect((await importFile(anonymous, content, 'csv', 'de')).json()).toEqual({
      detail: de('auth.loginRequired'),
    });
    expect((await anonymous.send('GET', EXPORT)).statusCode).toBe(401);
    // The large body is not even read for anyone but staff: a broken one is a 401, not a 400.
    const unread = await t.app.inject({
      method: 'POST',
      url: IMPORT,
      payload: `{"format":"csv","content":"${'x'.repeat(BODY_LIMIT_BYTES)}`,
      headers: {
        'content-type': 'application/json',
        cookie: anonymous.jar.header(),
        'x-csrftoken': anonymous.jar.get('csrftoken') ?? '',
      },
    });
    expect(unread.statusCode).toBe(401);
    const shopper = browserOf(t);
    await shopper.logIn('shopper@example.com');
    const forbidden = await importFile(shopper, content);
    expect(forbidden.statusCode).toBe(403);
    expect((await shopper.send('GET', EXPORT)).statusCode).toBe(403);
    const staff = await staffBrowser();
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: IMPORT,
      payload: { format: 'csv', content },
      headers: { cookie: staff.jar.header() },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toEqual({ detail: en('errors.csrf') });
    expect(await productCount()).toBe(before);
  });
});

describe('the import', () => {
  it('refuses a file with one bad row, naming the row and column in the caller’s language, and changes nothing', async () => {
    const staff = await staffBrowser();
    const rows = await sampleRows('bad');
    rows[2] = { ...rows[2], price: '12,50' };
    const before = await productCount();
    const versions = await dataVersions();
    const res = await importFile(staff, csvOf(rows), 'csv', 'de');
    expect(res.statusCode, res.body).toBe(400);
    const refusal = catalogueRefusalSchema.parse(res.json());
    // CSV rows as a spreadsheet numbers them: the header is row 1, the third product row 4.
    expect(refusal).toEqual({
      detail: de('staffImport.refused', { count: 1 }),
      count: 1,
      rows: [{ row: 4, column: 'price', message: de('staffImport.errors.price') }],
    });
    expect(await productCount()).toBe(before);
    expect(await dataVersions()).toEqual(versions);
    const [found] = await t.handle.db
      .select({ n: count() })
      .from(s.products)
      .where(eq(s.products.slug, 'bad-lamp'));
    expect(found!.n).toBe(0);
  });

  it('names unknown vendors, VAT rates, attribute values and parents, and bad columns', async () => {
    const staff = await staffBrowser();
    const [lamp] = await sampleRows('names');
    const rows: Row[] = [
      { ...lamp, vendor: 'no-such-vendor' },
      { ...lamp, slug: 'names-2', vat: 'nope', attributes: 'colour:ultraviolet' },
      { ...lamp, slug: 'names-3', parent: 'no-such-parent', title_en: '' },
      { ...lamp, slug: 'names-2' },
    ];
    const res = await importFile(staff, csvOf(rows));
    expect(res.statusCode).toBe(400);
    const { rows: errors } = catalogueRefusalSchema.parse(res.json());
    expect(errors).toEqual([
      {
        row: 2,
        column: 'vendor',
        message: en('staffImport.errors.unknownVendor', { vendor: 'no-such-vendor' }),
      },
      { row: 3, column: 'vat', message: en('staffImport.errors.unknownVat', { vat: 'nope' }) },
      {
        row: 3,
        column: 'attributes',
        message: en('staffImport.errors.unknownValue', { value: 'colour:ultraviolet' }),
      },
      { row: 4, column: 'title_en', message: en('forms.required', { field: 'title_en' }) },
      { row: 5, column: 'slug', message: en('staffImport.errors.slugTwice', { row: 3 }) },
    ]);
    const badHeader = await importFile(staff, 'slug,colour\nx,red\n');
    expect(catalogueRefusalSchema.parse(badHeader.json()).rows).toEqual([
      { row: 0, column: '', message: en('staffImport.errors.unknownColumn', { column: 'colour' }) },
    ]);
    const badJson = await importFile(staff, '{"rows": 3}', 'json');
    expect(catalogueRefusalSchema.parse(badJson.json()).rows[0]?.message).toBe(
      en('staffImport.errors.badJson'),
    );
  });

  it('applies a good file in one go; the same file again changes nothing', async () => {
    const staff = await staffBrowser();
    const db = t.handle.db;
    const { refs } = await shopNames();
    const rows = await sampleRows('good');
    const content = csvOf(rows);
    const before = await productCount();
    const first = await importFile(staff, content);
    expect(first.statusCode, first.body).toBe(200);
    expect(catalogueImportResultSchema.parse(first.json())).toEqual({
      total: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
    });
    expect(await productCount()).toBe(before + 3);
    const products = await db
      .select()
      .from(s.products)
      .where(inArray(s.products.slug, ['good-lamp', 'good-lamp-small', 'good-lamp-large']));
    const bySlug = (slug: string) => products.find((p) => p.slug === slug);
    const [lamp, small, large] = [
      bySlug('good-lamp'),
      bySlug('good-lamp-small'),
      bySlug('good-lamp-large'),
    ];
    expect(lamp).toMatchObject({ parentId: null, sku: 'GOOD-LAMP', price: 19.9, stock: null });
    expect(small).toMatchObject({ parentId: lamp!.id, price: 15.5, stock: 7, active: true });
    expect(large).toMatchObject({ parentId: lamp!.id, active: false, sorting: 2 });
    const texts = await db
      .select()
      .from(s.productTranslations)
      .where(eq(s.productTranslations.parentId, lamp!.id))
      .orderBy(asc(s.productTranslations.locale));
    expect(texts.map((r) => r.locale).sort()).toEqual(['de', 'en', 'it', 'ru']);
    expect(texts.find((r) => r.locale === 'en')).toMatchObject({
      title: 'Desk lamp, "brass"',
      description: 'A lamp.\nTwo lines.',
      metaTitle: 'Brass desk lamp',
      metaDescription: null,
    });
    const smallValues = await db
      .select()
      .from(s.productValues)
      .where(eq(s.productValues.productId, small!.id));
    expect(smallValues).toHaveLength(2);
    // The product's own copy of its values, which filters read (migration 0024), follows.
    expect(small!.valueIds).toEqual(smallValues.map((v) => v.valueId).sort((x, y) => x - y));
    const [log] = await db
      .select()
      .from(s.staffActions)
      .where(and(eq(s.staffActions.subject, 'catalogue'), eq(s.staffActions.action, 'import')))
      .orderBy(asc(s.staffActions.id));
    expect(log?.after).toEqual({ total: 3, created: 3, updated: 0, unchanged: 0 });
    expect(log?.userId).not.toBeNull();

    const versions = await dataVersions();
    const second = await importFile(staff, content);
    expect(second.json()).toEqual({ total: 3, created: 0, updated: 0, unchanged: 3 });
    expect(await productCount()).toBe(before + 3);
    // Nothing written, so no cache drops.
    expect(await dataVersions()).toEqual(versions);

    // A changed price, a language dropped and a value removed: exactly those rows change.
    const changed = structuredClone(rows);
    changed[0] = { ...changed[0], price: '21.00', title_it: '', description_it: '' };
    changed[1] = { ...changed[1], attributes: refs[0] };
    const third = await importFile(staff, csvOf(changed));
    expect(third.json()).toEqual({ total: 3, created: 0, updated: 2, unchanged: 1 });
    const itRows = await db
      .select()
      .from(s.productTranslations)
      .where(
        and(eq(s.productTranslations.parentId, lamp!.id), eq(s.productTranslations.locale, 'it')),
      );
    expect(itRows).toHaveLength(0);
    const smallAfter = await db
      .select()
      .from(s.productValues)
      .where(eq(s.productValues.productId, small!.id));
    expect(smallAfter).toHaveLength(1);
    const [smallRow] = await db
      .select({ valueIds: s.products.valueIds })
      .from(s.products)
      .where(eq(s.products.id, small!.id));
    expect(smallRow?.valueIds).toEqual([smallAfter[0]?.valueId]);
    expect(await dataVersions()).not.toEqual(versions);
  });

  it('streams its progress, then the result, when asked for NDJSON', async () => {
    const staff = await staffBrowser();
    const res = await staff.send(
      'POST',
      IMPORT,
      { format: 'csv', content: csvOf(await sampleRows('stream')) },
      { accept: 'application/x-ndjson' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const events = res.body
      .trim()
      .split('\n')
      .map((line) => catalogueImportEventSchema.parse(JSON.parse(line)));
    expect(events[0]).toEqual({ kind: 'progress', done: 0, total: 3 });
    expect(events.at(-2)).toEqual({ kind: 'progress', done: 3, total: 3 });
    expect(events.at(-1)).toEqual({
      kind: 'done',
      result: { total: 3, created: 3, updated: 0, unchanged: 0 },
    });
  });
});

describe('one transaction', () => {
  it('a failure in a later batch leaves nothing of the earlier ones, and the stream says so', async () => {
    const staff = await staffBrowser();
    const [lamp] = await sampleRows('atomic');
    // More rows than one batch; the database refuses the last one (a trigger of this test).
    const rows: Row[] = Array.from({ length: IMPORT_BATCH_ROWS + 1 }, (_, i) => ({
      ...lamp,
      slug: i === IMPORT_BATCH_ROWS ? 'atomic-boom' : `atomic-${i}`,
      attributes: '',
    }));
    await t.handle.db.execute(sql`
      CREATE FUNCTION test_refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'boom'; END $$`);
    await t.handle.db.execute(sql`
      CREATE TRIGGER test_refuse_boom BEFORE INSERT ON products FOR EACH ROW
      WHEN (NEW.slug = 'atomic-boom') EXECUTE FUNCTION test_refuse_boom()`);
    const before = await productCount();
    const versions = await dataVersions();
    const logs = await t.handle.db.select({ n: count() }).from(s.staffActions);
    try {
      const res = await staff.send(
        'POST',
        '/de/api/staff/catalogue/import/',
        { format: 'csv', content: csvOf(rows) },
        { accept: 'application/x-ndjson' },
      );
      const events = res.body
        .trim()
        .split('\n')
        .map((line) => catalogueImportEventSchema.parse(JSON.parse(line)));
      // The first batch was written (inside the transaction) before the second failed.
      expect(events).toContainEqual({
        kind: 'progress',
        done: IMPORT_BATCH_ROWS,
        total: IMPORT_BATCH_ROWS + 1,
      });
      expect(events.at(-1)).toEqual({ kind: 'failed', detail: de('staffImport.failed') });
    } finally {
      await t.handle.db.execute(sql`DROP TRIGGER test_refuse_boom ON products`);
      await t.handle.db.execute(sql`DROP FUNCTION test_refuse_boom()`);
    }
    expect(await productCount()).toBe(before);
    expect(await dataVersions()).toEqual(versions);
    expect(await t.handle.db.select({ n: count() }).from(s.staffActions)).toEqual(logs);
  });
});

describe('two imports at once', () => {
  it('never meet halfway: one after the other, or the second refused clearly with nothing of it written', async () => {
    const staff = await staffBrowser();
    const other = await staffBrowser();
    const [lamp] = await sampleRows('twice');
    const N = 1500;
    // The same new products, in opposite orders and at different prices: written row by row at
    // the same time, each would hold rows the other needs (a deadlock).
    const rows = (price: string): Row[] =>
      Array.from({ length: N }, (_, i) => ({
        ...lamp,
        slug: `twice-${String(i).padStart(4, '0')}`,
        sku: `TWICE-${i}`,
        price,
        attributes: '',
      }));
    const files = [csvOf(rows('1.00')), csvOf(rows('2.00').reverse())];
    const before = await productCount();
    const logCount = async () =>
      (await t.handle.db.select({ n: count() }).from(s.staffActions))[0]!.n;
    const logs = await logCount();
    // Streamed, as the import page asks: the progress shows whether an import was started over.
    const answers = await Promise.all(
      [staff, other].map((b, i) =>
        b.send(
          'POST',
          '/de/api/staff/catalogue/import/',
          { format: 'csv', content: files[i] },
          { accept: 'application/x-ndjson' },
        ),
      ),
    );
    const outcomes = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      const events = res.body
        .trim()
        .split('\n')
        .map((line) => catalogueImportEventSchema.parse(JSON.parse(line)));
      const last = events.at(-1);
      if (last?.kind === 'failed') {
        // Refused because the other was being applied, in the caller's language.
        expect(last.detail).toBe(de('staffImport.busy'));
        return null;
      }
      // Never back to the start: a deadlock, rolled back and run again, begins its progress anew.
      const done = events.flatMap((e) => (e.kind === 'progress' ? [e.done] : []));
      expect(done).toEqual([0, N]);
      if (last?.kind !== 'done') throw new Error(`import ended with ${JSON.stringify(last)}`);
      return last.result;
    });
    const applied = outcomes.flatMap((r, i) => (r ? [{ result: r, price: i === 0 ? 1 : 2 }] : []));
    expect(applied.length).toBeGreaterThanOrEqual(1);
    // One created them all; the other, if applied, then changed them all: never half of each.
    expect(applied.map((a) => a.result.created).sort((x, y) => x - y)).toEqual(
      applied.length === 2 ? [0, N] : [N],
    );
    expect(await productCount()).toBe(before + N);
    const prices = await t.handle.db
      .selectDistinct({ price: s.products.price })
      .from(s.products)
      .where(sql`${s.products.slug} LIKE 'twice-%'`);
    // Every row from one file: the only one applied, or the one applied second.
    const last = applied.find((a) => a.result.created === 0) ?? applied[0]!;
    expect(prices).toEqual([{ price: last.price }]);
    // A refused import leaves nothing in the staff log either.
    expect(await logCount()).toBe(logs + applied.length);
  });

  // PGlite has one connection: its transactions queue, and no second one can hold the lock.
  it.skipIf(!process.env.DATABASE_URL)(
    'the second is refused with 409, in the caller’s language, while one is being applied',
    async () => {
      const staff = await staffBrowser();
      const [lamp] = await sampleRows('held');
      const file = csvOf([{ ...lamp, attributes: '' }]);
      // Another import being applied: its lock held by a transaction of this test.
      const result: unknown = await t.handle.db.execute(sql`SELECT current_database() AS name`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${(result as { rows: { name: string }[] }).rows[0]!.name}`;
      const holder = await openDatabase({ url: url.toString(), poolSize: 1 });
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holding = holder.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_KEY.toString()}::bigint)`);
        locked();
        await released;
      });
      try {
        await isLocked;
        const before = await productCount();
        const res = await importFile(staff, file, 'csv', 'ru');
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ detail: translatorFor('ru')('staffImport.busy') });
        expect(await productCount()).toBe(before);
      } finally {
        release();
        await holding;
        await holder.close();
      }
      // Once it is done, the same file goes in.
      expect((await importFile(staff, file)).statusCode).toBe(200);
    },
  );
});

describe('the export', () => {
  it('writes the whole catalogue; imported back, CSV or JSON, it changes nothing', async () => {
    const staff = await staffBrowser();
    const csv = await staff.send('GET', EXPORT);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const table = parseCsv(csv.body);
    expect(table[0]).toEqual([...CATALOGUE_COLUMNS]);
    expect(table.length - 1).toBe(await productCount());
    const versions = await dataVersions();
    const back = await importFile(staff, csv.body);
    expect(back.statusCode, back.body.slice(0, 2000)).toBe(200);
    const result = catalogueImportResultSchema.parse(back.json());
    expect(result).toMatchObject({ created: 0, updated: 0, unchanged: table.length - 1 });

    const json = await staff.send('GET', `${EXPORT}?format=json`);
    expect(json.headers['content-type']).toContain('application/json');
    const parsed = JSON.parse(json.body) as { rows: Record<string, unknown>[] };
    expect(parsed.rows).toHaveLength(table.length - 1);
    const again = await importFile(staff, json.body, 'json');
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: table.length - 1 });
    expect(await dataVersions()).toEqual(versions);
    // Export → import → export: the same file.
    expect((await staff.send('GET', EXPORT)).body).toBe(csv.body);
  });
});
