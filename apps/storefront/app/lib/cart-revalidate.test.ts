import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { revalidateLayout } from './cart-revalidate.ts';

const at = (path: string) => new URL(`https://shop.example${path}`);

/** React Router's arguments for a move from `from` to `to` (a GET navigation unless `more`). */
function move(
  from: string,
  to: string,
  more: Partial<ShouldRevalidateFunctionArgs> = {},
): ShouldRevalidateFunctionArgs {
  const lang = (path: string) => ({ lang: path.split('/')[1] ?? '' });
  return {
    currentUrl: at(from),
    currentParams: lang(from),
    nextUrl: at(to),
    nextParams: lang(to),
    defaultShouldRevalidate: true,
    ...more,
  };
}

describe('the layouts reload', () => {
  it('not on a filter, a sort, a page of the list or another page of the shop', () => {
    expect(revalidateLayout(move('/en/products/', '/en/products/?values__id=3'))).toBe(false);
    expect(revalidateLayout(move('/en/products/?values__id=3', '/en/products/?sort=-price'))).toBe(
      false,
    );
    expect(revalidateLayout(move('/en/products/', '/en/products/?page=2'))).toBe(false);
    expect(revalidateLayout(move('/en/products/', '/en/products/7/'))).toBe(false);
    // A search form is a GET submission: a navigation like a link.
    expect(revalidateLayout(move('/en/', '/en/products/?query=linen', { formMethod: 'GET' }))).toBe(
      false,
    );
  });

  it('on a language change', () => {
    expect(revalidateLayout(move('/en/products/', '/de/products/'))).toBe(true);
  });

  it('after an action (a fetcher’s or a form’s), unless React Router skips a refused one', () => {
    const post = { formMethod: 'POST' as const, actionStatus: 200 };
    expect(revalidateLayout(move('/en/products/7/', '/en/products/7/', post))).toBe(true);
    // The login's redirect after its post.
    expect(revalidateLayout(move('/en/account/login/', '/en/', post))).toBe(true);
    expect(
      revalidateLayout(
        move('/en/products/7/', '/en/products/7/', {
          formMethod: 'POST',
          actionStatus: 400,
          defaultShouldRevalidate: false,
        }),
      ),
    ).toBe(false);
  });

  it('after a refused cart quantity that still changed the cart', () => {
    expect(
      revalidateLayout(
        move('/en/checkout/cart/', '/en/checkout/cart/', {
          formMethod: 'POST',
          actionStatus: 400,
          actionResult: { cartChanged: true },
          defaultShouldRevalidate: false,
        }),
      ),
    ).toBe(true);
  });

  it('when asked to revalidate (the same address)', () => {
    expect(revalidateLayout(move('/en/products/?page=2', '/en/products/?page=2'))).toBe(true);
  });
});
