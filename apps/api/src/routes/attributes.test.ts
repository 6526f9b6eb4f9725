import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  attributeDetailSchema,
  attributeSchema,
  contentItemSchema,
  paginated,
  valueSchema,
} from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { expectFieldError, expectNotFound, get, getOk } from '../../test/catalogue.ts';

const t = useTestApp();

const attributePage = paginated(attributeSchema);
const valuePage = paginated(valueSchema);
const searchPage = paginated(contentItemSchema);

/** Attributes in their shop order, with their English and German titles. */
async function attributeRows() {
  const rows = await t.handle.db
    .select()
    .from(s.attributes)
    .orderBy(asc(s.attributes.sorting), asc(s.attributes.id));
  const translations = await t.handle.db.select().from(s.attributeTranslations);
  const title = (id: number, locale: 'en' | 'de') =>
    translations.find((r) => r.parentId === id && r.locale === locale)?.title;
  return rows.map((r) => ({ ...r, en: title(r.id, 'en')!, de: title(r.id, 'de')! }));
}

/** Values in their shop order (attribute order, then the value's own), with titles. */
async function valueRows() {
  const rows = await t.handle.db
    .select({
      id: s.attributeValues.id,
      slug: s.attributeValues.slug,
      attributeId: s.attributeValues.attributeId,
    })
    .from(s.attributeValues)
    .innerJoin(s.attributes, eq(s.attributes.id, s.attributeValues.attributeId))
    .orderBy(asc(s.attributes.sorting), asc(s.attributeValues.sorting), asc(s.attributeValues.id));
  const translations = await t.handle.db.select().from(s.attributeValueTranslations);
  const title = (id: number, locale: 'en' | 'de') =>
    translations.find((r) => r.parentId === id && r.locale === locale)?.title;
  return rows.map((r) => ({ ...r, en: title(r.id, 'en')!, de: title(r.id, 'de')! }));
}

async function attributeBySlug(slug: string) {
  const found = (await attributeRows()).find((a) => a.slug === slug);
  if (!found) throw new Error(`no attribute ${slug}`);
  return found;
}

describe('attributes', () => {
  it('lists the attributes in shop order, paged', async () => {
    const rows = await attributeRows();
    expect(rows.length).toBeGreaterThan(4);
    const all = await getOk(t, '/en/api/products/attributes/?page_size=100', attributePage);
    expect(all.count).toBe(rows.length);
    expect(all.results.map((a) => a.id)).toEqual(rows.map((r) => r.id));
    expect(all.results.map((a) => a.title)).toEqual(rows.map((r) => r.en));
    expect(all.next).toBeNull();

    const first = await getOk(t, '/en/api/products/attributes/?page_size=4', attributePage);
    expect(first.count).toBe(rows.length);
    expect(first.results.map((a) => a.id)).toEqual(rows.slice(0, 4).map((r) => r.id));
    expect(first.previous).toBeNull();
    const next = new URL(first.next!);
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('page_size')).toBe('4');

    const second = await getOk(t, `${next.pathname}${next.search}`, attributePage);
    expect(second.results.map((a) => a.id)).toEqual(rows.slice(4, 8).map((r) => r.id));
    expect(new URL(second.previous!).searchParams.has('page')).toBe(false);

    const beyond = await getOk(t, '/en/api/products/attributes/?page=99', attributePage);
    expect(beyond).toMatchObject({ count: rows.length, results: [], next: null });
  });

  it('answers one attribute by id or slug, translated', async () => {
    const colour = await attributeBySlug('colour');
    const en = await getOk(t, `/en/api/products/attributes/${colour.id}/`, attributeSchema);
    expect(en).toMatchObject({
      id: colour.id,
      ref: 'attribute',
      slug: `colour-${colour.id}`,
      slugUri: `/attributes/colour-${colour.id}/`,
      title: colour.en,
    });
    expect(en.title).toBe('Colour');
    const de = await getOk(t, `/de/api/products/attributes/colour-${colour.id}/`, attributeSchema);
    expect(de.id).toBe(colour.id);
    expect(de.title).toBe(colour.de);
    expect(de.title).not.toBe(en.title);
    expect(de.meta.title).toBe(de.title);
  });

  it('details an attribute with exactly its values, in order', async () => {
    const values = await valueRows();
    for (const attribute of await attributeRows()) {
      const detail = await getOk(
        t,
        `/en/api/products/attributes/${attribute.id}/detail/`,
        attributeDetailSchema,
      );
      expect(detail.id).toBe(attribute.id);
      const own = values.filter((v) => v.attributeId === attribute.id);
      expect(own.length).toBeGreaterThan(0);
      expect(detail.values.map((v) => v.id)).toEqual(own.map((v) => v.id));
      expect(detail.values.map((v) => v.title)).toEqual(own.map((v) => v.en));
      expect(detail.values.every((v) => v.attribute.id === attribute.id)).toBe(true);
    }
    const colour = await attributeBySlug('colour');
    const de = await getOk(
      t,
      `/de/api/products/attributes/${colour.id}/detail/`,
      attributeDetailSchema,
    );
    expect(de.values.map((v) => v.title)).toEqual(
      values.filter((v) => v.attributeId === colour.id).map((v) => v.de),
    );
    expect(de.values.every((v) => v.attribute.title === colour.de)).toBe(true);
  });

  it.each([
    '/en/api/products/attributes/999999/',
    '/en/api/products/attributes/999999/detail/',
    '/en/api/products/attributes/no-such-attribute-999999/',
  ])('answers 404 JSON for an unknown attribute: %s', async (url) => {
    await expectNotFound(t, url);
  });

  it.each(['/en/api/products/attributes/2147483648/', '/en/api/products/values/99999999999/'])(
    'answers an id past 32 bits without a server error: %s',
    async (url) => {
      const res = await get(t, url);
      expect([400, 404], `${url}: ${res.body}`).toContain(res.statusCode);
    },
  );

  it.each([
    ['/en/api/products/attributes/?page=0', 'page'],
    ['/en/api/products/attributes/?page_size=1000', 'page_size'],
    ['/en/api/products/values/?page=x', 'page'],
    ['/en/api/products/values/attribute/1?page=-1', 'page'],
  ])('answers 400 for bad paging: %s', async (url, field) => {
    await expectFieldError(t, url, field);
  });
});

