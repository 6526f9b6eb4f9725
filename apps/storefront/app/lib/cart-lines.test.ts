import { describe, expect, it } from 'vitest';
import type { Cart } from '@shop/contract';
import { cartAdded, variationText } from './cart-lines.ts';

const card = (id: number, title: string) => ({
  id,
  ref: 'product' as const,
  slug: `item-${id}`,
  slugUri: `/products/item-${id}/`,
  title,
  images: [],
  price: 20,
  discountPercent: 10,
  discountPrice: 18,
  priceWithoutProfit: 15,
  totalVat: 2.87,
  stock: 4,
  available: true,
  vendor: null,
  rating: null,
  reviewsCount: 0,
});

const line = (id: number, ref: 'product' | 'bundle', quantity: number, title: string) => ({
  id,
  cart: 1,
  product: ref === 'product' ? 7 : null,
  bundle: ref === 'bundle' ? 7 : null,
  ref,
  quantity,
  protected: false,
  short: false,
  item: { ...card(7, title), ref },
  variation:
    ref === 'product'
      ? [
          { id: 1, title: 'Sage green', attribute: { id: 2, title: 'Colour' } },
          { id: 3, title: 'M', attribute: { id: 4, title: 'Size' } },
        ]
      : [],
  unitPrice: 20,
  discountPercent: 10,
  discountPrice: 18 * quantity,
  discount: 2 * quantity,
  paid: 18 * quantity,
  vatPercent: 19,
  totalVat: 2.87 * quantity,
  available: true,
});

// A product and a bundle sharing the id 7: the ref tells them apart.
const cart = {
  id: 1,
  items: [line(1, 'bundle', 1, 'Gift set'), line(2, 'product', 3, 'Duvet cover')],
  totals: {
    quantity: 4,
    total: 80,
    discount: 8,
    discountPrice: 72,
    totalVat: 11.5,
    promoDiscount: 0,
    grandTotal: 72,
  },
  promoCode: null,
} as unknown as Cart;

describe('what the mini-cart shows after an add', () => {
  it('names the added line with its variation, and the subtotal of the cart page', () => {
    expect(cartAdded(cart, { item: 7, ref: 'product' })).toEqual({
      count: 4,
      subtotal: 80,
      line: {
        title: 'Duvet cover',
        variation: 'Colour: Sage green, Size: M',
        quantity: 3,
        price: 54,
        image: null,
        slugUri: '/products/item-7/',
      },
    });
    expect(cartAdded(cart, { item: 7, ref: 'bundle' }).line?.title).toBe('Gift set');
  });

  it('has no line when the answer does not hold it', () => {
    expect(cartAdded(cart, { item: 8, ref: 'product' }).line).toBeNull();
  });

  it('writes a variation as "Attribute: value", comma-separated, and nothing for none', () => {
    expect(variationText(cart.items[1]!.variation)).toBe('Colour: Sage green, Size: M');
    expect(variationText([])).toBe('');
  });
});
