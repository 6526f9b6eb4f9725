import { createHmac, randomBytes } from 'node:crypto';

/**
 * The key the app signs with (CSRF tokens tied to a session, known-device cookies): SECRET_KEY
 * when set, else one made at start. Several processes behind one address must share SECRET_KEY:
 * with a key of its own each would refuse the others' CSRF tokens and device cookies.
 */
export const secretKeyFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  env.SECRET_KEY || randomBytes(32).toString('base64url');

/** An HMAC-SHA-256 of `parts` (joined by a NUL, so no two lists give the same input), base64url. */
export function sign(key: string, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\0')).digest('base64url');
}
