import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  DEFAULT_LOCALE,
  formatMoney,
  isCardFailure,
  isLocale,
  moneyFormatter,
  paymentFailureOf,
  type Locale,
  type PaymentFailure,
} from '@shop/domain';
import { translatorFor } from '#api/lib/i18n.ts';
import { testCardPageUrl } from '#api/lib/payments.ts';
import { mailShopOf } from '#api/mail/mail-layout.ts';
import { paymentMail } from '#api/mail/payment-mail.ts';
import { findOrder, orderForPayment, recordPayment, REFUND_NOTES } from '#api/repos/orders.ts';
import { escapeXml } from './seo.ts';
import { sendOrderMail } from '#api/mail/order-mails.ts';

/*
 * A payment provider for tests and demos, inside the shop's process but kept apart from it the
 * way a real one is: its hosted page takes the card, then it tells the shop's webhook how the
 * payment ended, server to server, with a signature (the iframe's end pages change nothing).
 * Like a real provider's test mode, card numbers pick the outcome (CARD_OUTCOMES).
 */

/** The card numbers of test mode and what each does (Stripe's test numbers, so they are familiar). */
export const CARD_OUTCOMES: Readonly<Record<string, 'paid' | PaymentFailure>> = {
  '4242424242424242': 'paid',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};
export const TEST_CARD_WEBHOOK = '/payments/test-card/webhook';
export const SIGNATURE_HEADER = 'x-payment-signature';

type Form = Record<string, string | undefined>;
/**
 * `payment`: the provider's id of the charge. This provider has one per order (as a payment intent
 * is), so paying twice on its page is one payment, recorded once.
 */
type Confirmation =
  | { order: number; status: 'paid'; amount: number; payment: string }
  /** A card that failed: nothing was taken; `reason` is one of the provider's outcomes. */
  | { order: number; status: 'failed'; reason: PaymentFailure; payment: string };

const localeOf = (value: unknown): Locale =>
  typeof value === 'string' && isLocale(value) ? value : DEFAULT_LOCALE;

