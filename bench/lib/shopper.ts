// The logged-in shopper the benches measure with (issue 25): a plain account of the bench's own,
// logged in through the API as a browser would, with 3 cart lines and 2 wishlist items. Used by `npm run bench`
// (server-rendered pages for a session) and `npm run bench:lighthouse` (the cart, checkout and
// dashboard audited with the session's cookies in Chromium).

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The benchmark's shopper: a plain account of its own, registered and confirmed through the API
 * on the first run. Not the seeded shopper@example.com: the seed gives that one discounts of
 * their own, so their pages are priced for them and rendered for them (decision 0067); most
 * shoppers have none.
 */
export const SHOPPER = {
  email: 'bench.shopper@example.com',
  password: 'Bench-shopper-2026!',
  firstName: 'Bench',
  lastName: 'Shopper',
};

const mailNames = (mailDir: string) => readdir(mailDir).catch(() => [] as string[]);

/**
 * The confirmation token of the newest mail to `to` in the shop's mail folder, not one of `old`
 * (the mails there before the registration: another database's run may have registered the same
 * address into the same folder, and the new mail may be written after the answer).
 */
async function confirmationToken(mailDir: string, to: string, old: Set<string>): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await mailNames(mailDir)).filter((name) => !old.has(name));
    for (const name of names.sort().reverse()) {
      const source = (await readFile(join(mailDir, name), 'utf8')).replace(/=\r?\n/g, '');
      if (!source.includes(to)) continue;
      const token = /confirm-email\/\?token=(?:3D)?([\w-]+)/.exec(source)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`shopper: no confirmation mail to ${to} in ${mailDir}`);
}

export type ShopperSession = {
  /** The Cookie header of the session (the CSRF cookie and the session's). */
  cookie: string;
  /** The same cookies one by one, to set in a browser. */
  cookies: { name: string; value: string }[];
  cartLines: number;
  cartQuantity: number;
  wishlist: number;
};

/**
 * Logs the bench's shopper in through the API, as a browser would (the CSRF cookie first, then
 * the login; the session's own token after it), registering and confirming it first when the
 * shop does not know it (the confirmation mail read from `mailDir`), and sets 3 cart lines and 2
 * wishlist items. Answers the Cookie header of that session and what its cart and wishlist hold.
 */
export async function shopperSession(
  origin: string,
  products: { id: number; available: boolean }[],
  mailDir: string,
): Promise<ShopperSession> {
  const cookies = new Map<string, string>();
  const send = async (method: string, path: string, body?: unknown) => {
    const token = cookies.get('csrftoken');
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(token && method !== 'GET' ? { 'x-csrftoken': token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';', 1);
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`shopper: ${method} ${path} answered ${res.status}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  await send('GET', '/en/api/accounts/login/');
  const credentials = { email: SHOPPER.email, password: SHOPPER.password };
  try {
    await send('POST', '/en/api/accounts/login/', credentials);
  } catch {
    // The first run on this shop: the account is made and confirmed, then logged in.
    const old = new Set(await mailNames(mailDir));
    await send('POST', '/en/api/accounts/register/', SHOPPER);
    const token = await confirmationToken(mailDir, SHOPPER.email, old);
    await send('POST', '/en/api/accounts/confirm_email/', { token });
    await send('POST', '/en/api/accounts/login/', credentials);
  }
  const available = products.filter((p) => p.available);
  if (available.length < 3) throw new Error('the first product page has fewer than 3 to buy');
  // Set, not added: a run on a reused catalogue leaves the same 3 lines.
  for (const { id } of available.slice(0, 3))
    await send('PATCH', `/en/api/sales/cart_products/${id}/`, { quantity: 1, ref: 'product' });
  for (const { id } of available.slice(0, 2))
    await send('POST', '/en/api/products/wishlist/', { product: id });
  const cart = (await send('GET', '/en/api/sales/cart_products/')) as {
    items: unknown[];
    totals: { quantity: number };
  };
  const wishlist = (await send('GET', '/en/api/products/wishlist/?page_size=1')) as {
    count: number;
  };
  return {
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    cookies: [...cookies].map(([name, value]) => ({ name, value })),
    cartLines: cart.items.length,
    cartQuantity: cart.totals.quantity,
    wishlist: wishlist.count,
  };
}
