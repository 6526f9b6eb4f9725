import { eq, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '#api/db/client.ts';
import { sessions, users } from '#api/db/schema.ts';

export type SessionRecord = {
  userId: number | null;
  data: Record<string, unknown>;
  expiresAt: Date;
};

/** Where sessions live: the database by default, Redis when REDIS_URL is set (shared by N processes). */
/** A user as stored (the sessions plugin decides whether the session may still act as them). */
export type StoredUser = typeof users.$inferSelect;

export type SessionStore = {
  /** `tx`: read inside that transaction, where the store is the database. */
  get(id: string, tx?: Database): Promise<SessionRecord | null>;
  /**
   * `get` with the session's user read in the same statement (null without one), where the store
   * can join them (the database's): a logged-in request reads one row instead of two (issue 25).
   */
  getWithUser?(id: string): Promise<{ record: SessionRecord; user: StoredUser | null } | null>;
  /** `tx`: write inside that transaction, where the store is the database. */
  set(id: string, record: SessionRecord, tx?: Database): Promise<void>;
  /**
   * `tx`: the transaction to end the session in, where the store is the database (a login ends
   * the anonymous session in its cart merge's transaction); other stores end it at once.
   */
  destroy(id: string, tx?: Database): Promise<void>;
};

/** The store's clock; tests pass their own to expire a session without waiting. */
export type StoreOptions = { now?: () => number };

export function databaseSessionStore(
  db: Database,
  { now = Date.now }: StoreOptions = {},
): SessionStore {
  // Every request with a session reads it with its user: drizzle's SQL and mapping built once
  // (unnamed: PostgreSQL still parses it, no named statement is kept on a pool's connections).
  const withUser = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('');
  return {
    async get(id, tx = db) {
      const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      if (!row) return null;
      if (row.expiresAt.getTime() <= now()) {
        await tx.delete(sessions).where(lt(sessions.expiresAt, new Date(now())));
        return null;
      }
      return { userId: row.userId, data: row.data, expiresAt: row.expiresAt };
    },
    async getWithUser(id) {
      const [row] = await withUser.execute({ id });
      if (!row) return null;
      const { session, user } = row;
      if (session.expiresAt.getTime() <= now()) {
        await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now())));
        return null;
      }
      return {
        record: { userId: session.userId, data: session.data, expiresAt: session.expiresAt },
        user: session.userId === null ? null : user,
      };
    },
    async set(id, record, tx = db) {
      await tx
        .insert(sessions)
        .values({ id, userId: record.userId, data: record.data, expiresAt: record.expiresAt })
        .onConflictDoUpdate({
          target: sessions.id,
          set: { userId: record.userId, data: record.data, expiresAt: record.expiresAt },
        });
    },
    async destroy(id, tx = db) {
      await tx.delete(sessions).where(eq(sessions.id, id));
    },
  };
}

export function redisSessionStore(
  redis: Redis,
  prefix = 'shop:session:',
  { now = Date.now }: StoreOptions = {},
): SessionStore {
  return {
    async get(id) {
      const raw = await redis.get(prefix + id);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as {
        userId: number | null;
        data: Record<string, unknown>;
        expiresAt: string;
      };
      const expiresAt = new Date(parsed.expiresAt);
      if (expiresAt.getTime() <= now()) return null;
      return { userId: parsed.userId, data: parsed.data, expiresAt };
    },
    async set(id, record) {
      const ttl = Math.max(1, Math.ceil((record.expiresAt.getTime() - now()) / 1000));
      await redis.set(
        prefix + id,
        JSON.stringify({ ...record, expiresAt: record.expiresAt.toISOString() }),
        'EX',
        ttl,
      );
    },
    async destroy(id) {
      await redis.del(prefix + id);
    },
  };
}
