import { isLocale } from './locale.ts';

/** An origin no request has: a path resolved against it must stay on it. */
const PROBE = 'http://shop.invalid';

/** Longer than any page of the shop with its query (the forms cap `redirectTo` at 2000). */
const MAX_LENGTH = 2000;

/**
 * What a target may hold as sent: printable ASCII only. A browser drops tabs and newlines inside
 * a URL (`/\t/evil` is `//evil` to it), reads `\` as `/`, and a path from `location` is always
 * percent-encoded, so nothing else is ever a link of this shop.
 */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** Characters no decoded path of the shop holds: controls, format characters, the backslash. */
const FORBIDDEN_DECODED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\\]/u;

/** How many rounds of percent-decoding are looked through (`%252e` is `.` after two). */
const DECODE_ROUNDS = 4;

const hasDotSegment = (path: string) => path.split('/').some((s) => s === '.' || s === '..');

/** A path that starts with exactly one `/`: never `//host` or `/\host` (both leave the shop). */
const rootedOnce = (path: string) => path[0] === '/' && path[1] !== '/' && path[1] !== '\\';

/** `path` and each of its percent-decodings until nothing changes; undefined when one is malformed or it keeps changing. */
function decodings(path: string): string[] | undefined {
  const forms = [path];
  let current = path;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return forms;
    forms.push(next, next.normalize('NFKC'));
    current = next;
  }
  return undefined;
}

/**
 * The path of this shop to go to (after a login, a form post), or null when `target` is not one
 * (spec section 4, issue 21). It must start with exactly one `/`, hold no dot segment, and keep
 * both true once normalised and percent-decoded, however often (`/%2e//evil.example`,
 * `/%252f/evil.example`), and once Unicode look-alikes are folded (`/／evil.example`). Only the
 * path decides where a browser goes; the query and fragment only have to be printable ASCII.
 * The answer is the URL parser's serialisation, so the `Location` header is what was checked.
 */
export function shopPath(target: unknown): string | null {
  if (typeof target !== 'string' || target.length > MAX_LENGTH) return null;
  if (!PRINTABLE_ASCII.test(target) || target.includes('\\') || !rootedOnce(target)) return null;
  const rawPath = target.replace(/[?#].*$/s, '');
  if (hasDotSegment(rawPath)) return null;
  let url: URL;
  try {
    url = new URL(target, PROBE);
  } catch {
    return null;
  }
  if (url.origin !== PROBE) return null;
  // Both as sent and as the URL parser serialised it (which collapses `/a/..//` to `//`).
  const sent = decodings(rawPath);
  const parsed = decodings(url.pathname);
  if (!sent || !parsed) return null;
  for (const form of [...sent, ...parsed]) {
    if (!rootedOnce(form) || hasDotSegment(form) || FORBIDDEN_DECODED.test(form)) return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `target` when it is a path of this shop (see `shopPath`), else `fallback`. */
export function safeRedirect(target: unknown, fallback: string): string {
  return shopPath(target) ?? fallback;
}

/**
 * The page of this shop to go back to after logging in (issue 23): a path of this shop (see
 * `shopPath`) that is a page, i.e. starts with a language (`/de/products/…`), never an API call,
 * a file or `/` alone; or null. Cross-origin targets (`//evil.example`, `https://evil.example`)
 * are refused by `shopPath` already.
 */
export function shopPagePath(target: unknown): string | null {
  const path = shopPath(target);
  if (path === null) return null;
  const [, first, ...rest] = path.split('/');
  return first !== undefined && isLocale(first) && rest.length > 0 ? path : null;
}

/** `target` when it is a page of this shop (see `shopPagePath`), else `fallback`. */
export function safePageRedirect(target: unknown, fallback: string): string {
  return shopPagePath(target) ?? fallback;
}
