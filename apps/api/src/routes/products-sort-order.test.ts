import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { paginated, productCardSchema } from '@shop/contract';
import { rowsOf } from '#api/db/rows.ts';
import { useTestApp } from '../../test/helpers.ts';
import { getOk, listedProducts, login, userId } from '../../test/catalogue.ts';

/*
 * The list's title and price orders, page after page, against their definition written as one
 * plain SQL sort over every listed product (what the list ran before issue 26 made both read an
 * index, decision 0069): the same ids in the same order, in every locale, for an anonymous
 * shopper, a shopper with discounts of their own and one with a discount on everything. The seeded
 * shop is given the cases an index could get wrong first: a title left empty and a missing
 * translation (both fall back to English), equal titles and equal shown prices (the id decides),
 * a discounted price equal to a plain one, discounts expired or not started yet.
 */

const t = useTestApp();
const page = paginated(productCardSchema);
const LOCALES = ['en', 'de', 'ru', 'it'] as const;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Every page of `/locale/api/products/products/?sort=…` with this page size (and `filter`, a
 * query string's further parameters), ids in order.
 */
async function pagedIds(
  locale: string,
  sort: string,
  pageSize: number,
  cookie?: string,
  filter = '',
) {
  const ids: number[] = [];
  for (let n = 1; ; n++) {
    const url = `/${locale}/api/products/products/?sort=${sort}&page_size=${pageSize}&page=${n}${filter}`;
    const body = await getOk(t, url, page, cookie ? { cookie } : {});
    ids.push(...body.results.map((c) => c.id));
    if (!body.next) {
      expect(ids.length).toBe(body.count);
      return ids;
    }
  }
}

/** The title order by definition: the locale's title, else the English one, else ''. */
async function titleOrder(locale: string, descending: boolean) {
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const result = await t.handle.db.execute(sql`
    SELECT p.id FROM products p
    LEFT JOIN product_translations l ON l.parent_id = p.id AND l.locale = ${locale}
    LEFT JOIN product_translations e ON e.parent_id = p.id AND e.locale = 'en'
    WHERE p.active AND p.parent_id IS NULL
    ORDER BY coalesce(nullif(l.title, ''), e.title, '') COLLATE "und-x-icu" ${direction}, p.id`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * The price order by definition: list price less the biggest discount valid now for the user;
 * with `groups`, of the products carrying a value of each group (a ticked attribute's values).
 */
async function priceOrder(user: number | null, descending: boolean, groups: number[][] = []) {
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const mine = user === null ? sql`false` : sql`d.user_id = ${user}`;
  const carrying = groups.map(
    (values) =>
      sql` AND p.id IN (SELECT product_id FROM product_values
        WHERE value_id = ANY(${`{${values.join(',')}}`}::int[]))`,
  );
  const result = await t.handle.db.execute(sql`
    SELECT p.id FROM products p
    WHERE p.active AND p.parent_id IS NULL${sql.join(carrying, sql``)}
    ORDER BY p.price - round(p.price * coalesce((
      SELECT max(d.value) FROM discounts d
      WHERE ((d.product_id = p.id AND (d.user_id IS NULL OR ${mine}))
          OR (${mine} AND d.product_id IS NULL AND d.bundle_id IS NULL))
        AND (d.starts_at IS NULL OR d.starts_at <= now())
        AND (d.ends_at IS NULL OR d.ends_at > now())), 0) / 100, 2) ${direction},
      p.id ${direction}`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

let shopper: { cookie: string; id: number };
let staff: { cookie: string; id: number };
/** Two values of one attribute and a value of another, carried by the priced cases below. */
let ticked: { a1: number; a2: number; b1: number };

beforeAll(async () => {
  const db = t.handle.db;
  const listed = await listedProducts(t);
  expect(listed.length).toBeGreaterThan(20);
  const [a, b, c, d, e, f, g, h, i, j] = listed.map((p) => p.id);
  // A German title left empty and an Italian translation missing: both show the English title.
  await db.execute(
    sql`UPDATE product_translations SET title = '' WHERE parent_id = ${a} AND locale = 'de'`,
  );
  await db.execute(sql`DELETE FROM product_translations WHERE parent_id = ${b} AND locale = 'it'`);
  // Equal titles in every locale: the id decides.
  await db.execute(sql`
    UPDATE product_translations SET title = 'Zwillinge ' || locale
    WHERE parent_id IN (${c}, ${d}, ${e})`);
  // Prices: a plain €50.00 (f), €100.00 less a valid 50 % (g) shows €50.00 too; an expired
  // and a future discount change nothing (h, i), and j shows €50.00 less 1 cent to the shopper only.
  await db.execute(sql`UPDATE products SET price = 50 WHERE id IN (${f}, ${h}, ${i})`);
  await db.execute(sql`UPDATE products SET price = 100 WHERE id = ${g}`);
  await db.execute(sql`UPDATE products SET price = 50.01 WHERE id = ${j}`);
  const now = Date.now();
  shopper = {
    ...(await login(t, 'shopper@example.com')),
    id: await userId(t, 'shopper@example.com'),
  };
  staff = { ...(await login(t, 'staff@example.com')), id: await userId(t, 'staff@example.com') };
  await db.execute(sql`DELETE FROM discounts WHERE product_id IN (${f}, ${g}, ${h}, ${i}, ${j})`);
  await db.execute(sql`
    INSERT INTO discounts (product_id, user_id, value, starts_at, ends_at) VALUES
      (${g}, NULL, 50, NULL, NULL),
      (${h}, NULL, 30, ${new Date(now - 10 * DAY).toISOString()}, ${new Date(now - DAY).toISOString()}),
      (${i}, NULL, 30, ${new Date(now + DAY).toISOString()}, NULL),
      (${j}, ${shopper.id}, 1, NULL, NULL),
      (NULL, ${staff.id}, 15, NULL, NULL)`);
  // A value filter's price order (decision 0082): the priced cases carry two values of one
  // attribute, two of them a value of another; a product no list shows carries them too, with
  // the biggest discount (its price must not come in through the value index's carriers).
  const values = rowsOf<{ attribute: number; ids: number[] }>(
    await db.execute(sql`SELECT attribute_id AS attribute, array_agg(id ORDER BY id) AS ids
      FROM attribute_values GROUP BY attribute_id HAVING count(*) >= 2 ORDER BY attribute_id`),
  );
  expect(values.length).toBeGreaterThanOrEqual(2);
  const [a1, a2] = values[0]!.ids.map(Number);
  const [b1] = values[1]!.ids.map(Number);
  ticked = { a1: a1!, a2: a2!, b1: b1! };
  const k = listed[10]!.id;
  await db.execute(sql`UPDATE products SET active = false, price = 1 WHERE id = ${k}`);
  await db.execute(sql`INSERT INTO discounts (product_id, user_id, value) VALUES (${k}, NULL, 90)`);
  await db.execute(sql`
    INSERT INTO product_values (product_id, value_id)
    SELECT p, v FROM unnest(${`{${[f, g, h, i, j, k].join(',')}}`}::int[]) p,
      unnest(${`{${a1},${a2}}`}::int[]) v
    UNION ALL SELECT p, ${b1}::int FROM unnest(${`{${[f, g, k].join(',')}}`}::int[]) p
    ON CONFLICT DO NOTHING`);
});

describe('product list: title order, as defined', () => {
  it.each(LOCALES)('%s, ascending and descending, page by page', async (locale) => {
    const up = await titleOrder(locale, false);
    expect(await pagedIds(locale, 'title', 7)).toEqual(up);
    expect(await pagedIds(locale, '-title', 5)).toEqual(await titleOrder(locale, true));
    // The cases above are in it: the equal titles next to each other, by id.
    const listed = (await listedProducts(t)).map((p) => p.id);
    const twins = listed.slice(2, 5).sort((x, y) => x - y);
    const at = up.indexOf(twins[0]!);
    expect(up.slice(at, at + 3)).toEqual(twins);
  });
});

describe('product list: shown-price order, as defined', () => {
  it('anonymous, ascending and descending, page by page', async () => {
    const up = await priceOrder(null, false);
    expect(await pagedIds('en', 'price', 7)).toEqual(up);
    expect(await pagedIds('de', '-price', 5)).toEqual(await priceOrder(null, true));
    // The €50.00 ties, plain and discounted, by id; the expired and future discounts with them.
    const [, , , , , f, g, h, i] = (await listedProducts(t)).map((p) => p.id);
    const fifty = [f!, g!, h!, i!].sort((x, y) => x - y);
    const at = up.indexOf(fifty[0]!);
    expect(up.slice(at, at + 4)).toEqual(fifty);
  });

  it("a shopper's own discounts move their products", async () => {
    const up = await priceOrder(shopper.id, false);
    expect(up).not.toEqual(await priceOrder(null, false));
    expect(await pagedIds('en', 'price', 7, shopper.cookie)).toEqual(up);
    expect(await pagedIds('en', '-price', 5, shopper.cookie)).toEqual(
      await priceOrder(shopper.id, true),
    );
  });

  it('a discount on everything (every price moves)', async () => {
    expect(await pagedIds('en', 'price', 7, staff.cookie)).toEqual(
      await priceOrder(staff.id, false),
    );
    expect(await pagedIds('en', '-price', 5, staff.cookie)).toEqual(
      await priceOrder(staff.id, true),
    );
  });
});

describe('product list: shown-price order of a value filter, as defined', () => {
  const query = (values: number[]) => values.map((v) => `&values__id=${v}`).join('');

  it("one ticked attribute (its carriers from the value index): anonymous and the shopper's", async () => {
    for (const values of [[ticked.a1], [ticked.a1, ticked.a2]]) {
      const up = await priceOrder(null, false, [values]);
      // The priced cases are in it: the discounted €100.00 among them.
      expect(up.length).toBeGreaterThan(4);
      expect(await pagedIds('en', 'price', 3, undefined, query(values))).toEqual(up);
      expect(await pagedIds('en', '-price', 2, undefined, query(values))).toEqual(
        await priceOrder(null, true, [values]),
      );
      expect(await pagedIds('en', 'price', 3, shopper.cookie, query(values))).toEqual(
        await priceOrder(shopper.id, false, [values]),
      );
    }
  });

  it('two ticked attributes (their matches resolved to ids, and counted from them)', async () => {
    const groups = [[ticked.a1, ticked.a2], [ticked.b1]];
    const values = groups.flat();
    const up = await priceOrder(null, false, groups);
    expect(up.length).toBeGreaterThan(1);
    // pagedIds checks the count against the ids too.
    expect(await pagedIds('en', 'price', 1, undefined, query(values))).toEqual(up);
    expect(await pagedIds('en', '-price', 1, undefined, query(values))).toEqual(
      await priceOrder(null, true, groups),
    );
    const byId = (ids: number[]) => [...ids].sort((x, y) => x - y);
    expect(byId(await pagedIds('en', 'sorting', 1, undefined, query(values)))).toEqual(byId(up));
  });
});
