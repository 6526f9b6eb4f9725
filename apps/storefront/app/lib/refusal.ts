/**
 * The server's mark on a page it refused before the page ran (apps/server/src/storefront.ts,
 * `x-shop-refusal: <status> <percent-encoded message>`): read back for the error screen. Only the
 * server sets the header (it drops one a client sends); anything malformed is no refusal.
 */
export function readRefusal(
  value: string | null,
): { status: number; detail: string | null } | null {
  const match = value ? /^([45]\d\d)(?: (.*))?$/.exec(value) : null;
  if (!match) return null;
  const status = Number(match[1]);
  try {
    return { status, detail: match[2] ? decodeURIComponent(match[2]) : null };
  } catch {
    return { status, detail: null };
  }
}
