import { Redis, type RedisOptions } from 'ioredis';

/**
 * How the shop talks to Redis: a command fails at once while Redis is away (no offline queue, one
 * retry, a 1 s command timeout) instead of waiting for it, so sessions fail closed (the visitor is
 * logged out) and everything that does not need Redis keeps serving.
 */
export const REDIS_OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 1000,
  // Keep trying to reconnect in the background, at most every 2 s.
  retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
};

/** What `reportOutages` listens to: the `error` and `ready` events of a Redis client. */
type RedisEvents = {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
};

/**
 * Logs an outage once when it starts and once when Redis is back, not once per failed reconnect
 * (every 2 s) and command: an hour away would otherwise write thousands of lines. Without an
 * `error` listener ioredis reports every failed reconnect as an unhandled error.
 */
export function reportOutages(
  redis: RedisEvents,
  log: { warn(line: string): void; info(line: string): void } = console,
): void {
  let away = false;
  redis.on('error', (error) => {
    if (away) return;
    away = true;
    log.warn(`redis: ${error.message} (the shop retries in the background; sessions fail closed)`);
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('redis: connected again');
  });
}

export function createRedis(url: string): Redis {
  const redis = new Redis(url, REDIS_OPTIONS);
  reportOutages(redis);
  return redis;
}
