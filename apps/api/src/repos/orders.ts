import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type {
  CartRef,
  CheckoutBody,
  CheckoutStockError,
  FieldErrors,
  Locale,
  Order,
} from '@shop/contract';
import {
  canChangePayment,
  canMoveOrder,
  firstShortLine,
  fromCents,
  normalizePostcode,
  multiplyMoney,
  orderTotals,
  promoState,
  staffMoveRefusal,
  titleWithVariation,
  toCents,
  type OrderStatus,
  type OrderTotals,
  type StaffMoveRefusal,
} from '@shop/domain';
import type { Translate } from '@shop/messages/translate';
import type { PaymentKind } from '#api/lib/payments.ts';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { inTransaction, waitingInLine } from '#api/lib/transactions.ts';
import {
  findPromoCode,
  lockCart,
  lockCartItemRows,
  PROMO_MESSAGE_KEYS,
  toPromoCode,
  sellableItem,
  sellableItems,
  type CartKey,
  type CartOwner,
  type CartRow,
  type SellableItem,
} from './cart.ts';
import { shippingAddressErrors } from './checkout-options.ts';
import type { PricingContext } from './pricing.ts';
import { variationValues } from './products.ts';
import { logStaffAction } from './staff-log.ts';

type OrderRow = typeof s.orders.$inferSelect;
type CartItemRow = typeof s.cartItems.$inferSelect;
type PromoRow = typeof s.promoCodes.$inferSelect;

/** Who an order belongs to, as stored: the user, else the session that placed it. */
export const ownerKeyOf = (owner: CartOwner) =>
  'userId' in owner ? `user:${owner.userId}` : `session:${owner.sessionId}`;

export type PlaceOrderInput = {
  locale: Locale;
  owner: CartOwner;
  idempotencyKey: string;
  body: CheckoutBody;
  ctx: PricingContext;
  /** The app's clock (app.now()): the order's time and number. */
  now: Date;
  /** The payment kinds a provider is configured for. */
  paymentKinds: readonly string[];
  t: Translate;
};

export type PlaceOrderResult =
  | { kind: 'placed' | 'repeated'; orderId: number }
  | { kind: 'invalid'; errors: FieldErrors }
  /** The shop's cart is off (decision 0062): refused as a whole, with its code (decision 0071). */
  | { kind: 'cartDisabled' }
  | { kind: 'stock'; error: CheckoutStockError };

async function orderByKey(db: Database, ownerKey: string, idempotencyKey: string) {
  const [row] = await db
    .select({ id: s.orders.id })
    .from(s.orders)
    .where(and(eq(s.orders.ownerKey, ownerKey), eq(s.orders.idempotencyKey, idempotencyKey)));
  return row?.id ?? null;
}

/** Field errors of the parts of the body that name other records; empty when all fit. */
async function checkReferences(
  db: Database,
  locale: Locale,
  body: CheckoutBody,
  paymentKinds: readonly string[],
  t: Translate,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const [delivery] = await db
    .select({ id: s.deliveries.id, pickup: s.deliveries.pickup })
    .from(s.deliveries)
    .where(and(eq(s.deliveries.id, body.delivery), eq(s.deliveries.active, true)));
  if (!delivery) errors.delivery = [t('orders.unknownDelivery')];
  const [payment] = await db
    .select({ kind: s.payments.kind })
    .from(s.payments)
    .where(and(eq(s.payments.id, body.payment), eq(s.payments.active, true)));
  if (!payment || !paymentKinds.includes(payment.kind))
    errors.payment = [t('orders.unknownPayment')];
  // A pickup order is collected, so it needs no address; every other delivery needs a whole one.
  if (!delivery?.pickup) Object.assign(errors, await shippingAddressErrors(db, locale, body, t));
  return errors;
}

type Line = { key: CartKey; quantity: number; item: SellableItem };

/** The cart as the order takes it: the locked cart, the lines read under that lock, their items. */
type CheckedCart = {
  cart: CartRow;
  /** The cart lines ordered: only these leave the cart. */
  rows: CartItemRow[];
  lines: Line[];
  /** A valid code typed at checkout, which replaces the cart's. */
  typedPromo: PromoRow | null;
};

