import { and, eq, isNull } from 'drizzle-orm';
import type { UserInfo } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import type { SessionUser } from '#api/plugins/sessions.ts';

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
export async function userInfo(db: Database, user: SessionUser): Promise<UserInfo> {
  const own = await db
    .select()
    .from(s.discounts)
    .where(
      and(
        eq(s.discounts.userId, user.id),
        isNull(s.discounts.productId),
        isNull(s.discounts.bundleId),
      ),
    );
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isStaff: user.isStaff,
    noCache: user.noCache,
    locale: user.locale,
    discounts: own.map((d) => ({
      value: d.value,
      start: d.startsAt?.toISOString() ?? null,
      end: d.endsAt?.toISOString() ?? null,
      user: true,
    })),
  };
}