describe('values', () => {
  it('lists every value in shop order, paged', async () => {
    const rows = await valueRows();
    const all = await getOk(t, '/en/api/products/values/?page_size=100', valuePage);
    expect(all.count).toBe(rows.length);
    expect(all.results.map((v) => v.id)).toEqual(rows.map((r) => r.id));

    const first = await getOk(t, '/en/api/products/values/', valuePage);
    expect(first.results).toHaveLength(12);
    expect(first.results.map((v) => v.id)).toEqual(rows.slice(0, 12).map((r) => r.id));
    const second = await getOk(t, '/en/api/products/values/?page=2', valuePage);
    expect(second.results.map((v) => v.id)).toEqual(rows.slice(12, 24).map((r) => r.id));
    expect(new URL(second.previous!).searchParams.has('page')).toBe(false);
  });

  it("lists one attribute's values only, paged", async () => {
    const colour = await attributeBySlug('colour');
    const own = (await valueRows()).filter((v) => v.attributeId === colour.id);
    expect(own.length).toBeGreaterThan(3);
    const all = await getOk(t, `/en/api/products/values/attribute/${colour.id}`, valuePage);
    expect(all.count).toBe(own.length);
    expect(all.results.map((v) => v.id)).toEqual(own.map((v) => v.id));
    expect(all.results.every((v) => v.attribute.id === colour.id)).toBe(true);

    const first = await getOk(
      t,
      `/en/api/products/values/attribute/${colour.id}?page_size=2`,
      valuePage,
    );
    expect(first.count).toBe(own.length);
    expect(first.results.map((v) => v.id)).toEqual(own.slice(0, 2).map((v) => v.id));
    const next = new URL(first.next!);
    expect(next.pathname).toBe(`/en/api/products/values/attribute/${colour.id}`);
    const second = await getOk(t, `${next.pathname}${next.search}`, valuePage);
    expect(second.results.map((v) => v.id)).toEqual(own.slice(2, 4).map((v) => v.id));

    // By slug as well.
    const bySlug = await getOk(
      t,
      `/en/api/products/values/attribute/colour-${colour.id}`,
      valuePage,
    );
    expect(bySlug.results.map((v) => v.id)).toEqual(own.map((v) => v.id));
  });

  it('answers one value with its attribute, translated', async () => {
    const colour = await attributeBySlug('colour');
    const [white] = await t.handle.db
      .select()
      .from(s.attributeValues)
      .where(
        and(eq(s.attributeValues.attributeId, colour.id), eq(s.attributeValues.slug, 'white')),
      );
    const en = await getOk(t, `/en/api/products/values/${white!.id}/`, valueSchema);
    expect(en).toMatchObject({
      id: white!.id,
      ref: 'value',
      slug: `white-${white!.id}`,
      slugUri: `/values/white-${white!.id}/`,
      title: 'White',
      attribute: { id: colour.id, title: 'Colour' },
    });
    const de = await getOk(t, `/de/api/products/values/white-${white!.id}/`, valueSchema);
    expect(de).toMatchObject({ id: white!.id, title: 'Weiß', attribute: { title: 'Farbe' } });
    expect(de.description).not.toBe(en.description);
  });

  it.each(['/en/api/products/values/999999/', '/en/api/products/values/attribute/999999'])(
    'answers 404 JSON for an unknown value or attribute: %s',
    async (url) => {
      await expectNotFound(t, url);
    },
  );
});