/** The order priced, and what each line takes of each product (bundles: their items). */
type PricedOrder = {
  totals: OrderTotals;
  /** Collected at the pickup point: the order keeps no shipping address. */
  pickup: boolean;
  promo: PromoRow | null;
  uses: Map<number, number>[];
  variations: Awaited<ReturnType<typeof variationValues>>;
};

const rowKey = (row: CartItemRow): CartKey =>
  row.bundleId !== null
    ? { id: row.bundleId, ref: 'bundle' }
    : { id: row.productId ?? 0, ref: 'product' };

/**
 * Step 1, under the cart's lock: the cart's lines and the body's references, checked. Answers the
 * order already made when this is a repeat: of the same key (a copy that waited for the lock), or
 * of another key while the cart is still as that order left it (a second tab: decision 0039).
 */
async function validateOrder(
  tx: Database,
  input: PlaceOrderInput,
  ownerKey: string,
): Promise<PlaceOrderResult | CheckedCart> {
  const { body, owner, ctx, t } = input;
  // A second checkout of this cart waits here until the first has committed or rolled back.
  const cart = await lockCart(tx, owner);
  const existing = await orderByKey(tx, ownerKey, input.idempotencyKey);
  if (existing !== null) return { kind: 'repeated', orderId: existing };
  const rows = cart ? await lockCartItemRows(tx, cart.id) : [];
  if (cart && rows.length === 0 && cart.lastOrderId !== null) {
    return { kind: 'repeated', orderId: cart.lastOrderId };
  }
  // After the repeats: an order placed before the cart went off is still answered as placed.
  if (!ctx.cartEnabled) return { kind: 'cartDisabled' };

  const errors = await checkReferences(tx, input.locale, body, input.paymentKinds, t);
  // A code typed at checkout replaces the cart's; an unusable one is a field error.
  const typedPromo = body.promoCode ? await findPromoCode(tx, body.promoCode) : null;
  if (body.promoCode) {
    const state = promoState(typedPromo, ctx.now);
    if (state !== 'valid') errors.promoCode = [t(PROMO_MESSAGE_KEYS[state])];
  }
  if (rows.length === 0) errors.non_field_errors = [t('orders.emptyCart')];
  if (Object.keys(errors).length > 0 || !cart) return { kind: 'invalid', errors };

  const keys = rows.map(rowKey);
  const sellable = await sellableItems(tx, input.locale, keys, ctx);
  const lines: Line[] = [];
  for (const [i, row] of rows.entries()) {
    const key = keys[i]!;
    const item = sellableItem(sellable, key);
    if (!item || !item.card.available)
      return { kind: 'stock', error: { product: [t('orders.productNotAvailable')], item: key } };
    lines.push({ key, quantity: row.quantity, item });
  }
  return { cart, rows, lines, typedPromo };
}

/** Step 2: the order's totals by the domain, and what its lines take of each product. */
async function priceOrder(
  tx: Database,
  input: PlaceOrderInput,
  { cart, lines, typedPromo }: CheckedCart,
): Promise<PricedOrder> {
  const [promoRow] = typedPromo
    ? [typedPromo]
    : cart.promoCodeId === null
      ? []
      : await tx.select().from(s.promoCodes).where(eq(s.promoCodes.id, cart.promoCodeId));
  const promo = promoRow && promoState(promoRow, input.ctx.now) === 'valid' ? promoRow : null;
  const [delivery] = await tx
    .select()
    .from(s.deliveries)
    .where(eq(s.deliveries.id, input.body.delivery));
  const totals = orderTotals(
    lines.map((l) => ({
      price: l.item.card.price,
      vatPercent: l.item.vatPercent,
      discountPercent: l.item.card.discountPercent,
      quantity: l.quantity,
    })),
    promo,
    delivery ?? { price: 0 },
  );
  const bundleIds = lines.filter((l) => l.key.ref === 'bundle').map((l) => l.key.id);
  const items = bundleIds.length
    ? await tx.select().from(s.bundleItems).where(inArray(s.bundleItems.bundleId, bundleIds))
    : [];
  const uses = lines.map((line) =>
    line.key.ref === 'product'
      ? new Map([[line.key.id, 1]])
      : new Map(
          items
            .filter((i) => i.bundleId === line.key.id)
            .map((i) => [i.productId, i.quantity] as const),
        ),
  );
  // Order lines keep the title as sold, with the variation it was ("Duvet cover (Colour: Sage)").
  const variations = await variationValues(
    tx,
    input.locale,
    lines.filter((l) => l.key.ref === 'product').map((l) => l.key.id),
  );
  return { totals, pickup: delivery?.pickup ?? false, promo, uses, variations };
}

