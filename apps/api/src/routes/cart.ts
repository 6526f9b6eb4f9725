import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  BADGE_SAVED_MAX,
  endpoints,
  type AddToCartError,
  type Badges,
  type FieldErrors,
} from '@shop/contract';
import { formatMoney, isAvailable, lineLimit, promoApplies, promoState } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import { inTransaction } from '#api/lib/transactions.ts';
import { cartDisabled, HttpError } from '#api/plugins/errors.ts';
import {
  PROMO_MESSAGE_KEYS,
  addCartItem,
  cartView,
  ensureCart,
  findCart,
  findPromoCode,
  holdSessionCart,
  removeCartItem,
  sellableItem,
  sellableItems,
  setCartItem,
  setCartPromo,
  type CartKey,
  type CartOwner,
  type CartRow,
} from '#api/repos/cart.ts';
import type { PricingContext } from '#api/repos/pricing.ts';
import { readBadges } from '#api/repos/badges.ts';
import { defineEndpoint } from './define.ts';

const e = endpoints.sales;

/** Spec section 8's refusals, in the caller's language: the item is gone, or stock is short. */
const notAvailable = (req: FastifyRequest): AddToCartError => ({
  product: [req.t('orders.productNotAvailable')],
});
function stockShort(req: FastifyRequest, stock: number | null): AddToCartError {
  const left = Math.max(stock ?? 0, 0);
  return {
    productQuantity: left,
    quantity: [left > 0 ? req.t('orders.onlyLeft', { count: left }) : req.t('orders.soldOut')],
  };
}

/** Whose cart a read sees: the user's when logged in, else the session's; null without a session. */
async function readOwner(req: FastifyRequest): Promise<CartOwner | null> {
  const user = await req.getUser();
  if (user) return { userId: user.id };
  return req.session ? { sessionId: req.session.id } : null;
}

