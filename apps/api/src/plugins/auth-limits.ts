import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database, Transaction } from '#api/db/client.ts';
import { authAttempts } from '#api/db/schema.ts';
import { sign } from '#api/lib/secret-key.ts';
import { DEFAULT_AUTH_LIMITS, type AuthLimitOptions } from '#api/lib/auth-limit-defaults.ts';
import { HttpError } from './errors.ts';

/*
 * Brakes on guessing passwords (decision 0043). Every password check is reserved BEFORE argon2
 * runs, with one atomic increment (a Lua script in Redis, an upsert in the database), so N
 * parallel guesses count N across every process; a right password gives its reservation back.
 * - per account and address: `perAccount` wrong passwords per window, then 429;
 * - per address, across accounts: `perAddress`, then 429;
 * - per account, from browsers that never logged in to it: `perAccount`, then 429 until the
 *   window ends. The owner is never locked out: a browser that has logged in to the account
 *   carries a signed known-device cookie and skips this count, and a password reset (a link by
 *   e-mail, limited per address only) clears it.
 * Sign-ups and mail-sending calls are counted per address (@fastify/rate-limit, in memory or in
 * Redis). A caller over a limit gets 429 with Retry-After, before any work.
 */

/** The cookie a browser gets when it logs in: it skips the account-wide count (decision 0043). */
export const KNOWN_DEVICE_COOKIE = 'known_device';

type Limiter = ReturnType<FastifyRequest['server']['createRateLimit']>;

/** A reserved password check: `release` when the password was right (it does not count). */
export type Reservation = { release(): Promise<void> };

