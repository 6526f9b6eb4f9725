import { verify } from '@node-rs/argon2';

let checks = 0;

/** Whether `password` matches the argon2 `hash`; a malformed hash is no match, never an error. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  checks++;
  return verify(hash, password).catch(() => false);
}

/**
 * How many passwords this process has checked with argon2: the cost a guessing burst can make the
 * shop pay, and what the login limit's tests count (decision 0043).
 */
export const passwordChecks = () => checks;
