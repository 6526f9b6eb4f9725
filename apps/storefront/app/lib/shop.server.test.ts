import { describe, expect, it } from 'vitest';
import { isShopOpen } from '@shop/domain';
import { missingShop } from './shop.server.ts';

describe('a shop without its info record', () => {
  it('is closed to visitors and open to staff (the guard sends others to coming-soon)', () => {
    expect(isShopOpen(missingShop(), null)).toBe(false);
    expect(isShopOpen(missingShop(), { isStaff: true })).toBe(true);
  });
});
