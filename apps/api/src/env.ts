import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { logFormatOf } from './lib/logger.ts';
import { sign } from './lib/secret-key.ts';
import { DEFAULT_AUTH_LIMITS } from './lib/auth-limit-defaults.ts';
import { z } from 'zod';

// Read once at start; a bad value stops the process with one clear line (see loadEnv callers).
const envSchema = z
  .object({
    /**
     * Unset, the shop runs as in production (React's production build, API docs off), but writes
     * readable log lines to a terminal (logFormatOf): `npm start` for a person at a terminal.
     */
    NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Shop <no-reply@localhost>'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Signs payment links and confirmations; unset, derived from the secret key (appOptionsOf). */
    PAYMENT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // The account bank-transfer orders are asked to pay to; the ISO 13616 example IBAN by default,
    // obviously not a real account.
    SHOP_BANK_IBAN: z.string().min(1).default('DE89 3704 0044 0532 0130 00'),
    SHOP_BANK_BIC: z.string().min(1).default('COBADEFFXXX'),
    SHOP_BANK_HOLDER: z.string().min(1).default('Demo Shop GmbH'),
    DATA_DIR: z.string().min(1).default('./.data'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** `pretty` lines or `json`; unset, pretty only at a terminal outside production (logFormatOf). */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    SEED: z.enum(['auto', 'never']).default('auto'),
    // Whose X-Forwarded-* headers to believe (decision 0021): off unless set.
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, ctx): TrustProxy => {
        const text = value.trim().toLowerCase();
        if (text === 'false' || text === '0' || text === 'off') return false;
        if (text === 'true' || text === 'on') return true;
        if (/^[1-9]\d{0,1}$/.test(text)) return Number(text);
        const addresses = text.split(',').map((a) => a.trim());
        if (addresses.every((a) => /^[\da-f.:]+(\/\d{1,3})?$/.test(a) && a.length > 1))
          return addresses;
        ctx.addIssue({
          code: 'custom',
          message:
            'must be true, false, a hop count or comma-separated proxy addresses (CIDR allowed)',
        });
        return z.NEVER;
      }),
    /**
     * PostgreSQL connections each process (each cluster worker) may open. Every process's pool
     * counts against PostgreSQL's max_connections (100 by default), hence at most 100.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** PostgreSQL cancels a query running longer (503); 0 = no limit. PGlite cannot. */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
    /**
     * How long a request waits for a connection of a full pool before it is answered 503 "busy"
     * (decision 0083: POOL_WAIT_MS, 20 s); at least the 2 s a new connection may take to open.
     */
    DB_POOL_WAIT_MS: z.coerce.number().int().min(2000).max(60_000).optional(),
    /** Requests one address may make per minute (pages, API, media); 0 = no limit. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
    /**
     * Wrong passwords and mail-sending calls (sign-up, links, newsletter) one address may make in
     * 15 minutes (decision 0043); 429 past it.
     */
    AUTH_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(DEFAULT_AUTH_LIMITS.perAddress),
    /**
     * How long a page rendered for visitors without a session may be served again at most (any
     * change to what it shows drops it sooner); 0 = every page rendered for every request.
     */
    /**
     * While a shutdown drains, how long a keep-alive connection with no request in flight stays
     * open for one that may be on its way (a balancer's); unset, 1 s (apps/server/src/drain.ts).
     */
    DRAIN_IDLE_MS: z.coerce.number().int().min(0).max(25_000).optional(),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /**
     * The OpenAPI document and Swagger UI at /api/docs/: `on` or `off`; unset, off in production
     * (it maps every endpoint for whoever asks) and on otherwise. Issue 21.
     */
    API_DOCS: z.enum(['on', 'off']).optional(),
    /**
     * The in-process catalogue index that counts the filter panel and the list's filters in
     * memory (decision 0085): `on` (the default) or `off` (every count from SQL).
     */
    CATALOGUE_INDEX: z.enum(['on', 'off']).default('on'),
    /**
     * `/metrics` (Prometheus text) asks for `Authorization: Bearer <this>`. Unset, it is off in
     * production (it tells anyone the traffic, the orders and the health) and open otherwise
     * (decision 0061).
     */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * Worker processes (Node's cluster) sharing the port; unset, 1 on the embedded database and
     * the number of cores on PostgreSQL (workerCountOf). Decision 0060.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    /**
     * Node's own flags, read by Node itself; the cluster primary looks for a heap limit in it
     * before giving the workers the default one (decision 0063).
     */
    NODE_OPTIONS: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    // PGlite is one process's database: a second process cannot open its data directory.
    if (!env.DATABASE_URL && (env.WEB_CONCURRENCY ?? 1) > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'above 1 needs DATABASE_URL (the embedded database serves one process)',
      });
    }
  });

/**
 * How many workers `npm start` runs (decision 0060): WEB_CONCURRENCY, else 1 on the embedded
 * database (one process's database) and one a core on PostgreSQL.
 */
export function workerCountOf(
  env: Pick<Env, 'WEB_CONCURRENCY' | 'DATABASE_URL'>,
  cores = availableParallelism(),
): number {
  return env.WEB_CONCURRENCY ?? (env.DATABASE_URL ? cores : 1);
}

