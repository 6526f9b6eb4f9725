import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type {
  Locale,
  StaffDashboard,
  StaffDelivery,
  StaffDeliveryBody,
  StaffPayment,
  StaffPromoCode,
  StaffPromoCodeBody,
  StaffPromoState,
} from '@shop/contract';
import {
  awaiting,
  canChangeTracking,
  dashboardFigures,
  dashboardSince,
  promoState,
  type OrderStatus,
} from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { inTransaction } from '#api/lib/transactions.ts';
import { logStaffAction } from './staff-log.ts';

/*
 * The back office's shop settings (promo codes, deliveries, payment methods), the tracking number
 * of a shipped order, and the dashboard's figures. Every write locks what it changes, records
 * itself in the staff log (who, what, before, after) and commits both together.
 * Deliveries and payments move the pages' change count as they commit (migration 0011); promo
 * codes are read live by the cart and the checkout, so every change shows there at once.
 */

/* ---------------------------------------------------------------- promo codes */

type PromoRow = typeof s.promoCodes.$inferSelect;

function stateOf(row: PromoRow, now: Date): StaffPromoState {
  const state = promoState(row, now);
  return state === 'unknown' ? 'off' : state;
}

const toPromo = (row: PromoRow, orders: number, now: Date): StaffPromoCode => ({
  id: row.id,
  code: row.code,
  discountType: row.discountType,
  discountValue: row.discountValue,
  fromPrice: row.fromPrice,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  state: stateOf(row, now),
  orders,
});

/** What the log keeps of a code: its row, dates as ISO text. */
const promoRecord = (row: PromoRow) => ({
  ...row,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
});

async function ordersWith(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: s.orders.promoCodeId, n: count() })
    .from(s.orders)
    .where(inArray(s.orders.promoCodeId, ids))
    .groupBy(s.orders.promoCodeId);
  return new Map(rows.map((r) => [r.id ?? 0, r.n]));
}

export async function listPromoCodes(db: Database, now: Date): Promise<StaffPromoCode[]> {
  const rows = await db.select().from(s.promoCodes).orderBy(desc(s.promoCodes.id));
  const used = await ordersWith(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPromo(row, used.get(row.id) ?? 0, now));
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * Creates a code, upper-cased; valid from the start of `startsOn` to the end of `endsOn` (UTC).
 * `duplicate` when the code exists already (any case), and nothing is written.
 */
export async function createPromoCode(
  db: Database,
  body: Omit<StaffPromoCodeBody, 'fromPrice'> & { fromPrice: number | null },
  userId: number,
  now: Date,
): Promise<StaffPromoCode | 'duplicate'> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(s.promoCodes)
      .values({
        code: body.code.trim().toUpperCase(),
        discountType: body.discountType,
        discountValue: body.discountValue,
        fromPrice: body.fromPrice,
        startsAt: body.startsOn ? dayStart(body.startsOn) : null,
        endsAt: body.endsOn ? dayAfter(body.endsOn) : null,
        active: true,
      })
      .onConflictDoNothing({ target: s.promoCodes.code })
      .returning();
    if (!row) return 'duplicate';
    await logStaffAction(tx, {
      userId,
      subject: 'promo_code',
      subjectId: row.id,
      action: 'create',
      before: null,
      after: promoRecord(row),
      now,
    });
    return toPromo(row, 0, now);
  });
}

/**
 * Ends a code now: carts that hold it lose it at their next reading, the checkout refuses it as
 * expired. A code that starts later gets an empty window (it starts and ends now). Ending an
 * ended code changes nothing. Null when there is no such code.
 */
export async function expirePromoCode(
  db: Database,
  id: number,
  userId: number,
  now: Date,
): Promise<StaffPromoCode | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(s.promoCodes).where(eq(s.promoCodes.id, id)).for('update');
    if (!row) return null;
    const used = (await ordersWith(tx, [id])).get(id) ?? 0;
    if (row.endsAt && row.endsAt <= now) return toPromo(row, used, now);
    const set = {
      endsAt: now,
      ...(row.startsAt && row.startsAt > now ? { startsAt: now } : {}),
    };
    const [after] = await tx
      .update(s.promoCodes)
      .set(set)
      .where(eq(s.promoCodes.id, id))
      .returning();
    await logStaffAction(tx, {
      userId,
      subject: 'promo_code',
      subjectId: id,
      action: 'expire',
      before: promoRecord(row),
      after: promoRecord(after ?? { ...row, ...set }),
      now,
    });
    return toPromo(after ?? { ...row, ...set }, used, now);
  });
}

