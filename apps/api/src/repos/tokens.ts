import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';

/*
 * Single-use links (email confirmation, password reset): a random token goes in the mail, only
 * its hash is stored, with its kind and expiry. Using it marks it used, in the same statement
 * that checks it, so two clicks cannot both succeed.
 */

export type TokenKind = (typeof s.tokenKindEnum.enumValues)[number];

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  email_confirm: 3 * 86_400_000,
  password_reset: 3_600_000,
};

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token of this kind for the user; the raw value is only ever in the mail. */
export async function issueToken(
  db: Database,
  userId: number,
  kind: TokenKind,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(s.userTokens).values({
    userId,
    kind,
    tokenHash: digest(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]),
  });
  return token;
}

export type TokenUse = { userId: number } | { problem: 'used' | 'expired' };

/** Uses the token once: the user it was for, or why it cannot be used. */
export async function useToken(
  db: Database,
  token: string,
  kind: TokenKind,
  now: Date,
): Promise<TokenUse> {
  const hash = digest(token);
  const [used] = await db
    .update(s.userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(s.userTokens.tokenHash, hash),
        eq(s.userTokens.kind, kind),
        isNull(s.userTokens.usedAt),
        gt(s.userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: s.userTokens.userId });
  if (used) return { userId: used.userId };
  const [known] = await db
    .select({ usedAt: s.userTokens.usedAt })
    .from(s.userTokens)
    .where(and(eq(s.userTokens.tokenHash, hash), eq(s.userTokens.kind, kind)));
  return { problem: known && known.usedAt === null ? 'expired' : 'used' };
}

/** Whose token this is, without using it (to check a new password against the account first). */
export async function tokenOwner(
  db: Database,
  token: string,
  kind: TokenKind,
  now: Date,
): Promise<TokenUse> {
  const [row] = await db
    .select()
    .from(s.userTokens)
    .where(and(eq(s.userTokens.tokenHash, digest(token)), eq(s.userTokens.kind, kind)));
  if (!row || row.usedAt !== null) return { problem: 'used' };
  if (row.expiresAt <= now) return { problem: 'expired' };
  return { userId: row.userId };
}
