import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  Locale,
  StaffFeedback,
  StaffReview,
  StaffReviewKind,
  StaffShop,
  StaffShopBody,
  StaffShopSwitch,
} from '@shop/contract';
import { STAFF_SHOP_SWITCHES } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { inTransaction } from '#api/lib/transactions.ts';
import { logStaffAction } from './staff-log.ts';

/*
 * The back office's smaller desks: the shop switches, review moderation and the feedback inbox.
 * Every write locks what it changes, records itself in the staff log (who, what, when, before,
 * after, why) and commits both together.
 */

/* ---------------------------------------------------------------- shop switch */

const shopColumns = {
  id: s.organizations.id,
  visible: s.organizations.visible,
  active: s.organizations.active,
  cart: s.organizations.cart,
};

const switchesOf = (row: StaffShop): StaffShop => ({
  visible: row.visible,
  active: row.active,
  cart: row.cart,
});

/** Nothing set up yet: a shop nobody sees, without a cart (as the storefront takes it). */
const NO_SHOP: StaffShop = { visible: false, active: false, cart: false };

/** The shop info record's switches (the first record, as the storefront reads it). */
export async function findStaffShop(db: Database): Promise<StaffShop> {
  const [row] = await db
    .select(shopColumns)
    .from(s.organizations)
    .orderBy(asc(s.organizations.id))
    .limit(1);
  return row ? switchesOf(row) : NO_SHOP;
}

/** The staff log's word for a switch turned on or off. */
const SWITCH_ACTIONS: Record<StaffShopSwitch, { on: string; off: string }> = {
  visible: { on: 'open', off: 'close' },
  active: { on: 'activate', off: 'deactivate' },
  cart: { on: 'cart-on', off: 'cart-off' },
};

/**
 * Turns the shop's switches (visible, active, cart): those sent, under the record's lock, with
 * one staff log entry per switch that really changed, all in one transaction; a switch already
 * where it is asked to be changes and logs nothing. The organisations table moves both change
 * counts as this commits (migration 0011): the shop info cache, the page cache and the
 * storefront follow at once.
 */
export async function setShopSwitches(
  db: Database,
  userId: number,
  body: StaffShopBody,
  now: Date,
): Promise<StaffShop> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select(shopColumns)
      .from(s.organizations)
      .orderBy(asc(s.organizations.id))
      .limit(1)
      .for('update');
    if (!row) return NO_SHOP;
    const before = switchesOf(row);
    const after = { ...before };
    const changed: StaffShopSwitch[] = [];
    const set: Partial<StaffShop> = {};
    for (const key of STAFF_SHOP_SWITCHES) {
      const value = body[key];
      if (value === undefined || value === before[key]) continue;
      after[key] = value;
      set[key] = value;
      changed.push(key);
    }
    if (changed.length === 0) return before;
    await tx.update(s.organizations).set(set).where(eq(s.organizations.id, row.id));
    for (const key of changed) {
      await logStaffAction(tx, {
        userId,
        subject: 'shop',
        subjectId: row.id,
        action: SWITCH_ACTIONS[key][after[key] ? 'on' : 'off'],
        before: { [key]: before[key] },
        after: { [key]: after[key] },
        now,
      });
    }
    return after;
  });
}

/* ---------------------------------------------------------------- reviews */

const reviewTable = (kind: StaffReviewKind) =>
  kind === 'product' ? s.productReviews : s.organizationReviews;

/**
 * What the list shows of a review of either kind: the same columns in the same order for both
 * tables, since a union pairs them by position.
 */
const reviewColumns = (r: ReturnType<typeof reviewTable>) => ({
  id: r.id,
  rating: r.rating,
  text: r.text,
  locale: r.locale,
  createdAt: r.createdAt,
  hiddenAt: r.hiddenAt,
  hiddenReason: r.hiddenReason,
  userId: r.userId,
});

