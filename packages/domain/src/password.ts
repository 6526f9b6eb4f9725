/*
 * What makes a password acceptable: at least 8 characters, not the email (or its name part), not
 * one of the passwords every attacker tries first. Argon2 does the rest.
 */

export const PASSWORD_MIN_LENGTH = 8;

/** The most common passwords (lists of breached passwords agree on these); compared lower-cased. */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  'password',
  'password1',
  'password123',
  'passwort',
  'passw0rd',
  'qwertyui',
  'qwerty123',
  'qwertzui',
  'iloveyou',
  'abcd1234',
  'abcdefgh',
  'letmein1',
  'welcome1',
  'sunshine',
  'football',
  'baseball',
  'princess',
  'dragon12',
  'monkey12',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'admin123',
  'changeme',
  '1q2w3e4r',
  'asdfghjk',
  'zaq12wsx',
]);

export type PasswordProblem = 'tooShort' | 'likeEmail' | 'common';

/** Why a password is refused, or null when it is fine. */
export function passwordProblem(password: string, email = ''): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'tooShort';
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const name = address.split('@')[0] ?? '';
  if (address && (lower === address || (name.length >= 4 && lower.includes(name))))
    return 'likeEmail';
  if (COMMON_PASSWORDS.has(lower)) return 'common';
  return null;
}
