import { createHmac } from 'node:crypto';

/** An HMAC-SHA-256 of `parts` (joined by a NUL, so no two lists give the same input), base64url. */
export function sign(key: string, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\0')).digest('base64url');
}
