import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Discount as ContractDiscount } from '@shop/contract';
import { priceProduct, type Discount } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';

/*
 * Discounts as stored, turned into the domain's prices: the one place the API prices an item.
 */

/** Who is asking, and when: user discounts and validity windows depend on both. */
export type PricingContext = { userId: number | null; now: Date; cartEnabled: boolean };

export type DiscountRow = typeof s.discounts.$inferSelect;

/** Discounts by item: its own, the user's on it, and the user's on everything. */
export type Discounts = {
  own: Map<number, DiscountRow[]>;
  user: Map<number, DiscountRow[]>;
  userEverywhere: DiscountRow[];
};
const toDomainDiscount = (d: DiscountRow): Discount => ({
  value: d.value,
  start: d.startsAt,
  end: d.endsAt,
  user: d.userId !== null,
});
export const toContractDiscount = (d: DiscountRow): ContractDiscount => ({
  value: d.value,
  start: d.startsAt?.toISOString() ?? null,
  end: d.endsAt?.toISOString() ?? null,
  user: d.userId !== null,
});

/** Discounts of the given products or bundles: their own, the user's on them, the user's on everything. */
export async function discountsFor(
  db: Database,
  target: 'product' | 'bundle',
  ids: number[],
  userId: number | null,
): Promise<Discounts> {
  const column = target === 'product' ? s.discounts.productId : s.discounts.bundleId;
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(s.discounts)
          .where(
            or(
              and(
                inArray(column, ids),
                userId === null
                  ? isNull(s.discounts.userId)
                  : or(isNull(s.discounts.userId), eq(s.discounts.userId, userId)),
              ),
              userId === null
                ? sql`false`
                : and(
                    eq(s.discounts.userId, userId),
                    isNull(s.discounts.productId),
                    isNull(s.discounts.bundleId),
                  ),
            ),
          );
  const own = new Map<number, DiscountRow[]>();
  const user = new Map<number, DiscountRow[]>();
  const userEverywhere: DiscountRow[] = [];
  for (const row of rows) {
    const id = target === 'product' ? row.productId : row.bundleId;
    if (id === null) {
      userEverywhere.push(row);
      continue;
    }
    const map = row.userId === null ? own : user;
    map.set(id, [...(map.get(id) ?? []), row]);
  }
  return { own, user, userEverywhere };
}

/**
 * Every discount of one user: on products, on bundles and on everything (a handful at most; the
 * staff give them one by one). Kept per user with the pages' change count (plugins/card-data.ts).
 */
export async function userDiscountRows(db: Database, userId: number): Promise<DiscountRow[]> {
  return db.select().from(s.discounts).where(eq(s.discounts.userId, userId));
}

/**
 * The personal part of `discountsFor(db, target, ids, userId)` (`user` and `userEverywhere`; no
 * shop-wide `own`) taken from the user's own rows (`userDiscountRows`) instead of the database.
 */
export function personalDiscounts(
  mine: readonly DiscountRow[],
  target: 'product' | 'bundle',
  ids: number[],
): Discounts {
  const wanted = new Set(ids);
  const user = new Map<number, DiscountRow[]>();
  const userEverywhere: DiscountRow[] = [];
  for (const row of mine) {
    if (row.productId === null && row.bundleId === null) {
      userEverywhere.push(row);
      continue;
    }
    const id = target === 'product' ? row.productId : row.bundleId;
    if (id === null || !wanted.has(id)) continue;
    user.set(id, [...(user.get(id) ?? []), row]);
  }
  return { own: new Map(), user, userEverywhere };
}

/** Adds each variation's parent's discounts to its own. */
export function inheritDiscounts(
  discounts: Discounts,
  rows: { product: { id: number; parentId: number | null } }[],
): Discounts {
  const own = new Map(discounts.own);
  const user = new Map(discounts.user);
  for (const { product } of rows) {
    if (product.parentId === null) continue;
    own.set(product.id, [
      ...(discounts.own.get(product.id) ?? []),
      ...(discounts.own.get(product.parentId) ?? []),
    ]);
    user.set(product.id, [
      ...(discounts.user.get(product.id) ?? []),
      ...(discounts.user.get(product.parentId) ?? []),
    ]);
  }
  return { own, user, userEverywhere: discounts.userEverywhere };
}

/** Prices of one item for the caller, from the domain rules. */
export function pricing(
  base: { price: number; profit: number; vatPercent: number },
  own: DiscountRow[],
  user: DiscountRow[],
  now: Date,
) {
  return priceProduct({
    price: base.price,
    profit: base.profit,
    vatPercent: base.vatPercent,
    discounts: own.map(toDomainDiscount),
    userDiscounts: user.map(toDomainDiscount),
    now,
  });
}

/**
 * A listed product's shown price as SQL, for sorting: the domain's `shownPrice` (list price less
 * the biggest discount valid now, the caller's own included — what `pricing` puts on the card),
 * so "Price: low to high" orders by what the shopper reads. Correlated per row: the discounts
 * table is small and indexed by product.
 */
export function shownPriceSql(ctx: Pick<PricingContext, 'userId' | 'now'>): SQL<number> {
  const d = s.discounts;
  const now = sql`${ctx.now.toISOString()}::timestamptz`;
  const mine = ctx.userId === null ? sql`false` : sql`${d.userId} = ${ctx.userId}`;
  const best = sql`(select max(${d.value}) from ${d}
    where ((${d.productId} = ${s.products.id} and (${d.userId} is null or ${mine}))
        or (${mine} and ${d.productId} is null and ${d.bundleId} is null))
      and (${d.startsAt} is null or ${d.startsAt} <= ${now})
      and (${d.endsAt} is null or ${d.endsAt} > ${now}))`;
  // numeric's round() is half away from zero, as the domain's cents are.
  return sql<number>`(${s.products.price} - round(${s.products.price} * coalesce(${best}, 0) / 100, 2))`;
}
