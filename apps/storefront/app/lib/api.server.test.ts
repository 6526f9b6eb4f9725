// The page error of a busy read on a form post (decision 0088): the action and the loaders after
// it share one API client, so a read refused busy after the action's write must not say that
// nothing was done.
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiTransportContext, serverApi } from './api.server.ts';

const NOTHING_DONE =
  'The shop is busy right now, so nothing was done: nothing was added, changed or ordered. Please try again in a moment.';
const BUSY = { detail: 'The shop is busy, please try again in a moment.', code: 'busy' };

/** A client for a form post whose API answers every write with `{}` and every read busy. */
function postedClient() {
  const context = new RouterContextProvider();
  context.set(apiTransportContext, {
    host: 'http://api.test',
    fetch: async (_input, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return Response.json(BUSY, { status: 503 });
      return Response.json({});
    },
  });
  const request = new Request('http://shop.test/en/checkout/cart/', {
    method: 'POST',
    headers: { cookie: 'csrftoken=token' },
  });
  return serverApi(context, request, 'en').api;
}

async function failure(read: Promise<unknown>): Promise<unknown> {
  try {
    await read;
  } catch (error) {
    return error;
  }
  throw new Error('the read did not fail');
}

describe('serverApi: a busy read on a form post', () => {
  it('says nothing was done when no write went out before it', async () => {
    const api = postedClient();
    expect(await failure(api.sales.cart())).toMatchObject({
      data: NOTHING_DONE,
      init: { status: 503 },
    });
  });

  it('only says the shop is busy once the request sent a write', async () => {
    const api = postedClient();
    await api.request('PATCH', '/api/sales/cart_products/7/', { body: { quantity: 2 } });
    expect(await failure(api.sales.cart())).toMatchObject({
      data: BUSY.detail,
      init: { status: 503 },
    });
  });
});