/**
 * Step 3: the products locked in id order (two orders of overlapping carts queue instead of
 * deadlocking), the stock checked against the locked rows and taken in one statement, then the
 * order, its lines and first status stored and the ordered lines (only those) removed.
 */
async function commitOrder(
  tx: Database,
  input: PlaceOrderInput,
  ownerKey: string,
  { cart, rows, lines }: CheckedCart,
  { totals, pickup, promo, uses, variations }: PricedOrder,
): Promise<PlaceOrderResult> {
  const { body, owner, now, t } = input;
  const needs = new Map<number, number>();
  for (const [i, line] of lines.entries())
    for (const [productId, perUnit] of uses[i]!)
      needs.set(productId, (needs.get(productId) ?? 0) + perUnit * line.quantity);
  const ids = [...needs.keys()];
  // Orders of the same products queue here, each for the ones ahead: in line, not stuck
  // (LOCK_WAIT_MS, decision 0083).
  const locked = ids.length
    ? await waitingInLine(tx, () =>
        tx
          .select({ id: s.products.id, stock: s.products.stock })
          .from(s.products)
          .where(inArray(s.products.id, ids))
          .orderBy(asc(s.products.id))
          .for('update'),
      )
    : [];
  const short = firstShortLine(
    lines.map((line, i) => ({ key: line.key, quantity: line.quantity, uses: uses[i]! })),
    new Map(locked.map((p) => [p.id, p.stock])),
  );
  if (short) {
    return {
      kind: 'stock',
      error: {
        productQuantity: short.available,
        quantity: [
          short.available > 0
            ? t('orders.onlyLeft', { count: short.available })
            : t('orders.soldOut'),
        ],
        item: short.key,
      },
    };
  }
  const tracked = locked.filter((p) => p.stock !== null);
  if (tracked.length > 0) {
    const taken = sql.join(
      tracked.map((p) => sql`(${p.id}::integer, ${needs.get(p.id)!}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE ${s.products} SET stock = ${s.products.stock} - taken.n
      FROM (VALUES ${taken}) AS taken(id, n) WHERE ${s.products.id} = taken.id`);
  }

  const [order] = await tx
    .insert(s.orders)
    .values({
      number: `pending-${randomUUID()}`,
      userId: 'userId' in owner ? owner.userId : null,
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      // The typed address of a pickup order is dropped: it would only be printed by mistake.
      ...(pickup
        ? { countryId: null, regionId: null, city: '', address: '', postcode: '' }
        : {
            countryId: body.country ?? null,
            regionId: body.region ?? null,
            city: body.city ?? '',
            address: body.address ?? '',
            postcode: normalizePostcode(body.postcode ?? ''),
          }),
      comment: body.comment ?? '',
      deliveryId: body.delivery,
      paymentId: body.payment,
      promoCodeId: totals.promoApplied && promo ? promo.id : null,
      status: 'pending',
      subtotal: totals.total,
      discount: totals.discount,
      promoDiscount: totals.promoDiscount,
      deliveryPrice: totals.delivery,
      totalVat: totals.totalVat,
      total: totals.orderTotal,
      locale: input.locale,
      ownerKey,
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
    })
    .returning({ id: s.orders.id });
  if (!order) throw new Error('order was not stored');
  await tx
    .update(s.orders)
    .set({ number: orderNumber(order.id, now) })
    .where(eq(s.orders.id, order.id));
  await tx.insert(s.orderItems).values(
    lines.map((line, i) => {
      const priced = totals.lines[i]!;
      return {
        orderId: order.id,
        productId: line.key.ref === 'product' ? line.key.id : null,
        bundleId: line.key.ref === 'bundle' ? line.key.id : null,
        title: titleWithVariation(
          line.item.card.title,
          line.key.ref === 'product' ? (variations.get(line.key.id) ?? []) : [],
        ),
        quantity: line.quantity,
        unitPrice: priced.unitPrice,
        discountPercent: line.item.card.discountPercent,
        unitDiscountPrice: priced.unitDiscountPrice,
        total: priced.paid,
        totalVat: priced.totalVat,
      };
    }),
  );
  await tx
    .insert(s.orderStatusChanges)
    .values({ orderId: order.id, status: 'pending', createdAt: now });
  await tx.delete(s.cartItems).where(
    inArray(
      s.cartItems.id,
      rows.map((row) => row.id),
    ),
  );
  // The cart stays (a line added meanwhile lands in it) and remembers this order until it changes.
  await tx
    .update(s.carts)
    .set({ lastOrderId: order.id, promoCodeId: null, updatedAt: now })
    .where(eq(s.carts.id, cart.id));
  return { kind: 'placed', orderId: order.id };
}

const orderNumber = (id: number, at: Date) =>
  `${at.toISOString().slice(2, 10).replaceAll('-', '')}-${String(id).padStart(6, '0')}`;

/**
 * Places the order from the owner's cart, in one transaction (retried on a deadlock): the cart
 * read and locked first, so a second checkout of it waits and is then answered with this order;
 * prices recomputed by the domain; stock checked and taken under the products' locks, in id
 * order, never below 0. The same idempotency key of the same owner finds the first order.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const ownerKey = ownerKeyOf(input.owner);
  // A repeat of a finished order needs no lock.
  const existing = await orderByKey(db, ownerKey, input.idempotencyKey);
  if (existing !== null) return { kind: 'repeated', orderId: existing };
  try {
    return await inTransaction(db, async (tx) => {
      const checked = await validateOrder(tx, input, ownerKey);
      if ('kind' in checked) return checked;
      const priced = await priceOrder(tx, input, checked);
      return commitOrder(tx, input, ownerKey, checked, priced);
    });
  } catch (error) {
    // Two requests of one owner without a cart row to queue on: the second meets the first's key.
    const again = await orderByKey(db, ownerKey, input.idempotencyKey);
    if (again !== null) return { kind: 'repeated', orderId: again };
    throw error;
  }
}

// ---------------------------------------------------------------- reading orders

/**
 * The order as its owner sees it, with titles in the caller's language; null if not theirs. Staff
 * see every order, and whether a payment of it is to be paid back (decision 0039).
 */
export async function findOrder(
  db: Database,
  locale: Locale,
  id: number,
  owner: {
    userId: number | null;
    sessionId: string | null;
    staff?: boolean;
    /** The caller holds the order's signed link (checked by the caller): anyone may read it. */
    linked?: boolean;
  },
): Promise<Order | null> {
  const mine = [
    ...(owner.userId !== null ? [eq(s.orders.userId, owner.userId)] : []),
    ...(owner.sessionId !== null
      ? [eq(s.orders.ownerKey, ownerKeyOf({ sessionId: owner.sessionId }))]
      : []),
  ];
  const anyone = owner.staff === true || owner.linked === true;
  if (mine.length === 0 && !anyone) return null;
  const [row] = await db
    .select()
    .from(s.orders)
    .where(anyone ? eq(s.orders.id, id) : and(eq(s.orders.id, id), or(...mine)));
  if (!row) return null;
  const [order] = await orderViews(db, locale, [row]);
  if (!order || !owner.staff) return order ?? null;
  const [due] = await db
    .select({ id: s.orderPayments.id })
    .from(s.orderPayments)
    .where(and(eq(s.orderPayments.orderId, id), eq(s.orderPayments.refundDue, true)))
    .limit(1);
  return { ...order, refundDue: due !== undefined };
}

/** The user's orders, newest first, paged. */
export async function listOrders(
  db: Database,
  locale: Locale,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: Order[] }> {
  const [total] = await db.select({ n: count() }).from(s.orders).where(eq(s.orders.userId, userId));
  const rows = await db
    .select()
    .from(s.orders)
    .where(eq(s.orders.userId, userId))
    .orderBy(desc(s.orders.createdAt), desc(s.orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: total?.n ?? 0, results: await orderViews(db, locale, rows) };
}

/** The lines of one order the user owns, to put back into a cart; null if not theirs. */
export async function ownOrderLines(
  db: Database,
  userId: number,
  orderId: number,
): Promise<{ key: CartKey; quantity: number }[] | null> {
  const [order] = await db
    .select({ id: s.orders.id })
    .from(s.orders)
    .where(and(eq(s.orders.id, orderId), eq(s.orders.userId, userId)));
  if (!order) return null;
  const items = await db
    .select()
    .from(s.orderItems)
    .where(eq(s.orderItems.orderId, orderId))
    .orderBy(asc(s.orderItems.id));
  return items.flatMap((item) => {
    const ref: CartRef = item.bundleId !== null ? 'bundle' : 'product';
    const id = item.bundleId ?? item.productId;
    return id === null ? [] : [{ key: { id, ref }, quantity: item.quantity }];
  });
}

async function orderViews(db: Database, locale: Locale, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // Only the deliveries, payments and codes these orders name (-1: none, an empty IN is invalid).
  const named = (pick: (row: OrderRow) => number | null) => [
    -1,
    ...new Set(rows.flatMap((r) => (pick(r) === null ? [] : [pick(r) as number]))),
  ];
  const ct = translated(s.countryTranslations, locale, 'ct');
  const rt = translated(s.regionTranslations, locale, 'rt');
  const dt = translated(s.deliveryTranslations, locale, 'dt');
  const pt = translated(s.paymentTranslations, locale, 'pt');
  const [items, places, deliveries, payments, promos] = await Promise.all([
    db
      .select()
      .from(s.orderItems)
      .where(inArray(s.orderItems.orderId, ids))
      .orderBy(asc(s.orderItems.id)),
    db
      .select({
        id: s.orders.id,
        country: ct.optional('title'),
        region: rt.optional('title'),
      })
      .from(s.orders)
      .leftJoin(ct.local, ct.onLocal(s.orders.countryId))
      .leftJoin(ct.fallback, ct.onFallback(s.orders.countryId))
      .leftJoin(rt.local, rt.onLocal(s.orders.regionId))
      .leftJoin(rt.fallback, rt.onFallback(s.orders.regionId))
      .where(inArray(s.orders.id, ids)),
    db
      .select({
        id: s.deliveries.id,
        title: dt.text('title'),
        pickup: s.deliveries.pickup,
        pickupPoint: dt.text('pickupPoint'),
      })
      .from(s.deliveries)
      .leftJoin(dt.local, dt.onLocal(s.deliveries.id))
      .leftJoin(dt.fallback, dt.onFallback(s.deliveries.id))
      .where(
        inArray(
          s.deliveries.id,
          named((r) => r.deliveryId),
        ),
      ),
    db
      .select({ id: s.payments.id, kind: s.payments.kind, title: pt.text('title') })
      .from(s.payments)
      .leftJoin(pt.local, pt.onLocal(s.payments.id))
      .leftJoin(pt.fallback, pt.onFallback(s.payments.id))
      .where(
        inArray(
          s.payments.id,
          named((r) => r.paymentId),
        ),
      ),
    db
      .select()
      .from(s.promoCodes)
      .where(
        inArray(
          s.promoCodes.id,
          named((r) => r.promoCodeId),
        ),
      ),
  ]);
  const placeOf = new Map(places.map((p) => [p.id, p]));
  return rows.map((row): Order => {
    const place = placeOf.get(row.id);
    const lines = items.filter((i) => i.orderId === row.id);
    const delivery = deliveries.find((d) => d.id === row.deliveryId);
    const payment = payments.find((p) => p.id === row.paymentId);
    const promo = promos.find((p) => p.id === row.promoCodeId);
    const quantity = lines.reduce((n, l) => n + l.quantity, 0);
    const minus = (a: number, b: number) => fromCents(toCents(a) - toCents(b));
    // The order keeps its total VAT (the goods' and, since decision 0047, the delivery's) and
    // each line's: the delivery's part is what the lines do not account for (0 for older orders).
    const linesVat = fromCents(lines.reduce((sum, l) => sum + toCents(l.totalVat), 0));
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      country: row.countryId !== null ? { id: row.countryId, title: place?.country ?? '' } : null,
      region: row.regionId !== null ? { id: row.regionId, title: place?.region ?? '' } : null,
      city: row.city,
      address: row.address,
      postcode: row.postcode,
      comment: row.comment,
      delivery: {
        id: row.deliveryId ?? 0,
        title: delivery?.title ?? '',
        price: row.deliveryPrice,
        pickup: delivery?.pickup ?? false,
        pickupPoint: delivery?.pickup ? delivery.pickupPoint : '',
      },
      payment: {
        id: row.paymentId ?? 0,
        title: payment?.title ?? '',
        kind: payment?.kind ?? 'cod',
      },
      items: lines.map((l) => {
        const lineDiscountPrice = multiplyMoney(l.unitDiscountPrice, l.quantity);
        return {
          id: l.id,
          product: l.productId,
          bundle: l.bundleId,
          ref: l.bundleId !== null ? 'bundle' : 'product',
          title: l.title,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          discountPercent: l.discountPercent,
          discount: minus(multiplyMoney(l.unitPrice, l.quantity), lineDiscountPrice),
          discountPrice: lineDiscountPrice,
          totalVat: l.totalVat,
        };
      }),
      totals: {
        quantity,
        total: row.subtotal,
        discount: row.discount,
        discountPrice: minus(row.subtotal, row.discount),
        totalVat: row.totalVat,
        promoDiscount: row.promoDiscount,
        grandTotal: minus(row.total, row.deliveryPrice),
        delivery: row.deliveryPrice,
        deliveryVat: minus(row.totalVat, linesVat),
        orderTotal: row.total,
      },
      promoCode: promo ? toPromoCode(promo) : null,
      paymentUrl: null,
      paymentInstructions: '',
      trackingNumber: row.trackingNumber,
    };
  });
}

// ---------------------------------------------------------------- payment

/** What a payment provider needs to know of an order: its total, how it is paid, its state. */
export async function orderForPayment(db: Database, id: number) {
  const [row] = await db
    .select({
      id: s.orders.id,
      number: s.orders.number,
      total: s.orders.total,
      status: s.orders.status,
      locale: s.orders.locale,
      kind: s.payments.kind,
    })
    .from(s.orders)
    .leftJoin(s.payments, eq(s.payments.id, s.orders.paymentId))
    .where(eq(s.orders.id, id));
  return row ?? null;
}

/** Who moves an order and what comes with the move. */
export type MoveOptions = {
  /** The staff member; null (the default) when the shop itself moves it. */
  userId?: number | null;
  /** The app's clock (app.now()); the database's when not given. */
  now?: Date;
  /** The version the mover saw (staff): a move made since refuses this one. */
  version?: number;
  /** Checked by the staff rule (`staffMoveRefusal`: only bank transfer and COD are marked paid). */
  asStaff?: boolean;
  trackingNumber?: string;
  note?: string;
};

export type MoveResult =
  | { kind: 'moved'; from: OrderStatus; version: number }
  | { kind: 'missing' }
  /** Someone moved it since the mover's screen showed `version`. */
  | { kind: 'stale'; status: OrderStatus }
  | { kind: 'refused'; status: OrderStatus; reason: StaffMoveRefusal };

/** The order's status, version and payment kind, read under its row lock. */
async function lockOrder(tx: Database, id: number) {
  const [row] = await tx
    .select({ status: s.orders.status, version: s.orders.version, kind: s.payments.kind })
    .from(s.orders)
    .leftJoin(s.payments, eq(s.payments.id, s.orders.paymentId))
    .where(eq(s.orders.id, id))
    .for('update', { of: s.orders });
  return row ?? null;
}

/**
 * The one place an order's status changes, inside the caller's transaction and under the order's
 * lock: the status and version move on, the history records who and when, and a cancel puts the
 * stock the order took back, in the same transaction.
 */
async function applyMove(
  tx: Database,
  id: number,
  before: { status: OrderStatus; version: number },
  to: OrderStatus,
  options: MoveOptions,
): Promise<number> {
  const [moved] = await tx
    .update(s.orders)
    .set({
      status: to,
      version: sql`${s.orders.version} + 1`,
      ...(options.trackingNumber ? { trackingNumber: options.trackingNumber } : {}),
    })
    .where(eq(s.orders.id, id))
    .returning({ version: s.orders.version });
  await tx.insert(s.orderStatusChanges).values({
    orderId: id,
    status: to,
    note: options.note ?? '',
    userId: options.userId ?? null,
    ...(options.now ? { createdAt: options.now } : {}),
  });
  if (to === 'cancelled') await restoreStock(tx, id);
  const version = moved?.version ?? 0;
  // A staff move goes into the staff log with the rest of the back office's writes.
  if (options.userId != null) {
    await logStaffAction(tx, {
      userId: options.userId,
      subject: 'order',
      subjectId: id,
      action: `move:${to}`,
      before,
      after: {
        status: to,
        version,
        ...(options.trackingNumber ? { trackingNumber: options.trackingNumber } : {}),
      },
      now: options.now,
    });
  }
  return version;
}

/**
 * Puts back what a cancelled order took: each line's quantity (a bundle's: its items times the
 * line's) onto products whose stock is counted, locked in id order as checkout locks them.
 */
async function restoreStock(tx: Database, orderId: number): Promise<void> {
  const items = await tx
    .select({
      productId: s.orderItems.productId,
      bundleId: s.orderItems.bundleId,
      quantity: s.orderItems.quantity,
    })
    .from(s.orderItems)
    .where(eq(s.orderItems.orderId, orderId));
  const bundleIds = items.flatMap((i) => (i.bundleId === null ? [] : [i.bundleId]));
  const parts = bundleIds.length
    ? await tx.select().from(s.bundleItems).where(inArray(s.bundleItems.bundleId, bundleIds))
    : [];
  const back = new Map<number, number>();
  const add = (productId: number, n: number) => back.set(productId, (back.get(productId) ?? 0) + n);
  for (const item of items) {
    if (item.productId !== null) add(item.productId, item.quantity);
    for (const part of parts.filter((p) => p.bundleId === item.bundleId))
      add(part.productId, part.quantity * item.quantity);
  }
  const ids = [...back.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx
    .select({ id: s.products.id })
    .from(s.products)
    .where(inArray(s.products.id, ids))
    .orderBy(asc(s.products.id))
    .for('update');
  const returned = sql.join(
    ids.map((id) => sql`(${id}::integer, ${back.get(id)!}::integer)`),
    sql`, `,
  );
  // Unlimited stock (null) stays unlimited.
  await tx.execute(sql`
    UPDATE ${s.products} SET stock = ${s.products.stock} + returned.n
    FROM (VALUES ${returned}) AS returned(id, n)
    WHERE ${s.products.id} = returned.id AND ${s.products.stock} IS NOT NULL`);
}

/**
 * Moves an order to `to` when the domain allows it from its current status (staff: and the staff
 * rule, and only from the version they saw), in one transaction under the order's lock. Nothing
 * is written when it is refused; two movers at once queue on the lock and the second finds the
 * first's move (stale, or no longer allowed).
 */
export async function moveOrder(
  db: Database,
  id: number,
  to: OrderStatus,
  options: MoveOptions = {},
): Promise<MoveResult> {
  return inTransaction(db, async (tx) => {
    const row = await lockOrder(tx, id);
    if (!row) return { kind: 'missing' };
    if (options.version !== undefined && options.version !== row.version)
      return { kind: 'stale', status: row.status };
    const reason = options.asStaff
      ? staffMoveRefusal(row.status, to, row.kind)
      : canMoveOrder(row.status, to)
        ? null
        : 'notAllowed';
    if (reason) return { kind: 'refused', status: row.status, reason };
    const version = await applyMove(
      tx,
      id,
      { status: row.status, version: row.version },
      to,
      options,
    );
    return { kind: 'moved', from: row.status, version };
  });
}

/** A payment as its provider confirmed it (signature and amount already checked). */
export type ConfirmedPayment = {
  orderId: number;
  kind: PaymentKind;
  /** The provider's id of the payment: the same confirmation twice is one payment. */
  reference: string;
  amount: number;
};

/**
 * What became of a confirmed payment: it paid the order; it was recorded before (a confirmation
 * delivered again); or the order could not take it (cancelled meanwhile, or paid already) and it
 * is kept with a refund due, for staff.
 */
export type RecordedPayment = 'paid' | 'repeated' | 'refundDue';

export const REFUND_NOTES = {
  cancelled: 'paid after cancel: refund due',
  again: 'paid again: refund due',
} as const;

/**
 * Records a payment the provider confirmed, whatever the order's status: money taken is never
 * dropped. A pending order becomes paid; any other keeps its status and gets a history entry that
 * says a refund is due (the payment row carries `refundDue`).
 */
export async function recordPayment(
  db: Database,
  payment: ConfirmedPayment,
  now: Date,
): Promise<RecordedPayment | null> {
  return inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, payment.orderId);
    if (!order) return null;
    const takes = canMoveOrder(order.status, 'paid');
    const [stored] = await tx
      .insert(s.orderPayments)
      .values({ ...payment, refundDue: !takes, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: s.orderPayments.id });
    if (!stored) return 'repeated';
    if (takes) {
      await applyMove(
        tx,
        payment.orderId,
        { status: order.status, version: order.version },
        'paid',
        {
          now,
        },
      );
      return 'paid';
    }
    await tx.insert(s.orderStatusChanges).values({
      orderId: payment.orderId,
      status: order.status,
      note: order.status === 'cancelled' ? REFUND_NOTES.cancelled : REFUND_NOTES.again,
      createdAt: now,
    });
    return 'refundDue';
  });
}

