import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  endpoints,
  IDEMPOTENCY_HEADER,
  NON_FIELD_ERRORS,
  type Locale,
  type Order,
} from '@shop/contract';
import { mergedQuantity, moneyFormatter } from '@shop/domain';
import { translatorFor } from '#api/lib/i18n.ts';
import { inTransaction } from '#api/lib/transactions.ts';
import { mailShopOf } from '#api/mail/mail-layout.ts';
import { orderConfirmation } from '#api/mail/order-mail.ts';
import { cartDisabled, HttpError, notFound } from '#api/plugins/errors.ts';
import {
  cartItemRows,
  cartView,
  ensureCart,
  findCart,
  lockCart,
  sellableItem,
  sellableItems,
  setCartItems,
  type CartOwner,
} from '#api/repos/cart.ts';
import {
  listCities,
  listCountries,
  listDeliveries,
  listPayments,
  listRegions,
} from '#api/repos/checkout-options.ts';
import {
  changeOrderPayment,
  findOrder,
  listOrders,
  ownOrderLines,
  placeOrder,
} from '#api/repos/orders.ts';
import { defineEndpoint, pageOf, requireUser } from './define.ts';
import { sendOrderMail } from '#api/mail/order-mails.ts';

/** Whose cart an order takes: the user's when logged in, else the session's (created here). */
async function orderOwner(req: FastifyRequest, reply: FastifyReply): Promise<CartOwner> {
  const user = await req.getUser();
  if (user) return { userId: user.id };
  return { sessionId: (await req.ensureSession(reply)).id };
}

