import { and, eq, lt, sql } from 'drizzle-orm';
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
  /**
   * Puts `record` in place of the session (or ends it, with `null`) only while the stored
   * session's `data[key]` is `value`, in one step: nothing can write the session between the
   * check and the write. Answers whether it did. (A failed login puts back what its own mark
   * replaced, never over another login's mark: sessions.ts.)
   */
  replaceIf(id: string, key: string, value: string, record: SessionRecord | null): Promise<boolean>;
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
  const sweep = () => db.delete(sessions).where(lt(sessions.expiresAt, new Date(now())));
  return {
    async get(id, tx = db) {
      const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      if (!row) return null;
      if (row.expiresAt.getTime() <= now()) {
        // Inside a caller's transaction (a cart write) only this one row goes: sweeping every
        // expired session there would lock rows the transaction has no business holding.
        if (tx === db) await sweep();
        else await tx.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      return { userId: row.userId, data: row.data, expiresAt: row.expiresAt };
    },
    async getWithUser(id) {
      const [row] = await withUser.execute({ id });
      if (!row) return null;
      const { session, user } = row;
      if (session.expiresAt.getTime() <= now()) {
        await sweep();
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
    async replaceIf(id, key, value, record) {
      const marked = and(eq(sessions.id, id), sql`${sessions.data} ->> ${key} = ${value}`);
      const done = record
        ? await db
            .update(sessions)
            .set({ userId: record.userId, data: record.data, expiresAt: record.expiresAt })
            .where(marked)
            .returning({ id: sessions.id })
        : await db.delete(sessions).where(marked).returning({ id: sessions.id });
      return done.length > 0;
    },
  };
}

/**
 * KEYS[1]: the session; ARGV: the data key, the value it must hold, the replacement ('' ends the
 * session) and its lifetime in seconds. Redis runs a script whole, with no command in between.
 */
const REPLACE_IF = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local ok, stored = pcall(cjson.decode, raw)
if not ok or type(stored.data) ~= 'table' or stored.data[ARGV[1]] ~= ARGV[2] then return 0 end
if ARGV[3] == '' then redis.call('DEL', KEYS[1])
else redis.call('SET', KEYS[1], ARGV[3], 'EX', ARGV[4]) end
return 1
`;

export function redisSessionStore(
  redis: Redis,
  prefix = 'shop:session:',
  { now = Date.now }: StoreOptions = {},
): SessionStore {
  const serialize = (record: SessionRecord) =>
    JSON.stringify({ ...record, expiresAt: record.expiresAt.toISOString() });
  const ttlOf = (record: SessionRecord) =>
    Math.max(1, Math.ceil((record.expiresAt.getTime() - now()) / 1000));
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
      await redis.set(prefix + id, serialize(record), 'EX', ttlOf(record));
    },
    async destroy(id) {
      await redis.del(prefix + id);
    },
    async replaceIf(id, key, value, record) {
      const done = await redis.eval(
        REPLACE_IF,
        1,
        prefix + id,
        key,
        value,
        record ? serialize(record) : '',
        record ? ttlOf(record) : 0,
      );
      return done === 1;
    },
  };
}
