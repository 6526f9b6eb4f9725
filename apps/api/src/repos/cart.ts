import { and, asc, eq, inArray, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  EMPTY_CART_TOTALS,
  type Cart,
  type CartItem,
  type CartRef,
  type Locale,
  type ProductCard,
  type PromoCode,
} from '@shop/contract';
import { isAvailable, mergedQuantity, priceCart, promoState, type PromoState } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { inTransaction } from '#api/lib/transactions.ts';
import { loadBundles } from './bundles.ts';
import type { PricingContext } from './pricing.ts';
import { productCards, variationValues } from './products.ts';

/* Carts: anonymous ones belong to a session, a logged-in shopper's to the user. */

export type CartOwner = { userId: number } | { sessionId: string };
/** One cart line's item: `id` is a product id, or a bundle id when ref is 'bundle'. */
export type CartKey = { id: number; ref: CartRef };
export type CartRow = typeof s.carts.$inferSelect;
type CartItemRow = typeof s.cartItems.$inferSelect;
type PromoRow = typeof s.promoCodes.$inferSelect;

/** What the cart needs of an item that can be sold: its card, priced for the caller, and VAT. */
export type SellableItem = { card: ProductCard; vatPercent: number };

const keyOf = (key: CartKey) => `${key.ref}:${key.id}`;
const rowKey = (row: CartItemRow): CartKey =>
  row.bundleId === null
    ? { id: row.productId ?? 0, ref: 'product' }
    : { id: row.bundleId, ref: 'bundle' };
const itemColumn = (ref: CartRef) =>
  ref === 'bundle' ? s.cartItems.bundleId : s.cartItems.productId;
/** A cart owner, or one named by a placeholder of a prepared statement (repos/badges.ts). */
export type CartOwnerParam = CartOwner | { userId: Placeholder } | { sessionId: Placeholder };

const ownerWhere = (owner: CartOwnerParam) =>
  'userId' in owner ? eq(s.carts.userId, owner.userId) : eq(s.carts.sessionId, owner.sessionId);

export async function findCart(db: Database, owner: CartOwner): Promise<CartRow | null> {
  const [row] = await db.select().from(s.carts).where(ownerWhere(owner)).limit(1);
  return row ?? null;
}

/**
 * The owner's cart, locked until the transaction `tx` ends: an order holds it from reading the
 * lines to removing them, so a second order of the same cart, or a cart write, waits for it.
 */
export async function lockCart(tx: Database, owner: CartOwner): Promise<CartRow | null> {
  const [row] = await tx.select().from(s.carts).where(ownerWhere(owner)).limit(1).for('update');
  return row ?? null;
}

/** The cart's lines, locked with it: a quantity changed meanwhile waits for the order. */
export async function lockCartItemRows(tx: Database, cartId: number): Promise<CartItemRow[]> {
  return tx
    .select()
    .from(s.cartItems)
    .where(eq(s.cartItems.cartId, cartId))
    .orderBy(asc(s.cartItems.id))
    .for('update');
}

/** The owner's cart, created if missing; two first writes at once end with the same cart. */
export async function ensureCart(db: Database, owner: CartOwner): Promise<CartRow> {
  await db
    .insert(s.carts)
    .values('userId' in owner ? { userId: owner.userId } : { sessionId: owner.sessionId })
    .onConflictDoNothing();
  const cart = await findCart(db, owner);
  if (!cart) throw new Error('cart was not created');
  return cart;
}

/**
 * An anonymous session's cart, created if missing, locked until the transaction `tx` ends: the
 * cart writes of a session and a login's merge of it (`moveSessionCart`) meet here, one after
 * the other. `created`: this transaction made the cart (none was there, or a login had just
 * merged it away), so the caller checks the session still lives before writing to it: a cart
 * made for a session a login has ended would be out of every session's reach.
 */
export async function holdSessionCart(
  tx: Database,
  sessionId: string,
): Promise<{ cart: CartRow; created: boolean }> {
  // Twice at most in practice: a cart seen by the insert and gone before the lock (a login
  // merged it meanwhile) is made anew on the next round.
  for (let round = 0; round < 5; round++) {
    // Waits for a transaction that holds the session's cart (a merge deleting it) to end.
    const [made] = await tx.insert(s.carts).values({ sessionId }).onConflictDoNothing().returning();
    if (made) return { cart: made, created: true };
    const cart = await lockCart(tx, { sessionId });
    if (cart) return { cart, created: false };
  }
  throw new Error("the session's cart kept disappearing");
}

