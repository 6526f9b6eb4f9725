import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

const HOME = '/en/';

describe('safeRedirect', () => {
  it.each([
    ['/en/products/', '/en/products/'],
    ['/de/products/?page=2#top', '/de/products/?page=2#top'],
    ['/en/%5Cevil.example/', '/en/%5Cevil.example/'],
  ])('keeps the shop path %j', (target, expected) => {
    expect(safeRedirect(target, HOME)).toBe(expected);
  });

  it.each([
    ['//evil.example/', 'protocol-relative'],
    ['/\\evil.example/', 'backslash (the decoded /%5Cevil.example/)'],
    ['/\\\\evil.example/', 'two backslashes'],
    ['/\tevil.example/', 'tab'],
    ['/\t/evil.example/', 'tab then slash'],
    ['/\n/evil.example/', 'newline'],
    ['https://evil.example/', 'absolute URL'],
    ['javascript:alert(1)', 'script URL'],
    ['evil.example', 'relative path'],
    ['', 'empty'],
    [null, 'absent'],
    [42, 'not a string'],
  ])('refuses %j (%s)', (target, _why) => {
    expect(safeRedirect(target, HOME)).toBe(HOME);
  });
});
