import { describe, expect, it } from 'vitest';
import { RouterContextProvider } from 'react-router';
import { createTranslator } from '@shop/messages/translate';
import german from '@shop/messages/langs/de.json' with { type: 'json' };
import { namedMiddleware, unknownMiddleware } from './middleware.server.ts';
import { shopRequestContext, type ShopRequest } from './shop.server.ts';

const shop = (user: ShopRequest['user']) =>
  ({
    locale: 'de',
    user,
    messages: undefined,
    api: { core: { messages: async () => german } },
  }) as unknown as ShopRequest;

async function runGuard(name: string, user: ShopRequest['user'], url: string) {
  const context = new RouterContextProvider();
  context.set(shopRequestContext, shop(user));
  const [middleware] = namedMiddleware(name);
  if (!middleware) throw new Error('no middleware');
  try {
    await middleware(
      { request: new Request(url), params: {}, context, unstable_pattern: '' } as never,
      async () => new Response(),
    );
    return null;
  } catch (error) {
    return error;
  }
}

describe('named middleware (spec section 8: "Unknown middleware: status 500")', () => {
  it('answers an unknown name with 500 "Unknown middleware {name}", in the page’s language', () => {
    const en = createTranslator('en', {
      errors: { unknownMiddleware: 'Unknown middleware {name}' },
    });
    const de = createTranslator('de', {
      errors: { unknownMiddleware: 'Unbekannte Middleware {name}' },
    });
    expect(unknownMiddleware('admin', en)).toMatchObject({
      data: 'Unknown middleware admin',
      init: { status: 500 },
    });
    expect(unknownMiddleware('admin', de)).toMatchObject({ data: 'Unbekannte Middleware admin' });
    expect(unknownMiddleware('admin', null)).toMatchObject({ data: 'Unknown middleware admin' });
  });

  it('sends a visitor who is not logged in to the login page, and back after', async () => {
    const answer = await runGuard('auth', null, 'http://shop.test/de/account/dashboard/?tab=2');
    expect(answer).toBeInstanceOf(Response);
    // The way back rides in the login_next cookie, as for every guarded account page.
    expect((answer as Response).headers.get('location')).toBe('/de/account/login/');
    expect((answer as Response).headers.get('set-cookie')).toContain(
      'login_next=/de/account/dashboard/?tab=2',
    );
    const user = { id: 1 } as unknown as ShopRequest['user'];
    expect(await runGuard('auth', user, 'http://shop.test/de/account/dashboard/')).toBeNull();
  });

  it('sends a logged-in user away from guest screens', async () => {
    const user = { id: 1 } as unknown as ShopRequest['user'];
    const answer = await runGuard('guest', user, 'http://shop.test/de/account/register/');
    expect((answer as Response).headers.get('location')).toBe('/de/');
    expect(await runGuard('guest', null, 'http://shop.test/de/account/register/')).toBeNull();
  });

  it('keeps the back office to staff: the login page for a visitor, 403 in the page’s language for a shopper', async () => {
    const url = 'http://shop.test/de/staff/orders/?status=paid';
    const visitor = await runGuard('staff', null, url);
    expect((visitor as Response).headers.get('location')).toBe('/de/account/login/');
    expect((visitor as Response).headers.get('set-cookie')).toContain(
      'login_next=/de/staff/orders/?status=paid',
    );
    const shopper = { id: 1, isStaff: false } as unknown as ShopRequest['user'];
    expect(await runGuard('staff', shopper, url)).toMatchObject({
      data: german.staff.forbidden,
      init: { status: 403 },
    });
    const staff = { id: 2, isStaff: true } as unknown as ShopRequest['user'];
    expect(await runGuard('staff', staff, url)).toBeNull();
  });
});
