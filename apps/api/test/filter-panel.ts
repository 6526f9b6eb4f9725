import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { facetsSchema, filtersAttributesSchema, type FilterAttribute } from '@shop/contract';
import { facetCounts } from '@shop/domain';
import { rowsOf } from '../src/db/rows.ts';
import { useTestApp } from './helpers.ts';
import { getOk, listedProducts } from './catalogue.ts';

/*
 * The filter panel's answers (get_filters_attributes, facets, price_range) against their
 * definition written as one plain SQL query over every listed product (what the panel ran before
 * issue 26 counted it per attribute at a million products, decisions 0065 and 0074): per value,
 * the listed products in the other filters' scope that carry it; the facet counts are the
 * domain's `facetCounts` rule on that. In every locale, for every kind of scope (none, a price
 * range, a vendor, a search, listed attributes) and of ticked combination (one value, values of
 * one attribute, of several, an unknown id). The seeded shop is given the cases a query could get
 * wrong: an inactive carrier, a variation carrying values, a product with two values of one
 * attribute, a value no listed product carries.
 */

/** The cases, on an app with the catalogue index on (`indexed`, decision 0085) or off. */
export function describeFilterPanel({ indexed }: { indexed: boolean }) {
  const t = useTestApp(indexed ? { catalogueIndex: { enabled: true } } : {});

  const LOCALES = ['en', 'de', 'ru', 'it'] as const;

  type Scope = {
    price__gte?: number;
    price__lte?: number;
    vendor?: number;
    query?: string;
    attrs__id?: number[];
  };

  /** The query string of a scope and ticked values. */
  function queryOf(scope: Scope, ticked: number[] = []) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(scope))
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
    for (const id of ticked) params.append('values__id', String(id));
    return params.toString();
  }

  /** The products a search matches, as the list answers them (every page). */
  async function searchMatches(locale: string, text: string) {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const body = (
        await t.app.inject(
          `/${locale}/api/products/products/?query=${encodeURIComponent(text)}&page_size=100&page=${page}`,
        )
      ).json<{ results: { id: number }[]; next: string | null }>();
      ids.push(...body.results.map((r) => r.id));
      if (!body.next) return ids;
    }
  }

  /** The scope's conditions on the product row `p`, as plain SQL. */
  async function scopeSql(locale: string, scope: Scope): Promise<SQL> {
    const parts: SQL[] = [sql`p.active AND p.parent_id IS NULL`];
    if (scope.price__gte !== undefined) parts.push(sql`p.price >= ${scope.price__gte}`);
    if (scope.price__lte !== undefined) parts.push(sql`p.price <= ${scope.price__lte}`);
    if (scope.vendor !== undefined) parts.push(sql`p.vendor_id = ${scope.vendor}`);
    if (scope.query !== undefined) {
      const ids = await searchMatches(locale, scope.query);
      parts.push(sql`p.id = ANY(${`{${ids.join(',')}}`}::int[])`);
    }
    for (const attribute of scope.attrs__id ?? [])
      parts.push(sql`EXISTS (SELECT 1 FROM product_values x
      JOIN attribute_values xv ON xv.id = x.value_id
      WHERE x.product_id = p.id AND xv.attribute_id = ${attribute})`);
    return sql.join(parts, sql` AND `);
  }

  /** get_filters_attributes by definition: every carried value, its listed carriers in the scope. */
  async function filterValues(locale: string, scope: Scope): Promise<FilterAttribute[]> {
    const result = await t.handle.db.execute(sql`
    SELECT a.id AS attribute, coalesce(nullif(atl.title, ''), aten.title, '') AS attribute_title,
      v.id, coalesce(nullif(vtl.title, ''), vten.title, '') AS title,
      array_agg(p.id ORDER BY p.id) AS products
    FROM product_values pv
    JOIN products p ON p.id = pv.product_id
    JOIN attribute_values v ON v.id = pv.value_id
    JOIN attributes a ON a.id = v.attribute_id
    LEFT JOIN attribute_translations atl ON atl.parent_id = a.id AND atl.locale = ${locale}
    LEFT JOIN attribute_translations aten ON aten.parent_id = a.id AND aten.locale = 'en'
    LEFT JOIN attribute_value_translations vtl ON vtl.parent_id = v.id AND vtl.locale = ${locale}
    LEFT JOIN attribute_value_translations vten ON vten.parent_id = v.id AND vten.locale = 'en'
    WHERE ${await scopeSql(locale, scope)}
    GROUP BY a.id, a.sorting, atl.title, aten.title, v.id, v.sorting, vtl.title, vten.title
    ORDER BY a.sorting, a.id, v.sorting, v.id`);
    const attributes: FilterAttribute[] = [];
    for (const row of rowsOf<{
      attribute: number;
      attribute_title: string;
      id: number;
      title: string;
      products: number[];
    }>(result)) {
      const attribute = Number(row.attribute);
      if (attributes.at(-1)?.id !== attribute)
        attributes.push({ id: attribute, title: row.attribute_title, values: [] });
      attributes.at(-1)!.values.push({
        id: Number(row.id),
        title: row.title,
        attribute,
        products: row.products.map(Number),
      });
    }
    return attributes;
  }

  /** price_range by definition: the lowest and highest price the scope and ticked values leave. */
  async function priceRangeOf(locale: string, scope: Scope, ticked: number[]) {
    const { price__gte: _gte, price__lte: _lte, ...rest } = scope;
    const groups = rowsOf<{ ids: number[] }>(
      await t.handle.db.execute(sql`
      SELECT array_agg(id) AS ids FROM attribute_values
      WHERE id = ANY(${`{${ticked.join(',')}}`}::int[]) GROUP BY attribute_id`),
    ).map((r) => r.ids.map(Number));
    const ticks = groups.map(
      (ids) => sql`EXISTS (SELECT 1 FROM product_values y
      WHERE y.product_id = p.id AND y.value_id = ANY(${`{${ids.join(',')}}`}::int[]))`,
    );
    const [row] = rowsOf<{ min: string | null; max: string | null }>(
      await t.handle.db.execute(sql`
      SELECT min(p.price) AS min, max(p.price) AS max FROM products p
      WHERE ${sql.join([await scopeSql(locale, rest), ...ticks], sql` AND `)}`),
    );
    return { min: Number(row?.min ?? 0), max: Number(row?.max ?? 0) };
  }

  let scopes: Scope[] = [];
  let combinations: number[][] = [];

  beforeAll(async () => {
    const db = t.handle.db;
    const listed = await listedProducts(t);
    const attributes = await filterValues('en', {});
    const [first, second, third] = attributes;
    expect(third, 'the seeded shop has three attributes with values').toBeDefined();
    const carrier = (valueId: number, n = 0) =>
      attributes.flatMap((a) => a.values).find((v) => v.id === valueId)!.products[n]!;
    // An inactive carrier and a variation carrying values: neither is listed.
    await db.execute(
      sql`UPDATE products SET active = false WHERE id = ${carrier(first!.values[0]!.id)}`,
    );
    const [variation] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM products WHERE parent_id IS NOT NULL LIMIT 1`),
    );
    if (variation)
      await db.execute(sql`
      INSERT INTO product_values (product_id, value_id)
      VALUES (${variation.id}, ${first!.values[0]!.id}), (${variation.id}, ${second!.values[0]!.id})
      ON CONFLICT DO NOTHING`);
    // A product with two values of one attribute.
    await db.execute(sql`
    INSERT INTO product_values (product_id, value_id)
    VALUES (${carrier(second!.values[0]!.id, 1)}, ${second!.values[1]!.id})
    ON CONFLICT DO NOTHING`);
    const vendor = listed.find((p) => p.vendorId !== null)!.vendorId;
    scopes = [
      {},
      { price__lte: 30 },
      { price__gte: 20, price__lte: 80 },
      { vendor },
      { query: 'linen' },
      { attrs__id: [first!.id] },
    ];
    const [a0, a1] = first!.values.map((v) => v.id);
    const [b0, b1] = second!.values.map((v) => v.id);
    const [c0] = third!.values.map((v) => v.id);
    combinations = [
      [a0!],
      [a0!, a1!],
      [a0!, b0!],
      [a0!, a1!, b0!],
      [a0!, b0!, b1!, c0!],
      [b0!, c0!],
      [c0!, 999_999],
      [999_999],
    ];
    // The index (when on) loaded after the changes above, as it would be within its refresh.
    await t.app.catalogueIndex?.refresh();
  });

  describe(`the filter panel, as defined${indexed ? ', from the catalogue index' : ''}`, () => {
    it.each(LOCALES)(
      '%s: get_filters_attributes, facets and price_range in every scope and combination',
      async (locale) => {
        let narrowed = 0;
        for (const scope of scopes) {
          const expected = await filterValues(locale, scope);
          const url = `/${locale}/api/products`;
          expect(
            await getOk(
              t,
              `${url}/get_filters_attributes/?${queryOf(scope)}`,
              filtersAttributesSchema,
            ),
            queryOf(scope),
          ).toEqual(expected);
          for (const ticked of [[], ...combinations]) {
            const query = queryOf(scope, ticked);
            const counts = facetCounts(expected, ticked);
            const facets = await getOk(t, `${url}/facets/?${query}`, facetsSchema);
            expect(facets, query).toEqual(
              expected.map((a) => ({
                id: a.id,
                title: a.title,
                values: a.values.map((v) => ({
                  id: v.id,
                  title: v.title,
                  attribute: a.id,
                  count: counts.get(v.id),
                })),
              })),
            );
            const carriers = new Map(
              expected.flatMap((a) => a.values.map((v) => [v.id, v.products.length] as const)),
            );
            if ([...counts].some(([id, n]) => n !== carriers.get(id))) narrowed++;
            expect(
              (await t.app.inject(`${url}/products/price_range/?${query}`)).json(),
              query,
            ).toEqual(await priceRangeOf(locale, scope, ticked));
          }
        }
        // The combinations must narrow counts, or the comparison would prove little.
        expect(narrowed).toBeGreaterThan(20);
      },
    );
  });
}
