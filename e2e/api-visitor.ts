import { randomUUID } from 'node:crypto';

/** Who orders: the order form's contact fields. */
export type Contact = { email: string; firstName: string; lastName: string };

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

  /**
   * A new visitor that has asked for its CSRF token, as the shop's pages do before a write: its
   * `cookie` and `token` are what a form post sends.
   */
  static async withToken(base: string, locale = 'en'): Promise<ApiVisitor> {
    const visitor = new ApiVisitor(base, locale);
    await (await visitor.get('api/accounts/login/')).arrayBuffer();
    return visitor;
  }

  /** The same browser (its cookies) on another process of the shop. */
  on(base: string): ApiVisitor {
    const twin = new ApiVisitor(base, this.locale);
    for (const [name, value] of this.jar) twin.jar.set(name, value);
    return twin;
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
  async send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    if (!this.token) await (await this.get('api/accounts/login/')).arrayBuffer();
    return this.keep(
      await fetch(this.url(path), {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          cookie: this.cookie,
          'x-csrftoken': this.token,
          ...headers,
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

  /**
   * Puts one of a product into the cart and orders it for `contact`: to Marienplatz 1, München
   * (Bavaria, Germany), standard delivery, paid by `payment`. The placed order; an error if the
   * shop refuses either step.
   */
  async orderOne(product: number, payment: 'cod' | 'bank_transfer', contact: Contact) {
    const added = await this.addToCart(product);
    if (added.status !== 200)
      throw new Error(`add to cart answered ${added.status}: ${added.text}`);
    const read = async <T extends { id: number }>(path: string, pick: (item: T) => boolean) => {
      const res = await this.get(`api/${path}`);
      const found = ((await res.json()) as T[]).find(pick);
      if (!found) throw new Error(`${path} answered ${res.status} without the one wanted`);
      return found.id;
    };
    const country = await read<{ id: number; code: string }>(
      'core/delivery_countries/',
      (c) => c.code === 'DE',
    );
    const order = {
      ...contact,
      phone: '+49 89 1234567',
      country,
      region: await read<{ id: number; title: string }>(
        `core/delivery_regions/?country=${country}`,
        (r) => r.title === 'Bavaria',
      ),
      city: 'München',
      address: 'Marienplatz 1',
      postcode: '80331',
      delivery: await read<{ id: number; title: string }>(
        'deliveries/deliveries/',
        (d) => d.title === 'Standard delivery',
      ),
      payment: await read<{ id: number; kind: string }>(
        'payments/payments/',
        (p) => p.kind === payment,
      ),
    };
    const res = await this.send('POST', 'api/sales/orders/', order, {
      'idempotency-key': randomUUID(),
    });
    if (res.status !== 201)
      throw new Error(`the order answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: number; number: string; email: string };
  }

  private url(path: string): string {
    return path.startsWith('api/') ? `${this.base}/${this.locale}/${path}` : `${this.base}${path}`;
  }
}
