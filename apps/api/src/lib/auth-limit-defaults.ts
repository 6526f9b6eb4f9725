// The limits' shape and defaults, apart from the plugin (plugins/auth-limits.ts): env.ts reads the
// defaults, and a cluster's primary, which only supervises, reads env.ts; through the plugin it
// loaded the database schema, Drizzle and Fastify's rate limiter, ~190 MiB of RSS it never used.

export type AuthLimitOptions = {
  /** Wrong passwords allowed per account and address, and per account from unknown browsers. */
  perAccount: number;
  /** Wrong passwords, or mail-sending calls, allowed per address in the window. */
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
