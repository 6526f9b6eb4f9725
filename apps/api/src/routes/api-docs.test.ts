// Issue 21: the OpenAPI document is served only where API_DOCS (default: not in production) says.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';

const off = useTestApp({ apiDocs: false });
const on = useTestApp({ apiDocs: true });

describe('the OpenAPI document', () => {
  it('is not served when turned off', async () => {
    for (const url of ['/api/docs/json', '/api/docs/', '/api/docs/static/index.html']) {
      expect((await off.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('is served when turned on', async () => {
    const res = await on.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ openapi: string }>().openapi).toMatch(/^3\./);
  });

  it('leaves out the probes and the metrics, which are no part of the shop’s API', async () => {
    const res = await on.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    // The document is there, with the API's routes …
    expect(paths).toContain('/{locale}/api/products/products/');
    // … but none of these, which are answered all the same.
    for (const url of ['/metrics', '/health/live', '/health/ready']) {
      expect(paths, url).not.toContain(url);
      expect((await on.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('documents the cart-off refusal (`code: cart_disabled`) on every cart and checkout write', async () => {
    const res = await on.app.inject({ method: 'GET', url: '/api/docs/json' });
    type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const paths = res.json<Doc>().paths;
    const writes = [
      ['/{locale}/api/sales/cart_products/{productId}/', 'patch'],
      ['/{locale}/api/sales/cart_products/{productId}/add/', 'post'],
      ['/{locale}/api/sales/cart/promo_code/', 'post'],
      ['/{locale}/api/sales/orders/', 'post'],
      ['/{locale}/api/sales/orders/repeat/', 'post'],
    ] as const;
    for (const [path, method] of writes) {
      const refused = paths[path]?.[method]?.responses['400'];
      expect(JSON.stringify(refused), `${method} ${path}`).toContain('cart_disabled');
    }
  });
});
