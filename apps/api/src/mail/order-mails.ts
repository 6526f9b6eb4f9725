import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Locale } from '@shop/contract';
import { recordOrderMail } from '#api/repos/staff-orders.ts';
import type { MailMessage } from './mailer.ts';

/** What an order's mail told the shopper: placed, a staff move, or how the card payment ended. */
export type OrderMailKind =
  'confirmation' | 'paid' | 'shipped' | 'cancelled' | 'paymentReceived' | 'paymentFailed';

/** A mail the shop sent about an order, as the order's "mails sent" lists it. */
export type SentOrderMail = {
  kind: OrderMailKind;
  email: string;
  subject: string;
  locale: Locale;
  at: Date;
};

/**
 * Sends a mail about an order and notes it in `order_mails` (the staff detail's "mails sent").
 * Called after what the mail tells of has committed: a mail server that is down never undoes an
 * order, a move or a payment; the failure is logged, nothing is noted, and the answer is null.
 */
export async function sendOrderMail(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  order: { id: number; locale: Locale },
  kind: OrderMailKind,
  compose: () => Promise<MailMessage>,
): Promise<SentOrderMail | null> {
  let mail: MailMessage;
  try {
    mail = await compose();
    await app.mailer.send(mail);
  } catch (err) {
    log.error({ err, order: order.id, kind }, 'order mail failed');
    return null;
  }
  const sent = { kind, email: mail.to, subject: mail.subject, locale: order.locale, at: app.now() };
  try {
    await recordOrderMail(
      app.db,
      { orderId: order.id, kind, email: sent.email, subject: sent.subject, locale: sent.locale },
      sent.at,
    );
  } catch (err) {
    // The mail went out; only its note is missing. Never report a sent mail as failed.
    log.error({ err, order: order.id, kind }, 'order mail sent but not noted');
  }
  return sent;
}
