import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cartSchema, orderSchema } from '@shop/contract';
import { withDeliveryVat } from '@shop/domain';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, checkoutBody, stockedProduct } from '../../test/shopper.ts';

const t = useTestApp();

/** The text of a quoted-printable mail body: soft line breaks joined, =XX bytes decoded. */
const quotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (bytes) =>
      Buffer.from(bytes.replaceAll('=', ''), 'hex').toString('utf8'),
    );

describe("an order's VAT (decision 0047)", () => {
  it("includes the delivery's VAT, in the answer, the stored order and the mail", async () => {
    // One product at €20.00, 22 % VAT, no discount; standard delivery €4.90 (free from €50).
    const product = await stockedProduct(t, 1);
    const [vat] = await t.handle.db
      .insert(s.vats)
      .values({ key: `vat-22-${randomUUID()}`, percent: 22 })
      .returning({ id: s.vats.id });
    await t.handle.db
      .update(s.products)
      .set({ price: 20, vatId: vat!.id })
      .where(eq(s.products.id, product.id));
    await t.handle.db.delete(s.discounts).where(eq(s.discounts.productId, product.id));

    const b = browserOf(t);
    b.ok(await b.set(product.id, 1));
    // The checkout's summary prices the cart's lines with the chosen delivery (the domain's
    // withDeliveryVat): it must state the VAT the order will.
    const cart = cartSchema.parse(await b.cart());
    expect(cart.items[0]).toMatchObject({ paid: 20, vatPercent: 22, totalVat: 3.61 });
    const summary = withDeliveryVat(
      { ...cart.totals, lines: cart.items },
      { price: 4.9, freeFrom: 50 },
    );
    expect(summary).toEqual({ delivery: 4.9, deliveryVat: 0.88, orderTotal: 24.9, totalVat: 4.49 });
    const res = await b.send('POST', '/en/api/sales/orders/', await checkoutBody(t.handle.db), {
      'idempotency-key': randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    // Goods: 20.00 × 22 / 122 = 3.606 → 3.61. Delivery: 4.90 × 22 / 122 = 0.884 → 0.88.
    expect(order.items[0]?.totalVat).toBe(3.61);
    expect(order.totals).toMatchObject({
      grandTotal: 20,
      delivery: 4.9,
      orderTotal: 24.9,
      deliveryVat: 0.88,
      totalVat: 4.49,
    });

    const [stored] = await t.handle.db.select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(stored?.totalVat).toBe(4.49);

    const mails = await readdir(join(t.mailDir, 'mail'));
    const texts = await Promise.all(mails.map((f) => readFile(join(t.mailDir, 'mail', f), 'utf8')));
    const mail = texts.find((text) => text.includes(order.number));
    expect(mail && quotedPrintable(mail)).toMatch(/VAT included\s+€4\.49/);
  });
});