export const cartRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  async function currentCart(req: FastifyRequest) {
    const owner = await readOwner(req);
    return owner ? findCart(db, owner) : null;
  }

  /**
   * Runs `write` on the caller's cart, made if missing: the user's when logged in, as it is.
   * An anonymous caller gets a session (and its cookie) here, and its cart is held for the write
   * in one transaction: a login of the same browser merging that cart meanwhile either waits for
   * the write (and merges its line) or went first and ended the session. Then the write changes
   * nothing and says so (409), rather than filling a new cart for the ended session, out of
   * every session's reach once the browser has the login's (moveSessionCart).
   */
  async function writeCart<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    write: (db: Database, cart: CartRow) => Promise<T>,
  ): Promise<T> {
    const user = await req.getUser();
    if (user) return write(db, await ensureCart(db, { userId: user.id }));
    const session = await req.ensureSession(reply);
    return inTransaction(db, async (tx) => {
      const { cart, created } = await holdSessionCart(tx, session.id);
      if (created && !(await req.sessionLives(tx)))
        throw new HttpError(409, req.t('cart.sessionEnded'));
      return write(tx, cart);
    });
  }

  /** The answer of a write: gone lines and a stale promo code leave the stored cart here. */
  const afterWrite = (req: FastifyRequest, cart: CartRow | null, ctx: PricingContext) =>
    cartView(db, req.locale, cart, ctx, { prune: true });

  defineEndpoint(app, e.cart, async (req, _input, reply) => {
    reply.header('Cache-Control', 'no-store');
    return cartView(db, req.locale, await currentCart(req), await req.pricing());
  });

  // The header's counts on every page: the same owner as the cart's, nothing priced (issue 25).
  defineEndpoint(app, e.badges, async (req, _input, reply): Promise<Badges> => {
    reply.header('Cache-Control', 'no-store');
    const user = await req.getUser();
    return readBadges(db, await readOwner(req), user?.id ?? null, BADGE_SAVED_MAX);
  });

  defineEndpoint(app, e.setCartQuantity, async (req, { params, body }, reply) => {
    const ctx = await req.pricing();
    if (!ctx.cartEnabled) throw cartDisabled(req);
    const key: CartKey = { id: params.productId, ref: body.ref ?? 'product' };
    if (body.quantity === 0) {
      // A removal: allowed for items that can no longer be sold, and needs no new session.
      const cart = await currentCart(req);
      if (cart) await removeCartItem(db, cart.id, key);
      return afterWrite(req, cart, ctx);
    }
    const item = sellableItem(await sellableItems(db, req.locale, [key], ctx), key);
    if (!item) return reply.code(400).send(notAvailable(req));
    const stock = item.card.stock;
    // The quantity replaces what the cart held, so nothing else counts against the stock.
    if (
      !isAvailable({
        cartEnabled: ctx.cartEnabled,
        stock,
        existingQuantity: 0,
        addedQuantity: body.quantity,
      })
    ) {
      return reply.code(400).send(stockShort(req, stock));
    }
    // Stock allows it, yet the card says no: a bundle with an item that is no longer sold.
    if (!item.card.available) return reply.code(400).send(notAvailable(req));
    const cart = await writeCart(req, reply, async (tx, cart) => {
      await setCartItem(tx, cart.id, key, body.quantity);
      return cart;
    });
    return afterWrite(req, cart, ctx);
  });

  defineEndpoint(app, e.addToCart, async (req, { params, body }, reply) => {
    const ctx = await req.pricing();
    if (!ctx.cartEnabled) throw cartDisabled(req);
    const key: CartKey = { id: params.productId, ref: body.ref ?? 'product' };
    const item = sellableItem(await sellableItems(db, req.locale, [key], ctx), key);
    if (!item || !item.card.available) {
      // A bundle whose items are sold out is unavailable for stock, not gone.
      if (item && item.card.stock !== null && item.card.stock < body.quantity)
        return reply.code(400).send(stockShort(req, item.card.stock));
      return reply.code(400).send(notAvailable(req));
    }
    const limit = lineLimit(item.card.stock);
    // One statement adds to what the line holds: two quick adds both count.
    const { cart, added } = await writeCart(req, reply, async (tx, cart) => ({
      cart,
      added: await addCartItem(tx, cart.id, key, body.quantity, limit.max),
    }));
    if (added === null) {
      // The line stays as it is; `productQuantity` is the most it can hold, and the message says
      // whether the stock or the per-order rule sets it.
      return reply.code(400).send(
        limit.by === 'stock'
          ? stockShort(req, limit.max)
          : {
              productQuantity: limit.max,
              quantity: [req.t('orders.atMostPerOrder', { count: limit.max })],
            },
      );
    }
    return afterWrite(req, cart, ctx);
  });

  defineEndpoint(app, e.removeFromCart, async (req, { params, query }) => {
    const cart = await currentCart(req);
    if (cart)
      await removeCartItem(db, cart.id, { id: params.productId, ref: query.ref ?? 'product' });
    return afterWrite(req, cart, await req.pricing());
  });

  defineEndpoint(app, e.applyPromoCode, async (req, { body }, reply) => {
    const ctx = await req.pricing();
    if (!ctx.cartEnabled) throw cartDisabled(req);
    const promo = await findPromoCode(db, body.code);
    const state = promoState(promo, ctx.now);
    if (!promo || state !== 'valid') {
      return reply.code(400).send({
        code: [req.t(PROMO_MESSAGE_KEYS[state === 'valid' ? 'unknown' : state])],
      } satisfies FieldErrors);
    }
    const current = await cartView(db, req.locale, await currentCart(req), ctx);
    if (!promoApplies(promo, current.totals.discountPrice)) {
      const shop = await app.shopInfo(req.locale);
      const amount = formatMoney(req.locale, shop?.currency ?? 'EUR', promo.fromPrice ?? 0);
      return reply
        .code(400)
        .send({ code: [req.t('cart.promoMinimum', { amount })] } satisfies FieldErrors);
    }
    const cart = await writeCart(req, reply, async (tx, cart) => {
      await setCartPromo(tx, cart.id, promo.id);
      return cart;
    });
    return afterWrite(req, { ...cart, promoCodeId: promo.id }, ctx);
  });

  defineEndpoint(app, e.removePromoCode, async (req) => {
    const cart = await currentCart(req);
    if (cart) await setCartPromo(db, cart.id, null);
    return afterWrite(req, cart && { ...cart, promoCodeId: null }, await req.pricing());
  });
};
