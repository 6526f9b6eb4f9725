import { describe, expect, it } from 'vitest';
import { isPending, type PendingQuery } from './pending.ts';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

const idle = { state: 'idle', formAction: undefined, formMethod: undefined, formData: undefined };
const sending = (formAction: string, entries: Record<string, string>, formMethod = 'POST') =>
  ({ state: 'submitting', formAction, formMethod, formData: form(entries) }) as never;
const loadingAfter = (formAction: string, entries: Record<string, string>) =>
  ({ state: 'loading', formAction, formMethod: 'POST', formData: form(entries) }) as never;
const browsing = {
  state: 'loading',
  formAction: undefined,
  formMethod: undefined,
  formData: undefined,
} as never;

const orders = '/en/account/dashboard/my-orders';

describe('isPending: which form of a page is being sent (issue 22)', () => {
  it.each<[string, Parameters<typeof isPending>[0], PendingQuery, boolean]>([
    ['nothing is sent', idle as never, {}, false],
    ['a link is followed, no form', browsing, {}, false],
    ['the route’s own form', sending(orders, { order: '7' }), {}, true],
    ['its answer loading (redirect)', loadingAfter(orders, { order: '7' }), {}, true],
    ['only while submitting, asked so', loadingAfter(orders, {}), { state: 'submitting' }, false],
    ['the same order', sending(orders, { order: '7' }), { fields: { order: '7' } }, true],
    ['another order’s form', sending(orders, { order: '8' }), { fields: { order: '7' } }, false],
    ['the same intent', sending(orders, { intent: 'password' }), { intent: 'password' }, true],
    ['another intent', sending(orders, { intent: 'settings' }), { intent: 'password' }, false],
    ['another route’s form', sending('/en/checkout/cart', {}), {}, false],
    ['a GET search, asked about POST', sending(orders, {}, 'GET'), {}, false],
    ['a GET search, asked so', sending(orders, {}, 'GET'), { formMethod: 'GET' }, true],
    ['a trailing slash', sending(`${orders}/`, {}), {}, true],
    ['an index route', sending(`${orders}?index`, {}), {}, true],
    ['another page of the list', sending(`${orders}?page=2`, {}), {}, false],
    [
      'an explicit action',
      sending('/en/products/5/', { intent: 'delete' }),
      { formAction: '/en/products/5/', intent: 'delete' },
      true,
    ],
  ])('%s', (_name, navigation, query, expected) => {
    expect(isPending(navigation, query, orders)).toBe(expected);
  });
});
