import { describe, expect, it } from 'vitest';
import { isShopOpenFor, missingShop } from './shop.server.ts';

const user = (isStaff: boolean) => ({
  id: 1,
  email: 'a@example.com',
  firstName: '',
  lastName: '',
  isStaff,
  noCache: false,
  locale: 'en' as const,
  discounts: [],
});

describe('shop availability (spec sections 2 and 4)', () => {
  const open = { ...missingShop(), visible: true, active: true };
  it.each([
    ['visible and active', open, null, true],
    ['not visible', { ...open, visible: false }, null, false],
    ['not active', { ...open, active: false }, user(false), false],
    ['closed, but staff', { ...open, active: false }, user(true), true],
    ['shop info missing', missingShop(), null, false],
    ['shop info missing, staff', missingShop(), user(true), true],
  ])('%s', (_name, shop, who, expected) => {
    expect(isShopOpenFor(shop, who)).toBe(expected);
  });
});
