import { describe, expect, it } from 'vitest';
import { hostVerdict, type HostRequest, type HostRule } from './host-rule.ts';

const open: HostRule = { publicOrigin: 'http://localhost:3000', pinned: false };
const pinned: HostRule = { publicOrigin: 'https://shop.example', pinned: true };
const req = (over: Partial<HostRequest>): HostRequest => ({
  method: 'GET',
  url: '/en/products/?page=2',
  host: 'localhost:3000',
  origin: undefined,
  ...over,
});

describe('the host rule', () => {
  it.each([
    // Without PUBLIC_URL, any name the shop is reached by works, for reads and same-name posts.
    ['open, read under 127.0.0.1', open, req({ host: '127.0.0.1:3000' }), 'serve'],
    ['open, read under a LAN address', open, req({ host: '192.168.1.20:3000' }), 'serve'],
    [
      'open, form from the same name',
      open,
      req({ method: 'POST', host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }),
      'serve',
    ],
    [
      'open, form through a TLS proxy (scheme differs, name the same)',
      open,
      req({ method: 'POST', host: 'shop.lan', origin: 'https://shop.lan' }),
      'serve',
    ],
    ['open, form without Origin (not a browser)', open, req({ method: 'POST' }), 'serve'],
    [
      'open, form from another site',
      open,
      req({ method: 'POST', origin: 'http://evil.example' }),
      'refuse',
    ],
    [
      'open, form from the same host on another port',
      open,
      req({ method: 'POST', origin: 'http://localhost:4000' }),
      'refuse',
    ],
    ['open, form from an opaque origin', open, req({ method: 'POST', origin: 'null' }), 'refuse'],
    ['open, form with a broken Origin', open, req({ method: 'POST', origin: '::' }), 'refuse'],
    // With PUBLIC_URL, the shop lives at that origin only.
    ['pinned, read at its own name', pinned, req({ host: 'shop.example' }), 'serve'],
    ['pinned, HEAD under another name', pinned, req({ method: 'HEAD' }), 'redirect'],
    [
      'pinned, form from its origin (Host rewritten by a proxy)',
      pinned,
      req({ method: 'POST', host: '10.0.0.5:3000', origin: 'https://shop.example' }),
      'serve',
    ],
    [
      'pinned, form from the right name over http',
      pinned,
      req({ method: 'POST', host: 'shop.example', origin: 'http://shop.example' }),
      'refuse',
    ],
    [
      'pinned, form from another name',
      pinned,
      req({ method: 'POST', host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }),
      'refuse',
    ],
  ])('%s: %s', (_name, rule, request, kind) => {
    expect(hostVerdict(rule, request).kind).toBe(kind);
  });

  it('redirects a read to the same path and query at the public origin', () => {
    expect(hostVerdict(pinned, req({}))).toEqual({
      kind: 'redirect',
      location: 'https://shop.example/en/products/?page=2',
    });
  });

  it('names the address to use in a refusal: the public one, or the name the browser used', () => {
    expect(hostVerdict(pinned, req({ method: 'POST', origin: 'http://evil.example' }))).toEqual({
      kind: 'refuse',
      shopAddress: 'https://shop.example',
    });
    expect(
      hostVerdict(open, req({ method: 'POST', host: '127.0.0.1:3000', origin: 'http://x.test' })),
    ).toEqual({ kind: 'refuse', shopAddress: 'http://127.0.0.1:3000' });
  });
});
