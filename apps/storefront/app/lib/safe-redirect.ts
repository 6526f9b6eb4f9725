/** An origin no request has: paths resolved against it must stay on it. */
const PROBE = 'http://storefront.invalid';

/**
 * A path of this shop to go to (after login, a form post), else `fallback`. Only a rooted path
 * passes: never `//host`, `/\host` (browsers read a backslash as a slash), control characters
 * such as a tab inside `/\thost`, or anything that resolves to another origin.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  try {
    const url = new URL(target, PROBE);
    if (url.origin !== PROBE) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
