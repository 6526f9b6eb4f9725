import { and, eq, isNull, sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import type { Locale, UserInfo } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import type { SessionUser } from '#api/plugins/sessions.ts';
import { userDiscountRows, type DiscountRow } from './pricing.ts';
import { subscribe, unsubscribe } from './newsletter.ts';

export type UserRow = typeof s.users.$inferSelect;

/** The user with this email (stored lower-case), or null. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(s.users)
    .where(eq(s.users.email, email.trim().toLowerCase()))
    .limit(1);
  return user ?? null;
}

/** What the storefront knows of the logged-in user, with the user's own discounts on everything. */
export async function userInfo(
  db: Database,
  user: SessionUser,
  /** Every discount of the user, when at hand (`req.ownDiscounts()`): no query for them then. */
  mine?: readonly DiscountRow[],
): Promise<UserInfo> {
  // Every discount of the user (one statement, as the ones on everything alone took): those on
  // everything are listed, any at all says the catalogue is priced for them (decision 0067).
  const rows = mine ?? (await userDiscountRows(db, user.id));
  const own = rows.filter((d) => d.productId === null && d.bundleId === null);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isStaff: user.isStaff,
    noCache: user.noCache,
    locale: user.locale,
    newsletter: user.newsletter,
    discounts: own.map((d) => ({
      value: d.value,
      start: d.startsAt?.toISOString() ?? null,
      end: d.endsAt?.toISOString() ?? null,
      user: true,
    })),
    personalPrices: rows.length > 0,
  };
}

/**
 * A new account, not confirmed yet; null when the email is taken (also when two registrations of
 * the same address race: the unique email decides).
 */
export async function createUser(
  db: Database,
  input: { email: string; password: string; firstName: string; lastName: string; locale: Locale },
): Promise<UserRow | null> {
  const [user] = await db
    .insert(s.users)
    .values({
      email: input.email.trim().toLowerCase(),
      passwordHash: await hash(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      locale: input.locale,
      emailConfirmed: false,
    })
    .onConflictDoNothing({ target: s.users.email })
    .returning();
  return user ?? null;
}

export async function findUser(db: Database, id: number): Promise<UserRow | null> {
  const [user] = await db.select().from(s.users).where(eq(s.users.id, id));
  return user ?? null;
}

/**
 * Marks the address confirmed and, in the same transaction, gives the account the guest orders
 * placed with that address: only now is the mailbox proven to be the account holder's, so a
 * stranger registering someone else's address never sees their orders (decision 0050). Running
 * it again claims nothing twice (only orders without a user are taken). Answers the user's row
 * (none if it is gone).
 */
export async function confirmUserEmail(db: Database, id: number): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(s.users)
      .set({ emailConfirmed: true })
      .where(eq(s.users.id, id))
      .returning();
    if (row) await claimGuestOrders(tx, id);
    return row;
  });
}

/**
 * The guest orders of the user's (confirmed) address become the user's: they show in "My orders".
 * Matches the address case-insensitively, as accounts store it lower-case; uses the partial index
 * `orders_guest_email_idx` (migration 0017).
 */
export async function claimGuestOrders(db: Database, userId: number): Promise<number> {
  const claimed = await db
    .update(s.orders)
    .set({ userId })
    .from(s.users)
    .where(
      and(
        eq(s.users.id, userId),
        eq(s.users.emailConfirmed, true),
        isNull(s.orders.userId),
        sql`lower(${s.orders.email}) = ${s.users.email}`,
      ),
    )
    .returning({ id: s.orders.id });
  return claimed.length;
}

/**
 * Sets a new password, in one transaction: every session that logged in before now is signed out
 * (sessions carry their login time), the address is confirmed (the link proved the mailbox), and
 * every reset link not used yet is spent with it: a link mailed before the change must not undo
 * it (issue 21), whichever way the password changed.
 */
export async function setPassword(db: Database, id: number, password: string): Promise<void> {
  const passwordHash = await hash(password);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(s.userTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(s.userTokens.userId, id),
          eq(s.userTokens.kind, 'password_reset'),
          isNull(s.userTokens.usedAt),
        ),
      );
    await tx
      .update(s.users)
      .set({ passwordHash, credentialsChangedAt: now, emailConfirmed: true })
      .where(eq(s.users.id, id));
    // The reset link proved the mailbox as a confirmation link does.
    await claimGuestOrders(tx, id);
  });
}

/** Changes what the user may change of their own record; answers the updated row. */
export async function updateUser(
  db: Database,
  id: number,
  changes: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'noCache' | 'locale' | 'newsletter'>>,
): Promise<UserRow | null> {
  if (Object.keys(changes).length === 0) return findUser(db, id);
  return db.transaction(async (tx) => {
    const [user] = await tx.update(s.users).set(changes).where(eq(s.users.id, id)).returning();
    if (!user || changes.newsletter === undefined) return user ?? null;
    // The account's switch is its address's place on the newsletter's list (the address is
    // confirmed: an account logs in only once it is).
    if (changes.newsletter) await subscribe(tx, user.email, user.locale, new Date());
    else await unsubscribe(tx, user.email);
    return user;
  });
}
