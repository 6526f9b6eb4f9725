import type { FastifyInstance } from 'fastify';
import { SIGNATURE_HEADER, TEST_CARD_WEBHOOK } from '../src/routes/test-card.ts';

/** The test provider's hosted card page's form, posted as the shopper's browser posts it. */
export function payOnCardPage(app: FastifyInstance, url: string, form: Record<string, string>) {
  const target = new URL(url, 'http://shop.test');
  return app.inject({
    method: 'POST',
    url: target.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      token: target.searchParams.get('token') ?? '',
      locale: target.searchParams.get('locale') ?? 'en',
      ...form,
    }).toString(),
  });
}

/**
 * What the test provider tells the shop of a payment (paid or failed), signed with the shop's
 * key unless the test forges a `signature`.
 */
export function paymentNotice(
  app: FastifyInstance,
  notice: Record<string, unknown>,
  signature?: string,
) {
  const payload = JSON.stringify(notice);
  return app.inject({
    method: 'POST',
    url: TEST_CARD_WEBHOOK,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signature ?? app.payments.signer.sign(payload),
    },
    payload,
  });
}
