// Issue 25, decision 0066: a shopper's own discounts are kept per user with the pages' change
// count. A discount given or taken away shows on the shopper's next list and user info at once
// in this process; one shopper's never reach another's cards.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paginated, productCardSchema, userInfoSchema } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { getOk, login, userId } from '../../test/catalogue.ts';

// Kept for a minute, as the server keeps them; the change count is read on every request.
const t = useTestApp({ catalogueCacheMs: 60_000, changeCheckMs: 0 });
const list = paginated(productCardSchema);
const LIST = '/en/api/products/products/?page_size=50';

describe("a shopper's own discounts, kept", () => {
  it('follow a new discount and its removal at once, for that shopper only', async () => {
    const emma = await userId(t, 'emma.clarke@example.com');
    const own = await login(t, 'emma.clarke@example.com');
    const other = await login(t, 'shopper@example.com');
    // Read once, so the cards and Emma's discounts (none on everything) are kept.
    const before = await getOk(t, LIST, list, own);
    const infoBefore = await getOk(t, '/en/api/accounts/user_info/', userInfoSchema, own);
    expect(infoBefore.discounts).toEqual([]);
    const othersBefore = await getOk(t, LIST, list, other);

    const [row] = await t.handle.db
      .insert(s.discounts)
      .values({ userId: emma, value: 41 })
      .returning({ id: s.discounts.id });
    try {
      const after = await getOk(t, LIST, list, own);
      expect(after.results.length).toBe(before.results.length);
      expect(after.results.every((c) => c.discountPercent >= 41)).toBe(true);
      const info = await getOk(t, '/en/api/accounts/user_info/', userInfoSchema, own);
      expect(info.discounts).toEqual([expect.objectContaining({ value: 41, user: true })]);
      // Another shopper's cards and user info are as they were.
      const others = await getOk(t, LIST, list, other);
      expect(others.results.map((c) => c.discountPercent)).toEqual(
        othersBefore.results.map((c) => c.discountPercent),
      );
      const otherInfo = await getOk(t, '/en/api/accounts/user_info/', userInfoSchema, other);
      expect(otherInfo.discounts.some((d) => d.value === 41)).toBe(false);
      // A visitor's too.
      const visitor = await getOk(t, LIST, list);
      expect(visitor.results.some((c) => c.discountPercent === 41)).toBe(false);
    } finally {
      await t.handle.db.delete(s.discounts).where(eq(s.discounts.id, row!.id));
    }
    const gone = await getOk(t, LIST, list, own);
    expect(gone.results.map((c) => c.discountPercent)).toEqual(
      before.results.map((c) => c.discountPercent),
    );
    const infoGone = await getOk(t, '/en/api/accounts/user_info/', userInfoSchema, own);
    expect(infoGone.discounts).toEqual([]);
  });
});