declare module 'fastify' {
  interface FastifyInstance {
    authLimits: {
      /**
       * Reserves one password check for `account` from the caller (429 past a limit, before the
       * check). `knownDevice`: the caller is already logged in (changing their password).
       */
      reserve(
        req: FastifyRequest,
        reply: FastifyReply,
        account: string,
        options?: { knownDevice?: boolean },
      ): Promise<Reservation>;
      /** Marks this browser as one that logged in to `account` (the known-device cookie). */
      rememberDevice(req: FastifyRequest, reply: FastifyReply, account: string): void;
      /** Forgets the account-wide count: its owner proved the mailbox (a password reset). */
      clearAccount(account: string): Promise<void>;
      /** Counts a call that sends mail or creates an account, and refuses past the limit. */
      take(req: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** Counts a contact-form message (a counter of its own), and refuses past the limit. */
      takeFeedback(req: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}

/**
 * Where the attempt counts live: `take` increments each key atomically (starting its window),
 * `give` takes one back from each.
 */
type AttemptStore = {
  take(keys: string[], windowMs: number): Promise<{ count: number; retryMs: number }[]>;
  give(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
};

// Increments and starts the window on the first attempt, in one step no other process splits.
const TAKE_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;
// Gives back only a count that still exists (never a stray -1 without expiry).
const GIVE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;

function redisStore(redis: Redis, prefix: string): AttemptStore {
  return {
    take: (keys, windowMs) =>
      Promise.all(
        keys.map(async (key) => {
          const [count, ttl] = (await redis.eval(TAKE_SCRIPT, 1, prefix + key, windowMs)) as [
            number,
            number,
          ];
          return { count, retryMs: ttl };
        }),
      ),
    async give(keys) {
      await Promise.all(keys.map((key) => redis.eval(GIVE_SCRIPT, 1, prefix + key)));
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * The counts in the database, row-locked by PostgreSQL (and PGlite). A login's keys are taken in
 * one upsert, in key order (two logins never lock the same rows in opposite orders), in a
 * transaction that does not wait for the disk (`synchronous_commit = off`): a burst of guesses
 * at one account queues on its row, and a commit that waited for its flush would hold that row
 * and a pooled connection for each of them (200 parallel guesses at one account left the pools
 * empty and answered 503 to other visitors). A crash may lose the last few counts, never
 * corrupt them: a brake, not a ledger.
 */
function databaseStore(db: Database, now: () => Date): AttemptStore {
  let takes = 0;
  const unflushed = <T>(work: (tx: Transaction) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      return work(tx);
    });
  return {
    async take(keys, windowMs) {
      const at = now();
      const expired = sql`${authAttempts.expiresAt} <= ${at.toISOString()}::timestamptz`;
      const expiresAt = new Date(at.getTime() + windowMs);
      const ordered = [...new Set(keys)].sort();
      const rows = await unflushed((tx) =>
        tx
          .insert(authAttempts)
          .values(ordered.map((key) => ({ key, count: 1, expiresAt })))
          .onConflictDoUpdate({
            target: authAttempts.key,
            set: {
              count: sql`CASE WHEN ${expired} THEN 1 ELSE ${authAttempts.count} + 1 END`,
              expiresAt: sql`CASE WHEN ${expired} THEN excluded.expires_at ELSE ${authAttempts.expiresAt} END`,
            },
          })
          .returning({
            key: authAttempts.key,
            count: authAttempts.count,
            expiresAt: authAttempts.expiresAt,
          }),
      );
      // Now and then, rows whose window ended long ago go (nobody reads them again).
      if (++takes % 100 === 0) {
        const dayAgo = new Date(at.getTime() - 86_400_000).toISOString();
        await db
          .delete(authAttempts)
          .where(sql`${authAttempts.expiresAt} < ${dayAgo}::timestamptz`);
      }
      const byKey = new Map(rows.map((row) => [row.key, row]));
      return keys.map((key) => {
        const row = byKey.get(key);
        return {
          count: row?.count ?? 1,
          retryMs: (row?.expiresAt.getTime() ?? at.getTime()) - at.getTime(),
        };
      });
    },
    async give(keys) {
      // One row at a time in key order, as `take` locks them: one UPDATE of them all would lock
      // them in the order its scan meets them, and a take and a give of the same login could
      // then wait for each other (a deadlock, answered 503).
      const ordered = [...new Set(keys)].sort();
      await unflushed(async (tx) => {
        for (const key of ordered) {
          await tx
            .update(authAttempts)
            .set({ count: sql`greatest(${authAttempts.count} - 1, 0)` })
            .where(eq(authAttempts.key, key));
        }
      });
    },
    async clear(key) {
      await db.delete(authAttempts).where(sql`${authAttempts.key} = ${key}`);
    },
  };
}

const normalised = (account: string) => account.trim().toLowerCase();

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const authLimitsPlugin = fp<{
  redis?: Redis;
  limits?: AuthLimitOptions;
  secretKey: string;
  secureCookies: boolean;
}>(
  async (app, { redis, limits = DEFAULT_AUTH_LIMITS, secretKey, secureCookies }) => {
    const nameSpace = limits.nameSpace ?? 'shop-rate-limit:';
    await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace } : {}) });
    const sends: Limiter = app.createRateLimit({
      max: limits.perAddress,
      timeWindow: limits.windowMs,
      keyGenerator: (req) => `sends:${req.ip}`,
    });
    const feedback: Limiter = app.createRateLimit({
      max: limits.feedbackPerAddress ?? DEFAULT_AUTH_LIMITS.feedbackPerAddress ?? 10,
      timeWindow: limits.windowMs,
      keyGenerator: (req) => `feedback:${req.ip}`,
    });
    const store = redis
      ? redisStore(redis, `${nameSpace}attempts:`)
      : databaseStore(app.db, () => app.now());

    const refuse = (req: FastifyRequest, reply: FastifyReply, ms: number, key: string) => {
      reply.header('Retry-After', String(Math.max(1, Math.ceil(ms / 1000))));
      return new HttpError(429, req.t(key));
    };
    const deviceMark = (account: string) => sign(secretKey, 'known-device', normalised(account));

    app.decorate('authLimits', {
      async reserve(req, reply, account, options = {}) {
        const email = normalised(account);
        const known =
          options.knownDevice === true ||
          same(req.cookies[KNOWN_DEVICE_COOKIE] ?? '', deviceMark(email));
        const counts: { key: string; max: number; message: string }[] = [
          {
            key: `pair:${email}:${req.ip}`,
            max: limits.perAccount,
            message: 'auth.tooManyAttempts',
          },
          { key: `address:${req.ip}`, max: limits.perAddress, message: 'auth.tooManyAttempts' },
        ];
        if (!known) {
          counts.push({
            key: `account:${email}`,
            max: limits.perAccount,
            message: 'auth.accountSlowedDown',
          });
        }
        const found = await store.take(
          counts.map((c) => c.key),
          limits.windowMs,
        );
        const taken = counts.map((c, i) => ({ ...c, count: 1, retryMs: 0, ...found[i] }));
        const over = taken.find((c) => c.count > c.max);
        // A refused try stays counted: a burst only lengthens its own wait, never the window.
        if (over) throw refuse(req, reply, over.retryMs, over.message);
        return {
          release: async () => {
            await store.give(taken.map((c) => c.key));
          },
        };
      },
      rememberDevice(req, reply, account) {
        reply.setCookie(KNOWN_DEVICE_COOKIE, deviceMark(account), {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies || req.protocol === 'https',
          maxAge: 365 * 86_400,
        });
      },
      async clearAccount(account) {
        await store.clear(`account:${normalised(account)}`);
      },
      async take(req, reply) {
        const result = await sends(req);
        if (!result.isAllowed && result.isExceeded) {
          throw refuse(req, reply, result.ttlInSeconds * 1000, 'auth.tooManyAttempts');
        }
      },
      async takeFeedback(req, reply) {
        const result = await feedback(req);
        if (!result.isAllowed && result.isExceeded) {
          throw refuse(req, reply, result.ttlInSeconds * 1000, 'auth.tooManyAttempts');
        }
      },
    });
  },
  { name: 'auth-limits', dependencies: ['i18n', 'database', '@fastify/cookie'] },
);
