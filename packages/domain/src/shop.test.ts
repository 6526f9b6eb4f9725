import { describe, expect, it } from 'vitest';
import { isShopOpen } from './shop.ts';

const staff = { isStaff: true };
const shopper = { isStaff: false };

describe('shop availability: "visible and active, or staff; otherwise coming-soon"', () => {
  it.each([
    ['visible and active, anonymous', { visible: true, active: true }, null, true],
    ['visible but not active', { visible: true, active: false }, shopper, false],
    ['active but not visible', { visible: false, active: true }, null, false],
    ['closed, staff', { visible: false, active: false }, staff, true],
    ['no shop info, anonymous', null, null, false],
    ['no shop info, staff', null, staff, true],
  ])('%s', (_name, shop, user, open) => {
    expect(isShopOpen(shop, user)).toBe(open);
  });
});
