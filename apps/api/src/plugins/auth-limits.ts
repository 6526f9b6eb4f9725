import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { HttpError } from './errors.ts';

/*
 * Brakes on guessing: wrong passwords are counted per address and per account, sign-ups and
 * mail-sending calls per address. Counts live in memory, or in Redis when the app has one (several
 * processes share them). A caller over a limit gets 429 with Retry-After, before any work.
 */

export type AuthLimitOptions = {
  /** Failed logins allowed per account in the window. */
  perAccount: number;
  /** Failed logins, or mail-sending calls, allowed per address in the window. */
  perAddress: number;
  windowMs: number;
  /** Contact-form messages allowed per address in the window (each one mails the shop). */
  feedbackPerAddress?: number;
  /** Prefix of the counters in Redis (tests give each app its own). */
  nameSpace?: string;
};

export const DEFAULT_AUTH_LIMITS: AuthLimitOptions = {
  perAccount: 10,
  perAddress: 20,
  windowMs: 15 * 60_000,
  feedbackPerAddress: 10,
};

type Limiter = ReturnType<FastifyRequest['server']['createRateLimit']>;

declare module 'fastify' {
  interface FastifyInstance {
    authLimits: {
      /** Refuses (429) when the address or the account has used up its tries. */
      check(req: FastifyRequest, reply: FastifyReply, account?: string): Promise<void>;
      /** Counts a failed try against the address and the account. */
      fail(req: FastifyRequest, account?: string): Promise<void>;
      /** Counts a call that sends mail or creates an account, and refuses past the limit. */
      take(req: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** Counts a contact-form message (a counter of its own), and refuses past the limit. */
      takeFeedback(req: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}

const accountKey = (req: FastifyRequest) => {
  const body = req.body as { email?: unknown } | null;
  return `account:${typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''}`;
};

export const authLimitsPlugin = fp<{ redis?: Redis; limits?: AuthLimitOptions }>(
  async (app, { redis, limits = DEFAULT_AUTH_LIMITS }) => {
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: limits.nameSpace ?? 'shop-rate-limit:' } : {}),
    });
    const byAddress: Limiter = app.createRateLimit({
      max: limits.perAddress,
      timeWindow: limits.windowMs,
      keyGenerator: (req) => `address:${req.ip}`,
    });
    const byAccount: Limiter = app.createRateLimit({
      max: limits.perAccount,
      timeWindow: limits.windowMs,
      keyGenerator: accountKey,
    });
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

    const refuse = (req: FastifyRequest, reply: FastifyReply, seconds: number) => {
      reply.header('Retry-After', String(Math.max(1, seconds)));
      return new HttpError(429, req.t('auth.tooManyAttempts'));
    };
    const used = (result: Awaited<ReturnType<Limiter>>) =>
      !result.isAllowed && result.remaining === 0 ? result.ttlInSeconds : null;

    app.decorate('authLimits', {
      async check(req, reply, account) {
        const limiters = account === undefined ? [byAddress] : [byAddress, byAccount];
        for (const limiter of limiters) {
          const wait = used(await limiter(req, { increment: false }));
          if (wait !== null) throw refuse(req, reply, wait);
        }
      },
      async fail(req, account) {
        await byAddress(req);
        if (account !== undefined) await byAccount(req);
      },
      async take(req, reply) {
        const result = await sends(req);
        if (!result.isAllowed && result.isExceeded) throw refuse(req, reply, result.ttlInSeconds);
      },
      async takeFeedback(req, reply) {
        const result = await feedback(req);
        if (!result.isAllowed && result.isExceeded) throw refuse(req, reply, result.ttlInSeconds);
      },
    });
  },
  { name: 'auth-limits', dependencies: ['i18n'] },
);
