/**
 * A visitor of a running shop speaking its HTTP API as a browser would: one cookie jar, the later
 * of two cookies with one name winning, and the CSRF token taken from the jar for every write
 * (the session brings a token of its own, decision 0006). For tests that drive a shop process
 * (`npm start`) without a browser.
 */
export class ApiVisitor {
  private readonly jar = new Map<string, string>();
  private readonly base: string;
  private readonly locale: string;

  constructor(base: string, locale = 'en') {
    this.base = base;
    this.locale = locale;
  }

  /** The cookies as the next request sends them. */
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The CSRF token the next write sends. */
  get token(): string {
    return this.jar.get('csrftoken') ?? '';
  }

  private keep(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';', 1);
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }

  /** A GET of `path` (a path of the shop, or `api/…` under the visitor's locale). */
  async get(path: string): Promise<Response> {
    return this.keep(
      await fetch(this.url(path), { headers: { cookie: this.cookie }, redirect: 'manual' }),
    );
  }

  /** A JSON write with the jar's cookies and CSRF token; fetches a token first if it has none. */
  async send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
    if (!this.token) await (await this.get('api/accounts/login/')).arrayBuffer();
    return this.keep(
      await fetch(this.url(path), {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          cookie: this.cookie,
          'x-csrftoken': this.token,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  }

  /** Logs in through the API; the answer, its body read. */
  async login(email = 'shopper@example.com', password = 'demo1234') {
    const res = await this.send('POST', 'api/accounts/login/', { email, password });
    return { status: res.status, text: await res.text() };
  }

  /** Puts `quantity` of a product into the cart; the answer, its body read. */
  async addToCart(product: number, quantity = 1) {
    const res = await this.send('POST', `api/sales/cart_products/${product}/add/`, {
      quantity,
      ref: 'product',
    });
    return { status: res.status, text: await res.text() };
  }

  private url(path: string): string {
    return path.startsWith('api/') ? `${this.base}/${this.locale}/${path}` : `${this.base}${path}`;
  }
}
