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

/** A request as a line: `METHOD host`, then `from ORIGIN` when it sends an Origin header. */
const line = (text: string): HostRequest => {
  const [method = '', host = '', , origin] = text.split(' ');
  return req({ method, host, origin });
};

describe('the host rule', () => {
  // Without PUBLIC_URL, any name the shop is reached by works, for reads and same-name posts.
  it.each([
    ['GET 127.0.0.1:3000', 'serve'],
    ['GET 192.168.1.20:3000', 'serve'],
    ['POST 127.0.0.1:3000 from http://127.0.0.1:3000', 'serve'],
    // Through a TLS proxy: the scheme differs, the name is the same.
    ['POST shop.lan from https://shop.lan', 'serve'],
    // No Origin: not a browser.
    ['POST localhost:3000', 'serve'],
    ['POST localhost:3000 from http://evil.example', 'refuse'],
    ['POST localhost:3000 from http://localhost:4000', 'refuse'],
    ['POST localhost:3000 from null', 'refuse'],
    ['POST localhost:3000 from ::', 'refuse'],
  ])('open: %s → %s', (request, kind) => {
    expect(hostVerdict(open, line(request)).kind).toBe(kind);
  });

  // With PUBLIC_URL, the shop lives at that origin only.
  it.each([
    ['GET shop.example', 'serve'],
    ['HEAD localhost:3000', 'redirect'],
    // Host rewritten by a proxy: the Origin is what counts.
    ['POST 10.0.0.5:3000 from https://shop.example', 'serve'],
    ['POST shop.example from http://shop.example', 'refuse'],
    ['POST 127.0.0.1:3000 from http://127.0.0.1:3000', 'refuse'],
  ])('pinned: %s → %s', (request, kind) => {
    expect(hostVerdict(pinned, line(request)).kind).toBe(kind);
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
