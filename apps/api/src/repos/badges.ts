import { desc, sql } from 'drizzle-orm';
import type { Badges } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import { cartQuantityQuery, type CartOwner } from './cart.ts';
import { wishlistBadgeQuery } from './wishlist.ts';

const NONE: Badges = { cartQuantity: 0, wishlistCount: 0, saved: [] };

/**
 * The two statements `readBadges` sends, built once per database (drizzle's SQL and its result
 * mapping prepared; building them was about a tenth of a logged-in list page's CPU on PGlite).
 * Unnamed (`prepare('')`): PostgreSQL still parses each, so no named statement is kept on a pool's
 * connections, nor can one be left half-prepared by a failure.
 */
function prepareBadges(db: Database) {
  const sessionCart = cartQuantityQuery(db, { sessionId: sql.placeholder('sessionId') }).as('cart');
  const userCart = cartQuantityQuery(db, { userId: sql.placeholder('userId') }).as('cart');
  const saved = wishlistBadgeQuery(db, sql.placeholder('userId'), sql.placeholder('max')).as(
    'saved',
  );
  return {
    sessionCart: db.select({ quantity: sessionCart.quantity }).from(sessionCart).prepare(''),
    userBadges: db
      .select({
        quantity: userCart.quantity,
        id: saved.id,
        product: saved.product,
        total: saved.total,
      })
      .from(userCart)
      .leftJoin(saved, sql`true`)
      // The join keeps no order of its own: the wishlist's again, newest first.
      .orderBy(desc(saved.createdAt), desc(saved.id))
      .prepare(''),
  };
}

const prepared = new WeakMap<Database, ReturnType<typeof prepareBadges>>();

const preparedOf = (db: Database) => {
  let statements = prepared.get(db);
  if (!statements) {
    statements = prepareBadges(db);
    prepared.set(db, statements);
  }
  return statements;
};

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
  if (userId === null) {
    const [row] =
      'sessionId' in owner
        ? await preparedOf(db).sessionCart.execute({ sessionId: owner.sessionId })
        : await unpreparedCart(db, owner);
    return { ...NONE, cartQuantity: Number(row?.quantity ?? 0) };
  }
  // The cart is the user's whenever a user is logged in (plugins/personal-view.ts, routes/cart.ts).
  const rows =
    'userId' in owner && owner.userId === userId
      ? await preparedOf(db).userBadges.execute({ userId, max })
      : await unpreparedBadges(db, owner, userId, max);
  const first = rows[0];
  return {
    cartQuantity: Number(first?.quantity ?? 0),
    wishlistCount: Number(first?.total ?? 0),
    saved: rows.flatMap(({ id, product }) =>
      id !== null && product !== null ? [{ id, product }] : [],
    ),
  };
}

/** The same statement for an owner that is not the user (not asked today): built each time. */
function unpreparedBadges(db: Database, owner: CartOwner, userId: number, max: number) {
  const cart = cartQuantityQuery(db, owner).as('cart');
  const saved = wishlistBadgeQuery(db, userId, max).as('saved');
  return db
    .select({
      quantity: cart.quantity,
      id: saved.id,
      product: saved.product,
      total: saved.total,
    })
    .from(cart)
    .leftJoin(saved, sql`true`)
    .orderBy(desc(saved.createdAt), desc(saved.id));
}

/** The cart's units of an owner without a user (not asked today): built each time. */
function unpreparedCart(db: Database, owner: CartOwner) {
  const cart = cartQuantityQuery(db, owner).as('cart');
  return db.select({ quantity: cart.quantity }).from(cart);
}