export const checkoutRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const { providers } = app.payments;
  const offeredKinds = [...providers.keys()];

  defineEndpoint(app, endpoints.deliveries.list, async (req) => listDeliveries(db, req.locale));

  // Spec section 7: payment methods only while the shop takes orders.
  defineEndpoint(app, endpoints.payments.list, async (req) =>
    (await req.pricing()).cartEnabled ? listPayments(db, req.locale, offeredKinds) : [],
  );

  defineEndpoint(app, endpoints.core.deliveryCountries, async (req) =>
    listCountries(db, req.locale),
  );
  defineEndpoint(app, endpoints.core.deliveryRegions, async (req, { query }) =>
    listRegions(db, req.locale, query.country),
  );
  defineEndpoint(app, endpoints.core.deliveryCities, async (req, { query }) =>
    listCities(db, req.locale, query.region),
  );

  /** The order as answered: its payment page when the provider has one, and what to do to pay. */
  /**
   * Mails the order in the caller's language (what it holds, how to pay, its signed link) and
   * notes the mail for staff (decision 0053); a failed mail is logged and never undoes the order.
   */
  async function mailOrder(
    req: FastifyRequest,
    answer: Order,
    shop: Awaited<ReturnType<typeof app.shopInfo>>,
  ): Promise<void> {
    const from = mailShopOf(shop, app.publicOrigin, req.locale);
    await sendOrderMail(app, req.log, { id: answer.id, locale: req.locale }, 'confirmation', () =>
      orderConfirmation(
        answer,
        translatorFor(req.locale),
        moneyFormatter(req.locale, shop?.currency ?? 'EUR'),
        answer.paymentInstructions,
        { order: app.orderLinks.url(from.origin, req.locale, answer.id) },
        from,
      ),
    );
  }

  async function withPayment(order: Order, currency: string, locale: Locale): Promise<Order> {
    const provider = providers.get(order.payment.kind);
    if (!provider) return order;
    const payment = {
      id: order.id,
      number: order.number,
      orderTotal: order.totals.orderTotal,
      currency,
      locale,
      pickupPoint: order.delivery.pickup ? order.delivery.pickupPoint : null,
    };
    // A hosted page only while there is something to pay.
    const { paymentUrl } =
      order.status === 'pending' ? await provider.start(payment) : { paymentUrl: null };
    const paymentInstructions = provider.instructions(
      translatorFor(locale),
      payment,
      moneyFormatter(locale, currency),
    );
    return { ...order, paymentUrl, paymentInstructions };
  }

  defineEndpoint(app, endpoints.sales.checkout, async (req, { body }, reply) => {
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string' || !/^[\w-]{8,100}$/.test(key)) {
      throw new HttpError(400, req.t('orders.idempotencyKey'));
    }
    const owner = await orderOwner(req, reply);
    let result: Awaited<ReturnType<typeof placeOrder>>;
    try {
      result = await placeOrder(db, {
        locale: req.locale,
        owner,
        idempotencyKey: key,
        body,
        ctx: await req.pricing(),
        now: req.now(),
        paymentKinds: offeredKinds,
        t: translatorFor(req.locale),
      });
    } catch (error) {
      // Nothing placed (the transaction rolled back): the database away, a bug.
      app.metrics.order({ outcome: 'failed' });
      throw error;
    }
    if (result.kind === 'invalid') {
      app.metrics.order({ outcome: 'refused', reason: 'invalid' });
      return reply.code(400).send(result.errors);
    }
    if (result.kind === 'cartDisabled') {
      app.metrics.order({ outcome: 'refused', reason: 'invalid' });
      throw cartDisabled(req);
    }
    if (result.kind === 'stock') {
      app.metrics.order({ outcome: 'refused', reason: 'stock' });
      return reply.code(400).send(result.error);
    }
    // Counted once committed: what follows (reading it back, the mail) does not unplace it.
    app.metrics.order({ outcome: result.kind });
    const session = req.session?.id ?? null;
    const userId = 'userId' in owner ? owner.userId : null;
    const order = await findOrder(db, req.locale, result.orderId, { userId, sessionId: session });
    if (!order) throw new Error('the placed order is not readable by its owner');
    const shop = await app.shopInfo(req.locale);
    const currency = shop?.currency ?? 'EUR';
    const answer = await withPayment(order, currency, req.locale);
    if (result.kind === 'placed') {
      await mailOrder(req, answer, shop);
    }
    return reply.code(201).send(answer);
  });

  defineEndpoint(app, endpoints.sales.orders, async (req, { query }) => {
    const user = await requireUser(req);
    return pageOf(
      req,
      query,
      await listOrders(db, req.locale, user.id, query.page, query.page_size),
    );
  });

  defineEndpoint(app, endpoints.sales.order, async (req, { params, query }, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await req.getUser();
    // Staff read every order, with refundDue: the only back office there is yet (decision 0039).
    // The order mail's signed link opens it in any browser (decision 0050); a wrong token is as
    // good as none: the 404 of an order that is not the caller's.
    const order = await findOrder(db, req.locale, params.id, {
      userId: user?.id ?? null,
      sessionId: req.session?.id ?? null,
      staff: user?.isStaff ?? false,
      linked: query.token !== undefined && app.orderLinks.verify(params.id, query.token),
    });
    if (!order) throw notFound(req.t('errors.missing.order'));
    const shop = await app.shopInfo(req.locale);
    return withPayment(order, shop?.currency ?? 'EUR', req.locale);
  });

  // After a declined card: pay the same order another way (bank transfer, cash, or the card again).
  defineEndpoint(app, endpoints.sales.changePayment, async (req, { params, body }, reply) => {
    const user = await req.getUser();
    const owner = { userId: user?.id ?? null, sessionId: req.session?.id ?? null };
    const result = await changeOrderPayment(db, {
      orderId: params.id,
      owner,
      paymentId: body.payment,
      paymentKinds: offeredKinds,
      now: app.now(),
    });
    if (result === 'notFound') throw notFound(req.t('errors.missing.order'));
    if (result === 'unknownPayment') {
      return reply.code(400).send({ payment: [req.t('orders.unknownPayment')] });
    }
    if (result === 'locked') {
      return reply.code(400).send({ [NON_FIELD_ERRORS]: [req.t('payment.locked')] });
    }
    const order = await findOrder(db, req.locale, params.id, owner);
    if (!order) throw notFound(req.t('errors.missing.order'));
    const shop = await app.shopInfo(req.locale);
    const currency = shop?.currency ?? 'EUR';
    const answer = await withPayment(order, currency, req.locale);
    if (!answer.paymentUrl) {
      // Paid later now: the shopper gets what to do to pay (bank details, cash) in a mail too.
      await mailOrder(req, answer, shop);
    }
    return answer;
  });

  defineEndpoint(app, endpoints.sales.repeatOrder, async (req, { body }) => {
    const user = await requireUser(req);
    const ctx = await req.pricing();
    const owner = { userId: user.id };
    // One transaction, the cart locked first (as orders and cart writes lock it): the lines read
    // and the lines written are of the same cart, and an order of it meanwhile waits.
    const found = await inTransaction(db, async (tx) => {
      const lines = await ownOrderLines(tx, user.id, body.order);
      if (!lines) return false;
      if (!ctx.cartEnabled) throw cartDisabled(req);
      const { id: cartId } = await ensureCart(tx, owner);
      await lockCart(tx, owner);
      const had = new Map(
        (await cartItemRows(tx, cartId)).map((row) => [
          row.bundleId !== null ? `bundle:${row.bundleId}` : `product:${row.productId}`,
          row.quantity,
        ]),
      );
      const sellable = await sellableItems(
        tx,
        req.locale,
        lines.map((l) => l.key),
        ctx,
      );
      const changed = lines.flatMap((line) => {
        const item = sellableItem(sellable, line.key);
        // Only what can still be bought comes back, as much as stock allows.
        if (!item || !item.card.available) return [];
        const current = had.get(`${line.key.ref}:${line.key.id}`) ?? 0;
        const quantity = mergedQuantity(current, line.quantity, item.card.stock);
        return quantity > current ? [{ key: line.key, quantity }] : [];
      });
      await setCartItems(tx, cartId, changed);
      return true;
    });
    if (!found) throw notFound(req.t('errors.missing.order'));
    return cartView(db, req.locale, await findCart(db, owner), ctx, { prune: true });
  });
};