describe('search', () => {
  const searchAttributes = (locale: string, query: string, extra = '') =>
    getOk(
      t,
      `/${locale}/api/products/attributes/search?query=${encodeURIComponent(query)}${extra}`,
      searchPage,
    );
  const searchValues = (locale: string, query: string, extra = '') =>
    getOk(
      t,
      `/${locale}/api/products/values/search?query=${encodeURIComponent(query)}${extra}`,
      searchPage,
    );

  it('finds attributes by part of the title, and by a misspelt title', async () => {
    const colour = await attributeBySlug('colour');
    for (const query of ['olou', 'COLOUR', 'Colur']) {
      const found = await searchAttributes('en', query);
      expect(
        found.results.map((r) => r.id),
        query,
      ).toContain(colour.id);
      expect(found.results.every((r) => r.ref === 'attribute')).toBe(true);
    }
    const found = await searchAttributes('en', 'olou');
    expect(found.results.find((r) => r.id === colour.id)).toMatchObject({
      title: 'Colour',
      slugUri: `/attributes/colour-${colour.id}/`,
    });
    // The locale's own title, answered in the locale.
    const de = await searchAttributes('de', 'Farb');
    expect(de.results.find((r) => r.id === colour.id)?.title).toBe('Farbe');
    expect((await searchAttributes('en', 'zzqqxx')).count).toBe(0);
  });

  it('finds values by part of the title, and by a misspelt title', async () => {
    const values = await valueRows();
    const indigo = values.find((v) => v.slug === 'indigo')!;
    const charcoal = values.find((v) => v.slug === 'charcoal')!;
    const porcelain = values.find((v) => v.slug === 'porcelain')!;
    expect((await searchValues('en', 'porcel')).results.map((r) => r.id)).toContain(porcelain.id);
    expect((await searchValues('en', 'Indgo')).results.map((r) => r.id)).toContain(indigo.id);
    expect((await searchValues('en', 'Charcol')).results.map((r) => r.id)).toContain(charcoal.id);
    const de = await searchValues('de', 'Porzell');
    expect(de.results.find((r) => r.id === porcelain.id)).toMatchObject({
      ref: 'value',
      title: 'Porzellan',
    });
    // Nothing unrelated: every hit contains the text or resembles it.
    const linen = await searchValues('en', 'linen');
    expect(linen.results.map((r) => r.title)).toContain('Linen');
    expect(linen.results.every((r) => r.ref === 'value')).toBe(true);
  });

  it('pages search results', async () => {
    // Every size value carries a dash ('S – Small').
    const all = await searchValues('en', '–', '&page_size=100');
    expect(all.count).toBeGreaterThan(2);
    const first = await searchValues('en', '–', '&page_size=2');
    expect(first.count).toBe(all.count);
    expect(first.results.map((r) => r.id)).toEqual(all.results.slice(0, 2).map((r) => r.id));
    expect(new URL(first.next!).searchParams.get('page')).toBe('2');
  });

  it('treats LIKE wildcards as plain text', async () => {
    expect((await searchValues('en', '%')).count).toBe(0);
    expect((await searchAttributes('en', '_')).count).toBe(0);
  });

  it.each([
    '/en/api/products/attributes/search',
    '/en/api/products/attributes/search?query=',
    '/en/api/products/values/search?query=%20%20',
  ])('answers 400 for a missing or empty query: %s', async (url) => {
    await expectFieldError(t, url, 'query');
  });
});
