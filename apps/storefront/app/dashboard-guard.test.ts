import { describe, expect, it } from 'vitest';
import { RouterContextProvider } from 'react-router';
import { getShopper } from '#app/lib/account.server.ts';
import { shopRequestContext, type ShopRequest } from '#app/lib/shop.server.ts';
import { middleware as dashboardMiddleware } from '#app/routes/dashboard.tsx';

/*
 * The dashboard's guard as its route declares it. Here, beside routes/, because lib/ and
 * components/ never import a route (eslint.config.js).
 */

const shop = (user: ShopRequest['user']) =>
  ({ locale: 'de', user, messages: undefined }) as unknown as ShopRequest;

describe('the dashboard guard is route middleware (issue 22)', () => {
  it('sends an anonymous data request of any section to log in, before its loader or action', async () => {
    const context = new RouterContextProvider();
    context.set(shopRequestContext, shop(null));
    // A client-side save of a section: its action must never run for a visitor.
    const request = new Request('http://shop.test/de/account/dashboard/account-info.data', {
      method: 'POST',
    });
    let reached = false;
    const [guard] = dashboardMiddleware;
    if (!guard) throw new Error('the dashboard has no middleware');
    const answer = await Promise.resolve(
      guard({ request, params: {}, context, unstable_pattern: '' } as never, async () => {
        reached = true;
        return new Response();
      }),
    ).catch((error: unknown) => error);
    expect(reached).toBe(false);
    expect((answer as Response).headers.get('location')).toBe('/de/account/login/');
    expect((answer as Response).headers.get('set-cookie')).toContain(
      'login_next=/de/account/dashboard/account-info/',
    );
  });

  it('hands the sections the shopper it let through', () => {
    const context = new RouterContextProvider();
    const user = { id: 1, email: 'a@example.com' } as unknown as ShopRequest['user'];
    context.set(shopRequestContext, shop(user));
    expect(getShopper(context)).toBe(user);
    context.set(shopRequestContext, shop(null));
    expect(() => getShopper(context)).toThrow(/namedMiddleware/);
  });
});
