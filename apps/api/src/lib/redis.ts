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

export function createRedis(url: string): Redis {
  const redis = new Redis(url, REDIS_OPTIONS);
  // Without a listener ioredis reports every failed reconnect as an unhandled error.
  redis.on('error', (error: Error) => console.warn(`redis: ${error.message}`));
  return redis;
}
