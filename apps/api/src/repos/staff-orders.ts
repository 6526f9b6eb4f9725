import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  orderStatusSchema,
  type Locale,
  type StaffOrder,
  type StaffOrderAction,
  type StaffOrderRow,
} from '@shop/contract';
import { awaitingCases, staffMoves, type Awaiting } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { findOrder } from './orders.ts';

export type StaffOrderFilters = {
  status?: StaffOrderRow['status'] | undefined;
  payment?: 'cod' | 'bank_transfer' | 'test_card' | undefined;
  awaiting?: Awaiting | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
};

/** `%`, `_` and `\` typed into the search are letters, not patterns. */
const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * The orders that wait for `what`, by the domain's rule: the (status, payment kind) pairs it names
 * (an order without a payment method has kind null through the left join). The dashboard's figure
 * counts by the same rule, so its link lists the orders it counts.
 */
function awaitingCondition(what: Awaiting): SQL {
  return or(
    ...awaitingCases(what).map(({ status, kind }) =>
      and(
        eq(s.orders.status, status),
        kind === null ? isNull(s.payments.kind) : eq(s.payments.kind, kind),
      ),
    ),
  )!;
}

function orderConditions(filters: StaffOrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(s.orders.status, filters.status));
  if (filters.payment) conditions.push(eq(s.payments.kind, filters.payment));
  if (filters.awaiting) conditions.push(awaitingCondition(filters.awaiting));
  if (filters.from) conditions.push(gte(s.orders.createdAt, dayStart(filters.from)));
  if (filters.to) conditions.push(lt(s.orders.createdAt, nextDay(filters.to)));
  if (filters.q) {
    const like = likeText(filters.q);
    conditions.push(
      or(
        ilike(s.orders.number, like),
        ilike(s.orders.email, like),
        ilike(sql<string>`${s.orders.firstName} || ' ' || ${s.orders.lastName}`, like),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Orders for staff, newest first, filtered and paged. */
export async function listStaffOrders(
  db: Database,
  locale: Locale,
  filters: StaffOrderFilters,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: StaffOrderRow[] }> {
  const where = orderConditions(filters);
  const pt = translated(s.paymentTranslations, locale, 'pt');
  const [total] = await db
    .select({ n: count() })
    .from(s.orders)
    .leftJoin(s.payments, eq(s.payments.id, s.orders.paymentId))
    .where(where);
  const rows = await db
    .select({
      id: s.orders.id,
      number: s.orders.number,
      status: s.orders.status,
      createdAt: s.orders.createdAt,
      email: s.orders.email,
      firstName: s.orders.firstName,
      lastName: s.orders.lastName,
      total: s.orders.total,
      kind: s.payments.kind,
      paymentTitle: pt.optional('title'),
    })
    .from(s.orders)
    .leftJoin(s.payments, eq(s.payments.id, s.orders.paymentId))
    .leftJoin(pt.local, pt.onLocal(s.orders.paymentId))
    .leftJoin(pt.fallback, pt.onFallback(s.orders.paymentId))
    .where(where)
    .orderBy(desc(s.orders.createdAt), desc(s.orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    count: total?.n ?? 0,
    results: rows.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      payment: { title: row.paymentTitle ?? '', kind: row.kind },
      orderTotal: row.total,
    })),
  };
}

/** One order as staff see it (titles in `locale`), with its history, mails and next moves. */
export async function findStaffOrder(
  db: Database,
  locale: Locale,
  id: number,
): Promise<StaffOrder | null> {
  const order = await findOrder(db, locale, id, { userId: null, sessionId: null, staff: true });
  if (!order) return null;
  const [[row], history, mails, actions] = await Promise.all([
    db
      .select({
        version: s.orders.version,
        trackingNumber: s.orders.trackingNumber,
        locale: s.orders.locale,
      })
      .from(s.orders)
      .where(eq(s.orders.id, id)),
    db
      .select({
        status: s.orderStatusChanges.status,
        note: s.orderStatusChanges.note,
        at: s.orderStatusChanges.createdAt,
        email: s.users.email,
        firstName: s.users.firstName,
        lastName: s.users.lastName,
      })
      .from(s.orderStatusChanges)
      .leftJoin(s.users, eq(s.users.id, s.orderStatusChanges.userId))
      .where(eq(s.orderStatusChanges.orderId, id))
      .orderBy(asc(s.orderStatusChanges.createdAt), asc(s.orderStatusChanges.id)),
    db
      .select()
      .from(s.orderMails)
      .where(eq(s.orderMails.orderId, id))
      .orderBy(asc(s.orderMails.createdAt), asc(s.orderMails.id)),
    db
      .select({
        id: s.staffActions.id,
        action: s.staffActions.action,
        before: s.staffActions.before,
        after: s.staffActions.after,
        at: s.staffActions.createdAt,
        email: s.users.email,
        firstName: s.users.firstName,
        lastName: s.users.lastName,
      })
      .from(s.staffActions)
      .leftJoin(s.users, eq(s.users.id, s.staffActions.userId))
      .where(and(eq(s.staffActions.subject, 'order'), eq(s.staffActions.subjectId, id)))
      .orderBy(desc(s.staffActions.createdAt), desc(s.staffActions.id)),
  ]);
  if (!row) return null;
  return {
    ...order,
    version: row.version,
    trackingNumber: row.trackingNumber,
    locale: row.locale,
    history: history.map((h) => ({
      status: h.status,
      note: h.note,
      by: h.email === null ? null : `${h.firstName} ${h.lastName}`.trim() || h.email,
      at: h.at.toISOString(),
    })),
    mails: mails.map((m) => ({
      kind: m.kind,
      email: m.email,
      subject: m.subject,
      locale: m.locale,
      at: m.createdAt.toISOString(),
    })),
    actions: actions.map((a) => ({
      id: a.id,
      action: a.action,
      by: a.email === null ? null : `${a.firstName} ${a.lastName}`.trim() || a.email,
      at: a.at.toISOString(),
      before: orderStateOf(a.before),
      after: orderStateOf(a.after),
    })),
    moves: staffMoves(order.status, order.payment.kind),
  };
}

/**
 * The part of a logged record the order's screen shows (status, tracking number). The log's
 * jsonb holds whatever the writer put there; anything else in it, or of another shape, is left.
 */
function orderStateOf(record: unknown): StaffOrderAction['before'] {
  if (typeof record !== 'object' || record === null) return {};
  const { status, trackingNumber } = record as Record<string, unknown>;
  const known = orderStatusSchema.safeParse(status);
  return {
    ...(known.success ? { status: known.data } : {}),
    ...(typeof trackingNumber === 'string' ? { trackingNumber } : {}),
  };
}

/** Notes that the shop mailed the shopper about an order (the detail's "mails sent"). */
export async function recordOrderMail(
  db: Database,
  mail: { orderId: number; kind: string; email: string; subject: string; locale: Locale },
  now: Date,
): Promise<void> {
  await db.insert(s.orderMails).values({ ...mail, createdAt: now });
}
