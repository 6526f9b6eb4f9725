import { desc, sql } from 'drizzle-orm';
import type { Badges } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import { cartQuantityQuery, type CartOwner } from './cart.ts';
import { wishlistBadgeQuery } from './wishlist.ts';

const NONE: Badges = { cartQuantity: 0, wishlistCount: 0, saved: [] };

/**
 * The header's counts (issue 25) for a cart owner and, when logged in, the user: the cart's
 * sellable units, the wishlist's count and its newest `max` saved products, in ONE statement (the
 * cart's one-row sum, left-joined to the wishlist's limited rows), so that a page request waits
 * for one turn of a single connection (PGlite) instead of two. No owner, no statement.
 */
export async function readBadges(
  db: Database,
  owner: CartOwner | null,
  userId: number | null,
  max: number,
): Promise<Badges> {
  if (!owner) return NONE;
  const cart = cartQuantityQuery(db, owner).as('cart');
  if (userId === null) {
    const [row] = await db.select({ quantity: cart.quantity }).from(cart);
    return { ...NONE, cartQuantity: Number(row?.quantity ?? 0) };
  }
  const saved = wishlistBadgeQuery(db, userId, max).as('saved');
  const rows = await db
    .select({
      quantity: cart.quantity,
      id: saved.id,
      product: saved.product,
      total: saved.total,
    })
    .from(cart)
    .leftJoin(saved, sql`true`)
    // The join keeps no order of its own: the wishlist's again, newest first.
    .orderBy(desc(saved.createdAt), desc(saved.id));
  const first = rows[0];
  return {
    cartQuantity: Number(first?.quantity ?? 0),
    wishlistCount: Number(first?.total ?? 0),
    saved: rows.flatMap(({ id, product }) =>
      id !== null && product !== null ? [{ id, product }] : [],
    ),
  };
}