/** Shop and product reviews (or one kind), hidden ones included, newest first. */
export async function listStaffReviews(
  db: Database,
  locale: Locale,
  kind: StaffReviewKind | undefined,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: StaffReview[] }> {
  const pt = translated(s.productTranslations, locale, 'pt');
  const p = s.productReviews;
  const o = s.organizationReviews;
  // One list of both kinds, newest first: a union of the two tables' columns.
  const products = db
    .select({
      kind: sql<StaffReviewKind>`'product'`.as('kind'),
      ...reviewColumns(p),
      productTitle: sql<string | null>`${pt.optional('title')}`.as('product_title'),
    })
    .from(p)
    .leftJoin(pt.local, pt.onLocal(p.productId))
    .leftJoin(pt.fallback, pt.onFallback(p.productId));
  const shop = db
    .select({
      kind: sql<StaffReviewKind>`'shop'`.as('kind'),
      ...reviewColumns(o),
      productTitle: sql<string | null>`null::text`.as('product_title'),
    })
    .from(o);
  const both =
    kind === 'product'
      ? products.as('r')
      : kind === 'shop'
        ? shop.as('r')
        : products.unionAll(shop).as('r');
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(both),
    db
      .select({
        id: both.id,
        kind: both.kind,
        rating: both.rating,
        text: both.text,
        locale: both.locale,
        createdAt: both.createdAt,
        hiddenAt: both.hiddenAt,
        hiddenReason: both.hiddenReason,
        productTitle: both.productTitle,
        firstName: s.users.firstName,
        lastName: s.users.lastName,
        email: s.users.email,
      })
      .from(both)
      .innerJoin(s.users, eq(s.users.id, both.userId))
      .orderBy(desc(both.createdAt), desc(both.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ firstName, lastName, email, ...review }) => ({
      id: review.id,
      kind: review.kind,
      rating: review.rating,
      text: review.text,
      author: `${firstName} ${lastName}`.trim() || email,
      email,
      language: review.locale,
      createdAt: new Date(review.createdAt).toISOString(),
      productTitle: review.productTitle,
      hidden: review.hiddenAt !== null,
      hiddenReason: review.hiddenReason,
    })),
  };
}

/**
 * Hides, shows again or deletes a review. The reason is kept in the staff log with the review as
 * it was (a deleted review's text survives there), and beside a hidden review. False when there
 * is no such review.
 */
export async function moderateReview(
  db: Database,
  input: {
    kind: StaffReviewKind;
    id: number;
    action: 'hide' | 'show' | 'delete';
    reason: string;
    userId: number;
    now: Date;
  },
): Promise<boolean> {
  const table = reviewTable(input.kind);
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(table).where(eq(table.id, input.id)).for('update');
    if (!row) return false;
    let after: unknown = null;
    if (input.action === 'delete') {
      await tx.delete(table).where(eq(table.id, input.id));
    } else {
      const set =
        input.action === 'hide'
          ? { hiddenAt: input.now, hiddenReason: input.reason }
          : { hiddenAt: null, hiddenReason: '' };
      await tx.update(table).set(set).where(eq(table.id, input.id));
      after = { ...row, ...set };
    }
    await logStaffAction(tx, {
      userId: input.userId,
      subject: `${input.kind}_review`,
      subjectId: input.id,
      action: input.action,
      before: row,
      after,
      reason: input.reason,
      now: input.now,
    });
    return true;
  });
}

/* ---------------------------------------------------------------- feedback inbox */

type FeedbackRow = typeof s.feedbacks.$inferSelect;

const stateOf = (row: FeedbackRow): StaffFeedback['state'] =>
  row.answeredAt ? 'answered' : row.readAt ? 'read' : 'new';

const toFeedback = (row: FeedbackRow): StaffFeedback => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  language: row.locale,
  createdAt: row.createdAt.toISOString(),
  state: stateOf(row),
});

/** The inbox, newest first: every message, or those new, read (not answered) or answered. */
export async function listStaffFeedback(
  db: Database,
  state: StaffFeedback['state'] | undefined,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: StaffFeedback[] }> {
  const f = s.feedbacks;
  const where =
    state === 'new'
      ? and(isNull(f.readAt), isNull(f.answeredAt))
      : state === 'read'
        ? and(isNotNull(f.readAt), isNull(f.answeredAt))
        : state === 'answered'
          ? isNotNull(f.answeredAt)
          : undefined;
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(f).where(where),
    db
      .select()
      .from(f)
      .where(where)
      .orderBy(desc(f.createdAt), desc(f.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toFeedback) };
}

/**
 * Marks a message read or answered (answered implies read). Marking it again keeps the first
 * time; only a change is logged. Null when there is no such message.
 */
export async function markFeedback(
  db: Database,
  id: number,
  mark: 'read' | 'answered',
  userId: number,
  now: Date,
): Promise<StaffFeedback | null> {
  const f = s.feedbacks;
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(f).where(eq(f.id, id)).for('update');
    if (!row) return null;
    const set = {
      readAt: row.readAt ?? now,
      answeredAt: mark === 'answered' ? (row.answeredAt ?? now) : row.answeredAt,
    };
    const next = { ...row, ...set };
    if (stateOf(next) === stateOf(row)) return toFeedback(row);
    await tx.update(f).set(set).where(eq(f.id, id));
    await logStaffAction(tx, {
      userId,
      subject: 'feedback',
      subjectId: id,
      action: mark,
      before: { state: stateOf(row) },
      after: { state: stateOf(next) },
      now,
    });
    return toFeedback(next);
  });
}
