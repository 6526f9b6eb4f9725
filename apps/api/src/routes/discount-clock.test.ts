// Spec section 4: "a discount applies only when now is after its start (if given) and before its
// end (if given)" — judged by the request's one clock (`req.now()`, from the app's injectable
// `now`), never by the pricing plugin's own `new Date()` (decision 0071). The clock is put on
// each bound and a millisecond before it; the window is half-open [start, end) (domain
// `isDiscountValid`). Runs on PGlite and, with DATABASE_URL set, on PostgreSQL.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productSchema } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, parentProducts } from '../../test/shopper.ts';

const START = new Date('2031-03-01T00:00:00.000Z');
const END = new Date('2031-03-08T00:00:00.000Z');
let clock = new Date('2031-01-01T00:00:00.000Z');
const t = useTestApp({ now: () => new Date(clock) });

describe('a discount’s validity window, on the request’s clock', () => {
  it('applies from its start (included) to its end (excluded), on the product and in the cart', async () => {
    const discounted = new Set(
      (await t.handle.db.select({ id: s.discounts.productId }).from(s.discounts)).map((d) => d.id),
    );
    const product = (await parentProducts(t)).find(
      (p) => !discounted.has(p.id) && (p.stock === null || p.stock >= 1),
    );
    if (!product) throw new Error('no product without discounts');
    const [row] = await t.handle.db
      .insert(s.discounts)
      .values({ productId: product.id, value: 37, startsAt: START, endsAt: END })
      .returning({ id: s.discounts.id });
    const shopper = browserOf(t);
    try {
      const shown = async () => {
        const res = await shopper.send('GET', `/en/api/products/products/${product.id}/`);
        expect(res.statusCode, res.body).toBe(200);
        return productSchema.parse(res.json()).discountPercent;
      };
      const inCart = async () =>
        (await shopper.cart()).items.find((i) => i.product === product.id)?.discountPercent;
      shopper.ok(await shopper.set(product.id, 1));

      const at = (ms: number) => {
        clock = new Date(ms);
      };
      const cases: [string, number, number][] = [
        ['a millisecond before the start', START.getTime() - 1, 0],
        ['at the start', START.getTime(), 37],
        ['a millisecond before the end', END.getTime() - 1, 37],
        ['at the end', END.getTime(), 0],
      ];
      for (const [when, ms, percent] of cases) {
        at(ms);
        expect(await shown(), when).toBe(percent);
        expect(await inCart(), when).toBe(percent);
      }
    } finally {
      await t.handle.db.delete(s.discounts).where(inArray(s.discounts.id, [row!.id]));
      await t.handle.db.delete(s.cartItems).where(eq(s.cartItems.productId, product.id));
    }
  });
});