/** The hosted page; its one `<style>` carries the response's CSP nonce (plugins/security-headers.ts). */
function page(locale: Locale, title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeXml(title)}</title>
<style nonce="${nonce}">
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1rem;color:#0f172a;background:#fff}
main{max-width:24rem;margin:0 auto}h1{font-size:1.25rem}label{display:block;margin-top:.75rem;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.5rem .75rem;border:1px solid #64748b;border-radius:.375rem;font:inherit}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{margin-top:1rem;width:100%;padding:.75rem;border:0;border-radius:.375rem;background:#0760e0;color:#fff;font:inherit;font-weight:700}
.secondary{background:#fff;color:#0f172a;border:1px solid #64748b}.hint{font-size:.875rem;color:#334155}
.error{color:#b91c1c;font-weight:600}
</style></head><body><main>${body}</main></body></html>`;
}

export const testCardRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { signer } = app.payments;
  const db = app.db;

  // The hosted page posts a plain form; only this provider's routes read that encoding.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // Confirmations are checked against their exact bytes: keep the JSON as it came.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  async function payable(orderId: number, token: unknown) {
    if (!signer.verify(`pay:${orderId}`, token)) return null;
    const order = await orderForPayment(db, orderId);
    return order && order.kind === 'test_card' ? order : null;
  }

  function cardPage(
    reply: FastifyReply,
    currency: string,
    order: { id: number; total: number; status: string },
    locale: Locale,
    token: string,
    error?: string,
  ) {
    const t = translatorFor(locale);
    const amount = formatMoney(locale, currency, order.total);
    const title = t('orders.cardTitle', { amount });
    const action = `/payments/test-card/${order.id}/`;
    const hidden = `<input type="hidden" name="token" value="${escapeXml(token)}"><input type="hidden" name="locale" value="${locale}">`;
    const body =
      order.status !== 'pending'
        ? `<h1>${escapeXml(t('orders.cardPaid'))}</h1>`
        : `<h1>${escapeXml(title)}</h1>
<p class="hint">${escapeXml(t('orders.cardHint'))}</p>
${error ? `<p class="error" role="alert" id="card-error">${escapeXml(error)}</p>` : ''}
<form method="post" action="${action}">${hidden}
<label for="card">${escapeXml(t('orders.cardNumber'))}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required${error ? ' aria-invalid="true" aria-describedby="card-error"' : ''}>
<div class="row"><div><label for="expiry">${escapeXml(t('orders.cardExpiry'))}</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30"></div>
<div><label for="cvc">${escapeXml(t('orders.cardCvc'))}</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc"></div></div>
<button type="submit" name="action" value="pay">${escapeXml(t('orders.cardPay'))}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${escapeXml(t('orders.cardCancel'))}</button>
</form>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page(locale, title, body, reply.request.cspNonce));
  }

  app.get<{ Params: { order: string }; Querystring: { token?: string; locale?: string } }>(
    '/payments/test-card/:order/',
    { schema: { hide: true } },
    async (req, reply) => {
      const order = await payable(Number(req.params.order), req.query.token);
      if (!order) return reply.code(404).send({ detail: 'Not found.' });
      const locale = localeOf(req.query.locale);
      const currency = (await app.shopInfo(locale))?.currency ?? 'EUR';
      return cardPage(reply, currency, order, locale, String(req.query.token));
    },
  );

  app.post<{ Params: { order: string }; Body: Form }>(
    '/payments/test-card/:order/',
    { schema: { hide: true } },
    async (req, reply) => {
      const form: Form = req.body && typeof req.body === 'object' ? req.body : {};
      const locale = localeOf(form.locale);
      const order = await payable(Number(req.params.order), form.token);
      if (!order) return reply.code(404).send({ detail: 'Not found.' });
      const frame = (name: 'success_frame' | 'cancel_frame', reason?: string) =>
        reply.redirect(
          `/${locale}/checkout/${name}/?order=${order.id}${reason ? `&reason=${reason}` : ''}`,
          303,
        );
      if (form.action === 'cancel') return frame('cancel_frame', 'cancelled');
      const card = (form.card ?? '').replace(/[\s-]/g, '');
      const outcome = CARD_OUTCOMES[card];
      if (!outcome) {
        return cardPage(
          reply.code(400),
          (await app.shopInfo(locale))?.currency ?? 'EUR',
          order,
          locale,
          String(form.token),
          translatorFor(locale)('orders.cardUnknown'),
        );
      }
      // The provider tells the shop, server to server and signed, as a real one does: a payment
      // taken, or a card that failed and why.
      const confirmation: Confirmation =
        outcome === 'paid'
          ? {
              order: order.id,
              status: 'paid',
              amount: order.total,
              payment: `test-card-${order.id}`,
            }
          : {
              order: order.id,
              status: 'failed',
              reason: outcome,
              payment: `test-card-${order.id}`,
            };
      const payload = JSON.stringify(confirmation);
      const res = await app.inject({
        method: 'POST',
        url: TEST_CARD_WEBHOOK,
        payload,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signer.sign(payload) },
      });
      if (res.statusCode !== 204) {
        req.log.error({ status: res.statusCode, order: order.id }, 'payment confirmation refused');
        return frame('cancel_frame', 'error');
      }
      return outcome === 'paid' ? frame('success_frame') : frame('cancel_frame', outcome);
    },
  );

  // The shop's side: only a correctly signed confirmation of the right amount marks an order paid.
  // A valid one is always recorded, also for an order cancelled meanwhile: the money was taken.
  app.post(TEST_CARD_WEBHOOK, { schema: { hide: true } }, async (req, reply) => {
    const payload = typeof req.body === 'string' ? req.body : '';
    if (!signer.verify(payload, req.headers[SIGNATURE_HEADER])) {
      return reply.code(401).send({ detail: 'Bad signature.' });
    }
    let body: Partial<Record<'order' | 'status' | 'amount' | 'payment' | 'reason', unknown>>;
    try {
      body = JSON.parse(payload) as typeof body;
    } catch {
      return reply.code(400).send({ detail: 'Not JSON.' });
    }
    const order = typeof body.order === 'number' ? await orderForPayment(db, body.order) : null;
    if (!order) return reply.code(400).send({ detail: 'Unknown order.' });
    if (typeof body.payment !== 'string' || body.payment === '') {
      return reply.code(400).send({ detail: 'No payment id.' });
    }
    if (body.status === 'failed') {
      const failure = paymentFailureOf(body.reason);
      if (!failure) return reply.code(400).send({ detail: 'Unknown reason.' });
      // Only a card's failure on an order still waiting for its money is worth a mail.
      if (isCardFailure(failure) && order.status === 'pending' && order.kind === 'test_card') {
        await mailPaymentFailed(order, failure);
      }
      return reply.code(204).send();
    }
    // A paid order is recorded whatever its method now is: the shopper may have switched to
    // another method while the card was being charged, and money taken is never dropped.
    if (body.status !== 'paid') return reply.code(400).send({ detail: 'Unknown status.' });
    if (body.amount !== order.total) return reply.code(400).send({ detail: 'Wrong amount.' });
    const recorded = await recordPayment(
      db,
      { orderId: order.id, kind: 'test_card', reference: body.payment, amount: body.amount },
      app.now(),
    );
    if (recorded === 'paid') {
      // Only the confirmation that paid the order mails: one delivered again ('repeated') or
      // racing it waits on the order's lock and finds the payment recorded.
      await mailPaymentReceived(order);
    }
    if (recorded === 'refundDue') {
      // Staff see it on the order (refundDue) and in its history; the log tells them at once.
      req.log.warn(
        { order: order.id, number: order.number, status: order.status, amount: body.amount },
        order.status === 'cancelled' ? REFUND_NOTES.cancelled : REFUND_NOTES.again,
      );
    }
    return reply.code(204).send();
  });

  type PaymentRow = NonNullable<Awaited<ReturnType<typeof orderForPayment>>>;

  /** The order as its mails show it, in its language, and the shop's origin and money format. */
  async function mailContext(row: PaymentRow) {
    const locale = localeOf(row.locale);
    const order = await findOrder(db, locale, row.id, {
      userId: null,
      sessionId: null,
      staff: true,
    });
    const info = await app.shopInfo(locale);
    // Links go to the shop's canonical address, else the configured one: never a request header.
    const shop = mailShopOf(info, app.publicOrigin, locale);
    return {
      order,
      locale,
      shop,
      origin: shop.origin,
      t: translatorFor(locale),
      money: moneyFormatter(locale, info?.currency ?? 'EUR'),
    };
  }

  // A failed mail never undoes the payment: it is logged.
  async function mailPaymentReceived(row: PaymentRow) {
    const { order, locale, origin, shop, t, money } = await mailContext(row);
    if (!order) return;
    const link = `${origin}/${locale}/checkout/order-success/?order=${order.id}`;
    await sendOrderMail(app, app.log, { id: order.id, locale }, 'paymentReceived', () =>
      paymentMail(order, { paid: true }, t, money, { order: link }, shop),
    );
  }

  async function mailPaymentFailed(row: PaymentRow, failure: PaymentFailure) {
    const { order, locale, origin, shop, t, money } = await mailContext(row);
    if (!order) return;
    const links = {
      pay: `${origin}${testCardPageUrl(signer, { id: order.id, locale })}`,
      order: `${origin}/${locale}/checkout/checkout/?pay=${order.id}`,
    };
    await sendOrderMail(app, app.log, { id: order.id, locale }, 'paymentFailed', () =>
      paymentMail(order, { paid: false, failure }, t, money, links, shop),
    );
  }
};
