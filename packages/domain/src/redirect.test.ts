import { describe, expect, it } from 'vitest';
import { safePageRedirect, safeRedirect, shopPagePath, shopPath } from './redirect.ts';

const HOME = '/en/';

describe('shopPath — "only a path of this shop is ever followed" (spec section 4)', () => {
  it.each<[string, string]>([
    ['/en/products/', '/en/products/'],
    ['/de/products/?page=2#top', '/de/products/?page=2#top'],
    ['/en/search/?q=red%20shirt', '/en/search/?q=red%20shirt'],
    ['/en/search/?q=..//evil.example', '/en/search/?q=..//evil.example'],
    ['/en/products/red-shirt-42/', '/en/products/red-shirt-42/'],
    ['/en/account/wishlist/', '/en/account/wishlist/'],
    ['/en/caf%C3%A9/', '/en/caf%C3%A9/'],
    ['/en/products', '/en/products'],
  ])('keeps the shop path %j', (target, expected) => {
    expect(shopPath(target)).toBe(expected);
    expect(safeRedirect(target, HOME)).toBe(expected);
  });

  // The OWASP unvalidated-redirects cheat sheet's tricks and the five of issue 21.
  const hostile: [target: unknown, why: string][] = [
    // Issue 21: dot segments that collapse to `//evil.example` once normalised.
    ['/.//evil.example', 'dot segment, then a protocol-relative path'],
    ['/..//evil.example', 'dot-dot segment at the root'],
    ['/%2e//evil.example', 'encoded dot segment'],
    ['/a/..//evil.example', 'dot-dot back to the root'],
    ['/en/..//evil.example', 'dot-dot from a locale'],
    // Another host, written the ways browsers accept.
    ['//evil.example/', 'protocol-relative'],
    ['///evil.example/', 'three slashes'],
    ['/\\evil.example/', 'slash, backslash'],
    ['\\/evil.example/', 'backslash, slash'],
    ['\\\\evil.example/', 'two backslashes'],
    ['/\\\\evil.example/', 'slash, two backslashes'],
    ['https://evil.example/', 'absolute URL'],
    ['http:evil.example', 'scheme without slashes'],
    ['https:evil.example', 'https without slashes'],
    ['//evil.example@shop/', 'user-info trick'],
    ['javascript:alert(1)', 'script URL'],
    ['JaVaScRiPt:alert(1)', 'script URL in mixed case'],
    ['data:text/html,<script>alert(1)</script>', 'data URL'],
    ['evil.example', 'relative host-like path'],
    ['.//evil.example', 'relative dot path'],
    // Whitespace and controls browsers strip (then `//evil.example` is left).
    ['/\t/evil.example/', 'tab after the slash'],
    ['/\n/evil.example/', 'newline after the slash'],
    ['/\r\n/evil.example/', 'CRLF (header splitting too)'],
    ['/\tevil.example/', 'tab inside'],
    [' //evil.example/', 'leading space'],
    ['/en/\u0000/', 'NUL'],
    // Encoded slashes and backslashes that decode to another host.
    ['/%09/evil.example', 'encoded tab'],
    ['/%0a/evil.example', 'encoded newline'],
    ['/%5cevil.example', 'encoded backslash'],
    ['/%5Cevil.example', 'encoded backslash, upper case'],
    ['/%2f%2fevil.example', 'encoded slashes'],
    ['/%2F/evil.example', 'encoded slash, then a slash'],
    ['%2f%2fevil.example', 'encoded slashes without a leading slash'],
    ['/%252f%252fevil.example', 'double-encoded slashes'],
    ['/%252e%252e//evil.example', 'double-encoded dot-dot'],
    ['/%25252f/evil.example', 'triple-encoded slash'],
    ['/%2e%2e/%2e%2e//evil.example', 'encoded dot-dot twice'],
    ['/en/%2e%2e/', 'encoded dot-dot inside the shop'],
    ['/en/../de/', 'plain dot-dot inside the shop'],
    ['/en/./products/', 'plain dot inside the shop'],
    ['/%E0%A4%A', 'malformed percent-encoding'],
    // Unicode tricks.
    ['/\uff0fevil.example', 'fullwidth solidus, raw'],
    ['/%EF%BC%8F%EF%BC%8Fevil.example', 'fullwidth solidi, encoded'],
    ['/%EF%BC%8E%EF%BC%8E//evil.example', 'fullwidth dots, encoded'],
    ['/%EF%BC%BCevil.example', 'fullwidth backslash, encoded'],
    ['/\u2215\u2215evil.example', 'division slashes'],
    ['/%E2%80%AE/evil.example', 'right-to-left override'],
    ['/caf\u00e9/', 'raw non-ASCII'],
    // Not a path at all.
    ['', 'empty'],
    ['/', 'the root alone (allowed)'],
    [null, 'absent'],
    [42, 'not a string'],
    [['/en/'], 'an array'],
    ['/a'.padEnd(2001, 'a'), 'longer than any shop path'],
  ];
  it.each(hostile.map(([target, why]): [string, unknown] => [why, target]))(
    'refuses %s: %j',
    (why, target) => {
      if (target === '/') {
        // The root is a path of this shop; it stands here to mark where the edge is.
        expect(shopPath(target), why).toBe('/');
        return;
      }
      expect(shopPath(target), why).toBeNull();
      expect(safeRedirect(target, HOME)).toBe(HOME);
    },
  );
});

describe('shopPagePath — the way back after logging in is a page of the shop (issue 23)', () => {
  it.each([
    ['/en/products/linen-shirt-12/', '/en/products/linen-shirt-12/'],
    ['/de/', '/de/'],
    ['/ru/products/?sort=-price', '/ru/products/?sort=-price'],
    ['/it/account/dashboard/my-orders/#open', '/it/account/dashboard/my-orders/#open'],
  ])('follows %s', (target, expected) => {
    expect(shopPagePath(target)).toBe(expected);
  });

  it.each([
    ['//evil.com', 'another host, scheme-relative'],
    ['https://evil.com', 'another origin'],
    ['https://evil.com/en/', 'another origin with a language'],
    ['/\\evil.com', 'a backslash'],
    ['/', 'no language'],
    ['/en', 'the language without its slash'],
    ['/fr/products/', 'a language the shop does not speak'],
    ['/api/accounts/logout/', 'an API call'],
    ['/sw.js', 'a file'],
    ['en/products/', 'not rooted'],
    ['/%2f/evil.com', 'an encoded second slash'],
  ])('refuses %s (%s)', (target) => {
    expect(shopPagePath(target)).toBeNull();
    expect(safePageRedirect(target, '/en/')).toBe('/en/');
  });

  it('refuses what is not a string', () => {
    expect(shopPagePath(42)).toBeNull();
  });
});