/* ---------------------------------------------------------------- deliveries */

export async function listStaffDeliveries(
  db: Database,
  locale: Locale,
  id?: number,
): Promise<StaffDelivery[]> {
  const t = translated(s.deliveryTranslations, locale, 'dt');
  return db
    .select({
      id: s.deliveries.id,
      key: s.deliveries.key,
      title: t.text('title'),
      price: s.deliveries.price,
      freeFrom: s.deliveries.freeFrom,
      pickup: s.deliveries.pickup,
      active: s.deliveries.active,
    })
    .from(s.deliveries)
    .leftJoin(t.local, t.onLocal(s.deliveries.id))
    .leftJoin(t.fallback, t.onFallback(s.deliveries.id))
    .where(id === undefined ? undefined : eq(s.deliveries.id, id))
    .orderBy(asc(s.deliveries.sorting), asc(s.deliveries.id));
}

/** Sets a delivery's price, free-from amount and on/off. Null when there is no such delivery. */
export async function updateDelivery(
  db: Database,
  locale: Locale,
  id: number,
  body: Required<StaffDeliveryBody>,
  userId: number,
  now: Date,
): Promise<StaffDelivery | null> {
  const done = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        price: s.deliveries.price,
        freeFrom: s.deliveries.freeFrom,
        active: s.deliveries.active,
      })
      .from(s.deliveries)
      .where(eq(s.deliveries.id, id))
      .for('update');
    if (!row) return false;
    const after = { price: body.price, freeFrom: body.freeFrom, active: body.active };
    if (row.price === after.price && row.freeFrom === after.freeFrom && row.active === after.active)
      return true;
    await tx.update(s.deliveries).set(after).where(eq(s.deliveries.id, id));
    await logStaffAction(tx, {
      userId,
      subject: 'delivery',
      subjectId: id,
      action: 'update',
      before: row,
      after,
      now,
    });
    return true;
  });
  if (!done) return null;
  const [delivery] = await listStaffDeliveries(db, locale, id);
  return delivery ?? null;
}

/* ---------------------------------------------------------------- payment methods */

export async function listStaffPayments(
  db: Database,
  locale: Locale,
  configured: readonly string[],
  id?: number,
): Promise<StaffPayment[]> {
  const t = translated(s.paymentTranslations, locale, 'pt');
  const rows = await db
    .select({
      id: s.payments.id,
      kind: s.payments.kind,
      title: t.text('title'),
      active: s.payments.active,
    })
    .from(s.payments)
    .leftJoin(t.local, t.onLocal(s.payments.id))
    .leftJoin(t.fallback, t.onFallback(s.payments.id))
    .where(id === undefined ? undefined : eq(s.payments.id, id))
    .orderBy(asc(s.payments.sorting), asc(s.payments.id));
  return rows.map((row) => ({ ...row, configured: configured.includes(row.kind) }));
}

/** Switches a payment method on or off. Null when there is no such method. */
export async function updatePayment(
  db: Database,
  locale: Locale,
  id: number,
  active: boolean,
  configured: readonly string[],
  userId: number,
  now: Date,
): Promise<StaffPayment | null> {
  const done = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ active: s.payments.active })
      .from(s.payments)
      .where(eq(s.payments.id, id))
      .for('update');
    if (!row) return false;
    if (row.active === active) return true;
    await tx.update(s.payments).set({ active }).where(eq(s.payments.id, id));
    await logStaffAction(tx, {
      userId,
      subject: 'payment',
      subjectId: id,
      action: active ? 'on' : 'off',
      before: row,
      after: { active },
      now,
    });
    return true;
  });
  if (!done) return null;
  const [payment] = await listStaffPayments(db, locale, configured, id);
  return payment ?? null;
}

/* ---------------------------------------------------------------- tracking number */