/** Fastify's `trustProxy`: nobody, everybody, the nearest n hops, or these addresses. */
/**
 * What the start-up log says when REDIS_URL is not set (decision 0071): the request limits
 * (RATE_LIMIT_PER_MINUTE per address, the mail sends, the feedback form) are then counted in each
 * process's memory, so N processes (instances × WEB_CONCURRENCY) let a client through N times the
 * limit and a restart forgets the counts. Login attempts are counted in the database either way.
 * Null with Redis, or when there is no request limit and only one process.
 */
export function limitStoreWarning(
  env: Pick<Env, 'REDIS_URL' | 'RATE_LIMIT_PER_MINUTE'>,
  workers: number,
): string | null {
  if (env.REDIS_URL) return null;
  const processes =
    workers > 1
      ? `${workers} workers here: a client gets up to ${workers} times each limit`
      : 'several processes or machines give a client each limit once per process';
  // RATE_LIMIT_PER_MINUTE=0 turns the request limit off; the mail and feedback limits remain.
  const limits =
    env.RATE_LIMIT_PER_MINUTE > 0
      ? `${env.RATE_LIMIT_PER_MINUTE} requests a minute per address, mail sends, feedback`
      : 'mail sends, feedback';
  return (
    `REDIS_URL is not set: request limits (${limits}) are kept in each process's memory, per process (${processes}; ` +
    'a restart forgets them). Login attempts are still counted in the database. ' +
    'Set REDIS_URL to share them (docs/deploy.md).'
  );
}

export type TrustProxy = boolean | number | string[];

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Whether /api/docs/ is served: API_DOCS when set, else everywhere but in production. */
export const apiDocsEnabled = (env: Pick<Env, 'API_DOCS' | 'NODE_ENV'>): boolean =>
  env.API_DOCS ? env.API_DOCS === 'on' : (env.NODE_ENV ?? 'production') !== 'production';

/**
 * Whether `/metrics` is served, and the token it asks for: METRICS_TOKEN when set (then always
 * served, with the token), else served without one everywhere but in production.
 */
export const metricsOptionsOf = (env: Pick<Env, 'METRICS_TOKEN' | 'NODE_ENV'>) =>
  env.METRICS_TOKEN
    ? { enabled: true, token: env.METRICS_TOKEN }
    : { enabled: (env.NODE_ENV ?? 'production') !== 'production' };

/** Parses the environment; throws EnvError whose message is one line naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
  }
  return result.data;
}

/** For a command's start: the environment, or the one line naming what is wrong and exit 1. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** What PostgreSQL is opened with (DATABASE_URL), or null for the embedded database. */
export const postgresOptionsOf = (
  env: Pick<
    Env,
    'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DB_STATEMENT_TIMEOUT_MS' | 'DB_POOL_WAIT_MS'
  >,
) =>
  env.DATABASE_URL
    ? {
        url: env.DATABASE_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
        ...(env.DB_POOL_WAIT_MS === undefined ? {} : { poolWaitMs: env.DB_POOL_WAIT_MS }),
      }
    : null;

/**
 * The origin absolute URLs are made of (canonical links, sitemap, mail links, API paging links):
 * PUBLIC_URL, else the address the process listens on (`localhost` for a wildcard HOST). Never
 * a request's Host or X-Forwarded-Host (decision 0021).
 */
export function publicOriginOf(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const wildcard = env.HOST === '0.0.0.0' || env.HOST === '::' || env.HOST === '[::]';
  const host = wildcard ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return new URL(`http://${host}:${env.PORT}`).origin;
}

/**
 * The process logger's settings (lib/logger.ts createLogger): LOG_LEVEL, and LOG_FORMAT or what
 * the terminal and NODE_ENV say. `tty`: whether stdout is a terminal (the server passes
 * `process.stdout.isTTY`).
 */
export function loggerOptionsOf(env: Env, { tty }: { tty: boolean }) {
  return { level: env.LOG_LEVEL, format: logFormatOf(env, tty) };
}

/**
 * What the API takes from the environment, handed on as buildApp's options (server.ts): every
 * variable is read once, here, and nothing else reads `process.env` (env.test.ts checks).
 * Without SECRET_KEY one key is made at start, and without PAYMENT_SECRET the payment signer's
 * key is derived from the secret key, so one SECRET_KEY shared by every process is enough.
 */
export function appOptionsOf(env: Env) {
  const secretKey = env.SECRET_KEY ?? randomBytes(32).toString('base64url');
  return {
    secretKey,
    paymentSecret: env.PAYMENT_SECRET ?? sign(secretKey, 'payments'),
    bankAccount: { iban: env.SHOP_BANK_IBAN, bic: env.SHOP_BANK_BIC, holder: env.SHOP_BANK_HOLDER },
    apiDocs: apiDocsEnabled(env),
    pageCacheMs: env.PAGE_CACHE_SECONDS * 1000,
    catalogueIndex: { enabled: env.CATALOGUE_INDEX === 'on' },
    authLimits: { ...DEFAULT_AUTH_LIMITS, perAddress: env.AUTH_LIMIT_PER_ADDRESS },
    // The process's own figures (memory, event loop, GC) too: one app per process here.
    metrics: { ...metricsOptionsOf(env), processMetrics: true },
  };
}
