import { describe, expect, it } from 'vitest';
import { createCookieJar } from './cookie-jar.server.ts';

const NOW = Date.UTC(2026, 10, 23);

describe('the API client cookie jar', () => {
  it('starts with the browser cookies, values untouched', () => {
    const jar = createCookieJar('sessionid=abc; csrftoken=ImFiYyI%3D; locale=de', () => NOW);
    expect(jar.get('csrftoken')).toBe('ImFiYyI%3D');
    expect(jar.header()).toBe('sessionid=abc; csrftoken=ImFiYyI%3D; locale=de');
  });

  it('takes a new session from the API for the next calls of the request', () => {
    const jar = createCookieJar('sessionid=old; locale=de', () => NOW);
    jar.store(['sessionid=new; Path=/; HttpOnly; SameSite=Lax; Max-Age=1209600']);
    expect(jar.header()).toBe('sessionid=new; locale=de');
  });

  it.each([
    ['an empty value', 'sessionid=; Path=/'],
    ['Max-Age=0', 'sessionid=abc; Path=/; Max-Age=0'],
    ['an expiry in the past', 'sessionid=abc; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'],
  ])('removes a cookie the API clears with %s', (_how, line) => {
    const jar = createCookieJar('sessionid=abc; locale=de', () => NOW);
    jar.store([line]);
    expect(jar.get('sessionid')).toBeUndefined();
    expect(jar.header()).toBe('locale=de');
  });

  it('keeps several cookies of one answer, and a cookie header that is missing', () => {
    const jar = createCookieJar(null, () => NOW);
    jar.store(['csrftoken=t1; Path=/', 'sessionid=s1; Path=/; HttpOnly']);
    expect(jar.header()).toBe('csrftoken=t1; sessionid=s1');
  });
});