export type TrackingResult =
  | { kind: 'changed'; before: string; after: string }
  | { kind: 'missing' }
  | { kind: 'stale' }
  | { kind: 'notShipped'; status: OrderStatus };

/**
 * Sets or changes a shipped order's tracking number (domain `canChangeTracking`), under the
 * order's lock and version like a move: a change made since the screen showed `version` refuses
 * this one. A real change moves the version on and goes into the staff log; the same number again
 * changes nothing.
 */
export async function setTrackingNumber(
  db: Database,
  id: number,
  input: { trackingNumber: string; version: number },
  userId: number,
  now: Date,
): Promise<TrackingResult> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        status: s.orders.status,
        version: s.orders.version,
        trackingNumber: s.orders.trackingNumber,
      })
      .from(s.orders)
      .where(eq(s.orders.id, id))
      .for('update');
    if (!row) return { kind: 'missing' };
    if (row.version !== input.version) return { kind: 'stale' };
    if (!canChangeTracking(row.status)) return { kind: 'notShipped', status: row.status };
    const after = input.trackingNumber;
    if (after === row.trackingNumber) return { kind: 'changed', before: after, after };
    const [moved] = await tx
      .update(s.orders)
      .set({ trackingNumber: after, version: sql`${s.orders.version} + 1` })
      .where(eq(s.orders.id, id))
      .returning({ version: s.orders.version });
    await logStaffAction(tx, {
      userId,
      subject: 'order',
      subjectId: id,
      action: 'tracking',
      before: { trackingNumber: row.trackingNumber, version: row.version },
      after: { trackingNumber: after, version: moved?.version ?? row.version + 1 },
      now,
    });
    return { kind: 'changed', before: row.trackingNumber, after };
  });
}

/* ---------------------------------------------------------------- dashboard */

const OUT_OF_STOCK_SHOWN = 10;

/**
 * The dashboard: orders summed per UTC day and status since the earliest day it shows (one
 * grouped query over the orders' date index), then the domain's rule; what waits, by status and
 * payment kind; the active products whose counted stock is 0.
 */
export async function staffDashboard(
  db: Database,
  locale: Locale,
  now: Date,
  currency: string,
): Promise<StaffDashboard> {
  const day = sql<string>`to_char(${s.orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const outOfStock = and(eq(s.products.active, true), eq(s.products.stock, 0));
  const pt = translated(s.productTranslations, locale, 'pt');
  const [perDayStatus, waiting, [stockOut], stockOutRows] = await Promise.all([
    db
      .select({
        day,
        status: s.orders.status,
        orders: count(),
        total: sql<string>`coalesce(sum(${s.orders.total}), 0)`,
      })
      .from(s.orders)
      .where(gte(s.orders.createdAt, dashboardSince(now)))
      .groupBy(day, s.orders.status),
    db
      .select({ status: s.orders.status, kind: s.payments.kind, n: count() })
      .from(s.orders)
      .leftJoin(s.payments, eq(s.payments.id, s.orders.paymentId))
      .where(inArray(s.orders.status, ['pending', 'paid', 'processing']))
      .groupBy(s.orders.status, s.payments.kind),
    db.select({ n: count() }).from(s.products).where(outOfStock),
    db
      .select({ id: s.products.id, slug: s.products.slug, title: pt.text('title') })
      .from(s.products)
      .leftJoin(pt.local, pt.onLocal(s.products.id))
      .leftJoin(pt.fallback, pt.onFallback(s.products.id))
      .where(outOfStock)
      .orderBy(asc(s.products.id))
      .limit(OUT_OF_STOCK_SHOWN),
  ]);
  const figures = dashboardFigures(
    perDayStatus.map((r) => ({ ...r, total: Number(r.total) })),
    now,
  );
  let awaitingPayment = 0;
  let awaitingShipping = 0;
  for (const row of waiting) {
    const what = awaiting(row.status, row.kind);
    if (what === 'payment') awaitingPayment += row.n;
    if (what === 'shipping') awaitingShipping += row.n;
  }
  return {
    currency,
    ...figures,
    awaitingPayment,
    awaitingShipping,
    outOfStock: stockOut?.n ?? 0,
    outOfStockProducts: stockOutRows,
  };
}