/** What became of asking to pay an order another way. */
export type ChangedPayment = 'changed' | 'notFound' | 'unknownPayment' | 'locked';

/**
 * Switches a pending, unpaid order of `owner` to another payment method (after a declined card).
 * The order row is locked first, as `recordPayment` locks it, so a payment confirmed meanwhile
 * either lands before (and the change is refused) or after (and pays the order all the same).
 */
export async function changeOrderPayment(
  db: Database,
  input: {
    orderId: number;
    owner: { userId: number | null; sessionId: string | null };
    paymentId: number;
    paymentKinds: readonly string[];
    now: Date;
  },
): Promise<ChangedPayment> {
  const mine = [
    ...(input.owner.userId !== null ? [eq(s.orders.userId, input.owner.userId)] : []),
    ...(input.owner.sessionId !== null
      ? [eq(s.orders.ownerKey, ownerKeyOf({ sessionId: input.owner.sessionId }))]
      : []),
  ];
  if (mine.length === 0) return 'notFound';
  return inTransaction(db, async (tx) => {
    const [order] = await tx
      .select({ status: s.orders.status, paymentId: s.orders.paymentId })
      .from(s.orders)
      .where(and(eq(s.orders.id, input.orderId), or(...mine)))
      .for('update');
    if (!order) return 'notFound';
    const [payment] = await tx
      .select({ kind: s.payments.kind })
      .from(s.payments)
      .where(and(eq(s.payments.id, input.paymentId), eq(s.payments.active, true)));
    if (!payment || !input.paymentKinds.includes(payment.kind)) return 'unknownPayment';
    const [recorded] = await tx
      .select({ n: count() })
      .from(s.orderPayments)
      .where(eq(s.orderPayments.orderId, input.orderId));
    if (!canChangePayment(order.status, recorded?.n ?? 0)) return 'locked';
    if (order.paymentId === input.paymentId) return 'changed';
    await tx
      .update(s.orders)
      .set({ paymentId: input.paymentId })
      .where(eq(s.orders.id, input.orderId));
    await tx.insert(s.orderStatusChanges).values({
      orderId: input.orderId,
      status: order.status,
      note: `payment method changed to ${payment.kind}`,
      createdAt: input.now,
    });
    return 'changed';
  });
}
