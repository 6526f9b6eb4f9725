import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { injectFetch } from './storefront.ts';

describe('the in-process API transport', () => {
  it("hands the API the shopper's address as the request's own, not as a header", async () => {
    const api = Fastify({ trustProxy: false });
    api.get('/whoami', async (req) => ({ ip: req.ip, forwarded: req.headers['x-forwarded-for'] }));
    const fetch = injectFetch(api);
    const res = await fetch('http://storefront.internal/whoami', {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(await res.json()).toEqual({ ip: '203.0.113.7' });
    // Without an address the injected default stands.
    const plain = await fetch('http://storefront.internal/whoami');
    expect(((await plain.json()) as { ip: string }).ip).toBe('127.0.0.1');
    await api.close();
  });
});