export async function cartItemRows(db: Database, cartId: number): Promise<CartItemRow[]> {
  return db
    .select()
    .from(s.cartItems)
    .where(eq(s.cartItems.cartId, cartId))
    .orderBy(asc(s.cartItems.id));
}

/** Sets the quantity of a line (a change replaces the old quantity; 0 removes the line). */
export async function setCartItem(
  db: Database,
  cartId: number,
  key: CartKey,
  quantity: number,
): Promise<void> {
  if (quantity <= 0) return removeCartItem(db, cartId, key);
  const column = itemColumn(key.ref);
  await inTransaction(db, async (tx) => {
    await touch(tx, cartId);
    await tx
      .insert(s.cartItems)
      .values({
        cartId,
        quantity,
        ...(key.ref === 'bundle' ? { bundleId: key.id } : { productId: key.id }),
      })
      .onConflictDoUpdate({ target: [s.cartItems.cartId, column], set: { quantity } });
  });
}

/**
 * Sets several lines at once (a login's cart merge, "order again"): one update of the cart and at
 * most two set-based upserts (the product lines, the bundle lines: each kind has its own unique
 * key), however many lines. Quantities are final (already capped by the caller) and positive.
 * Call it inside the transaction that locked the cart.
 */
export async function setCartItems(
  tx: Database,
  cartId: number,
  lines: readonly { key: CartKey; quantity: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await touch(tx, cartId);
  // One row per line: an upsert may not meet the same key twice (the last quantity wins).
  const unique = [...new Map(lines.map((line) => [keyOf(line.key), line])).values()];
  for (const ref of ['product', 'bundle'] as const) {
    const rows = unique
      .filter((line) => line.key.ref === ref && line.quantity > 0)
      .map(({ key, quantity }) =>
        ref === 'bundle'
          ? { cartId, quantity, bundleId: key.id }
          : { cartId, quantity, productId: key.id },
      );
    if (rows.length === 0) continue;
    await tx
      .insert(s.cartItems)
      .values(rows)
      .onConflictDoUpdate({
        target: [s.cartItems.cartId, itemColumn(ref)],
        set: { quantity: sql`excluded.quantity` },
      });
  }
}

/** Rolls back an add that would pass the line's limit. */
const NOTHING_ADDED = new Error('nothing added');

/**
 * Adds `quantity` to what the line holds, in one statement, so two quick adds both count; the
 * line never goes beyond `limit`. Answers the line's new quantity, or null (nothing changed) when
 * the sum would pass the limit.
 */
export async function addCartItem(
  db: Database,
  cartId: number,
  key: CartKey,
  quantity: number,
  limit: number,
): Promise<number | null> {
  if (quantity > limit) return null;
  const column = itemColumn(key.ref);
  return inTransaction(db, async (tx) => {
    await touch(tx, cartId);
    const [row] = await tx
      .insert(s.cartItems)
      .values({
        cartId,
        quantity,
        ...(key.ref === 'bundle' ? { bundleId: key.id } : { productId: key.id }),
      })
      .onConflictDoUpdate({
        target: [s.cartItems.cartId, column],
        set: { quantity: sql`${s.cartItems.quantity} + excluded.quantity` },
        setWhere: sql`${s.cartItems.quantity} + excluded.quantity <= ${limit}`,
      })
      .returning({ quantity: s.cartItems.quantity });
    // Past the limit: undo the touch too, the cart is unchanged.
    if (!row) throw NOTHING_ADDED;
    return row.quantity;
  }).catch((error: unknown) => {
    if (error === NOTHING_ADDED) return null;
    throw error;
  });
}

/** The quantity a line holds now (0 when the item is not in the cart). */
export async function lineQuantity(db: Database, cartId: number, key: CartKey): Promise<number> {
  const [row] = await db
    .select({ quantity: s.cartItems.quantity })
    .from(s.cartItems)
    .where(and(eq(s.cartItems.cartId, cartId), eq(itemColumn(key.ref), key.id)));
  return row?.quantity ?? 0;
}

export async function removeCartItem(db: Database, cartId: number, key: CartKey): Promise<void> {
  await inTransaction(db, async (tx) => {
    await touch(tx, cartId);
    await tx
      .delete(s.cartItems)
      .where(and(eq(s.cartItems.cartId, cartId), eq(itemColumn(key.ref), key.id)));
  });
}

/**
 * Marks the cart changed, which also locks its row: every cart write does this first, so cart
 * writes and orders lock the cart before its lines (the same order, so they never deadlock). A
 * changed cart is no longer the one its last order emptied (decision 0039).
 */
async function touch(tx: Database, cartId: number) {
  await tx
    .update(s.carts)
    .set({ updatedAt: new Date(), lastOrderId: null })
    .where(eq(s.carts.id, cartId));
}

export async function setCartPromo(
  db: Database,
  cartId: number,
  promoCodeId: number | null,
): Promise<void> {
  await db
    .update(s.carts)
    .set({ promoCodeId, updatedAt: new Date(), lastOrderId: null })
    .where(eq(s.carts.id, cartId));
}

/** Message keys of a refused promo code, by why. */
export const PROMO_MESSAGE_KEYS: Record<Exclude<PromoState, 'valid'>, string> = {
  unknown: 'cart.promoUnknown',
  expired: 'cart.promoExpired',
  notYet: 'cart.promoNotYet',
};

/** Codes are stored upper-cased; shoppers may type any case. */
export async function findPromoCode(db: Database, code: string): Promise<PromoRow | null> {
  const [row] = await db
    .select()
    .from(s.promoCodes)
    .where(eq(s.promoCodes.code, code.trim().toUpperCase()))
    .limit(1);
  return row ?? null;
}

/**
 * The given items that can be sold, by `ref:id`: the product is active (and so is its parent, a
 * variation goes with it) or the bundle is active. Missing ones are gone: they 404 elsewhere.
 */
export async function sellableItems(
  db: Database,
  locale: Locale,
  keys: readonly CartKey[],
  ctx: PricingContext,
): Promise<Map<string, SellableItem>> {
  const productIds = [...new Set(keys.filter((k) => k.ref === 'product').map((k) => k.id))];
  const bundleIds = [...new Set(keys.filter((k) => k.ref === 'bundle').map((k) => k.id))];
  const parent = alias(s.products, 'parent');
  const [products, bundles] = await Promise.all([
    productIds.length === 0
      ? []
      : db
          .select({ id: s.products.id, vatPercent: s.vats.percent })
          .from(s.products)
          .innerJoin(s.vats, eq(s.vats.id, s.products.vatId))
          .leftJoin(parent, eq(parent.id, s.products.parentId))
          .where(
            and(
              inArray(s.products.id, productIds),
              eq(s.products.active, true),
              or(isNull(s.products.parentId), eq(parent.active, true)),
            ),
          ),
    bundleIds.length === 0
      ? []
      : db
          .select({ id: s.bundles.id })
          .from(s.bundles)
          .where(and(inArray(s.bundles.id, bundleIds), eq(s.bundles.active, true))),
  ]);
  const vat = new Map(products.map((p) => [p.id, p.vatPercent]));
  const [cards, bundleCards] = await Promise.all([
    productCards(
      db,
      locale,
      products.map((p) => p.id),
      ctx,
    ),
    loadBundles(
      db,
      locale,
      bundles.map((b) => b.id),
      ctx,
    ),
  ]);
  const result = new Map<string, SellableItem>();
  for (const card of cards)
    result.set(keyOf({ id: card.id, ref: 'product' }), {
      card,
      vatPercent: vat.get(card.id) ?? 0,
    });
  for (const bundle of bundleCards)
    result.set(keyOf({ id: bundle.id, ref: 'bundle' }), {
      card: bundle,
      vatPercent: bundle.vat.percent,
    });
  return result;
}

export function sellableItem(
  items: Map<string, SellableItem>,
  key: CartKey,
): SellableItem | undefined {
  return items.get(keyOf(key));
}

/**
 * The cart as the caller sees it, priced by the domain. Lines whose product or bundle is gone or
 * inactive are not shown, nor is a promo code that is no longer valid. A read changes nothing;
 * with `prune` (set by the writes) those lines and that code also leave the stored cart (spec
 * section 4: a product that answers 404 leaves the cart), in one transaction.
 */
export async function cartView(
  db: Database,
  locale: Locale,
  cart: CartRow | null,
  ctx: PricingContext,
  options: { prune?: boolean } = {},
): Promise<Cart> {
  if (!cart) return { id: null, items: [], totals: EMPTY_CART_TOTALS, promoCode: null };
  const [rows, promoRow] = await Promise.all([
    cartItemRows(db, cart.id),
    cart.promoCodeId === null
      ? null
      : db
          .select()
          .from(s.promoCodes)
          .where(eq(s.promoCodes.id, cart.promoCodeId))
          .then(([row]) => row ?? null),
  ]);
  const sellable = await sellableItems(db, locale, rows.map(rowKey), ctx);
  const gone = rows.filter((row) => !sellable.has(keyOf(rowKey(row))));
  const promo = promoState(promoRow, ctx.now) === 'valid' ? promoRow : null;
  const stalePromo = cart.promoCodeId !== null && !promo;
  if (options.prune && (gone.length > 0 || stalePromo)) {
    await inTransaction(db, async (tx) => {
      // The cart before its lines, as every cart write and order locks them.
      if (stalePromo) await setCartPromo(tx, cart.id, null);
      if (gone.length > 0)
        await tx.delete(s.cartItems).where(
          inArray(
            s.cartItems.id,
            gone.map((row) => row.id),
          ),
        );
    });
  }

  const shown = rows.flatMap((row) => {
    const key = rowKey(row);
    const item = sellable.get(keyOf(key));
    return item ? [{ row, key, item }] : [];
  });
  const variations = await variationValues(
    db,
    locale,
    shown.filter(({ key }) => key.ref === 'product').map(({ key }) => key.id),
  );
  // Priced once, promo code included: each line's VAT is the VAT of what is paid for it.
  const priced = priceCart(
    shown.map(({ row, item }) => ({
      price: item.card.price,
      vatPercent: item.vatPercent,
      discountPercent: item.card.discountPercent,
      quantity: row.quantity,
    })),
    promo,
  );
  const items = shown.map(({ row, key, item }, i): CartItem => {
    const line = priced.lines[i]!;
    const stock = item.card.stock;
    return {
      id: row.id,
      cart: cart.id,
      product: key.ref === 'product' ? key.id : null,
      bundle: key.ref === 'bundle' ? key.id : null,
      ref: key.ref,
      quantity: row.quantity,
      // Nothing adds locked lines yet (no promotions put items into carts).
      protected: false,
      short: stock !== null && row.quantity > stock,
      item: item.card,
      variation: key.ref === 'product' ? (variations.get(key.id) ?? []) : [],
      unitPrice: line.unitPrice,
      discountPercent: item.card.discountPercent,
      discountPrice: line.discountPrice,
      discount: line.discount,
      paid: line.paid,
      vatPercent: item.vatPercent,
      totalVat: line.totalVat,
      available:
        item.card.available &&
        isAvailable({
          cartEnabled: ctx.cartEnabled,
          stock,
          existingQuantity: row.quantity,
          addedQuantity: 0,
        }),
    };
  });
  const { lines: _lines, promoApplied: _applied, ...totals } = priced;
  return {
    id: cart.id,
    items,
    totals,
    promoCode: promo ? toPromoCode(promo) : null,
  };
}

/** A stored promo code as the contract shows it (cart and order). */
export const toPromoCode = (promo: PromoRow): PromoCode => ({
  code: promo.code,
  discountType: promo.discountType,
  discountValue: promo.discountValue,
  fromPrice: promo.fromPrice,
});

/**
 * Gives the cart of session `from` to session `to` (which has none yet): a browser whose login's
 * answer was lost gets a fresh session, and keeps the cart a merge that never committed left
 * with the ended one (decision 0087). Usually there is none and nothing changes.
 */
export async function adoptSessionCart(db: Database, from: string, to: string): Promise<void> {
  await db.update(s.carts).set({ sessionId: to }).where(eq(s.carts.sessionId, from));
}

/**
 * At login the session's cart moves to the user: into the user's cart when there is one, line by
 * line by product or bundle, summing quantities capped by stock (never below what the user already
 * had: the merge must not take anything away). The user's promo code wins over the session's.
 */
export async function moveSessionCart(
  db: Database,
  sessionId: string,
  ctx: PricingContext & {
    userId: number;
    /** Ends the session, inside the merge's transaction `tx` where the store allows it. */
    endSession: (tx: Database) => Promise<void>;
  },
): Promise<CartMerge | null> {
  return inTransaction(db, async (tx) => {
    // The session's cart is held (made if missing) before the session ends, and the session
    // ends before the cart goes: a cart write of the session either ran before and is merged
    // here, or waits for this transaction, then finds the session ended and adds nothing
    // (holdSessionCart). Two logins of one session merge it once. Both carts and their lines
    // are locked, the session's first (as a checkout of it would).
    const { cart: anonymous } = await holdSessionCart(tx, sessionId);
    await ctx.endSession(tx);
    const incoming = await lockCartItemRows(tx, anonymous.id);
    if (incoming.length === 0 && anonymous.promoCodeId === null) {
      await tx.delete(s.carts).where(eq(s.carts.id, anonymous.id));
      return null;
    }
    await ensureCart(tx, { userId: ctx.userId });
    const cart = await lockCart(tx, { userId: ctx.userId });
    if (!cart) throw new Error("the account's cart was not created");
    const existing = new Map(
      (await lockCartItemRows(tx, cart.id)).map((row) => [keyOf(rowKey(row)), row.quantity]),
    );
    // Stock is the same in every language; English only names the cards nobody reads here.
    const sellable = await sellableItems(tx, 'en', incoming.map(rowKey), ctx);
    let capped = 0;
    const changed: { key: CartKey; quantity: number }[] = [];
    for (const row of incoming) {
      const key = rowKey(row);
      const item = sellable.get(keyOf(key));
      // A gone item is not carried over: it could not be bought anyway.
      if (!item) continue;
      const had = existing.get(keyOf(key)) ?? 0;
      const stock = item.card.stock;
      // The most one line may hold: merging must not exceed it, nor the stock.
      const quantity = mergedQuantity(had, row.quantity, stock);
      if (quantity < had + row.quantity) capped++;
      if (quantity > 0 && quantity !== had) changed.push({ key, quantity });
    }
    // The lines are written together, not one statement (and savepoint) per line.
    await setCartItems(tx, cart.id, changed);
    const added = changed.length;
    if (cart.promoCodeId === null && anonymous.promoCodeId !== null)
      await setCartPromo(tx, cart.id, anonymous.promoCodeId);
    await tx.delete(s.carts).where(eq(s.carts.id, anonymous.id));
    // Worth telling the shopper only when two carts met, or stock lowered a quantity.
    return existing.size > 0 || capped > 0 ? { added, capped } : null;
  });
}

/** What a login did to the account's cart: lines brought in, and lines lowered to stock. */
export type CartMerge = { added: number; capped: number };

/**
 * Units in the owner's cart that can still be sold, for the header's badge (issue 25): one
 * query over the cart's lines and the rows `sellableItems` checks (an active product whose
 * parent, if any, is active; an active bundle), without pricing anything; one row, `quantity`.
 * The priced cart (`cartView`) counts the same lines in `totals.quantity`. Read inside the
 * badges' one statement (repos/badges.ts).
 */
export function cartQuantityQuery(db: Database, owner: CartOwnerParam) {
  const parent = alias(s.products, 'parent');
  return db
    .select({
      quantity: sql<number>`coalesce(sum(${s.cartItems.quantity}), 0)::int`.as('quantity'),
    })
    .from(s.carts)
    .innerJoin(s.cartItems, eq(s.cartItems.cartId, s.carts.id))
    .leftJoin(s.products, eq(s.products.id, s.cartItems.productId))
    .leftJoin(parent, eq(parent.id, s.products.parentId))
    .leftJoin(s.bundles, eq(s.bundles.id, s.cartItems.bundleId))
    .where(
      and(
        ownerWhere(owner),
        or(
          and(
            eq(s.products.active, true),
            or(isNull(s.products.parentId), eq(parent.active, true)),
          ),
          eq(s.bundles.active, true),
        ),
      ),
    );
}
