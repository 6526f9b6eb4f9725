import type { FastifyPluginAsync } from 'fastify';
import { endpoints, HONEYPOT_FIELD } from '@shop/contract';
import { DEFAULT_LOCALE } from '@shop/domain';
import { translatorFor } from '#api/lib/i18n.ts';
import { feedbackMail } from '#api/mail/feedback-mail.ts';
import { mailShopOf } from '#api/mail/mail-layout.ts';
import { saveFeedback } from '#api/repos/feedback.ts';
import { defineEndpoint } from './define.ts';

/**
 * The contact form (spec section 7, 'POST /api/organizations/feedbacks/'): kept in the database
 * and mailed to the shop's address.
 */
export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  defineEndpoint(app, endpoints.organizations.feedback, async (req, { body }, reply) => {
    const sent = { detail: req.t('feedback.success') };
    // A bot filled the field nobody sees: the same answer, nothing kept or sent, nothing counted.
    const { [HONEYPOT_FIELD]: honeypot, ...message } = body;
    if (honeypot) return reply.code(201).send(sent);
    await app.authLimits.takeFeedback(req, reply);
    const user = await req.getUser();
    const row = await saveFeedback(app.db, {
      ...message,
      locale: req.locale,
      userId: user?.id ?? null,
    });
    const shop = await app.shopInfo(DEFAULT_LOCALE);
    if (shop?.email) {
      // Kept already: a mail server that is down loses no message, and the sender is not told
      // to try again for it.
      const from = { ...mailShopOf(shop, app.publicOrigin, DEFAULT_LOCALE), email: shop.email };
      await feedbackMail(row, from, translatorFor(DEFAULT_LOCALE))
        .then((mail) => app.mailer.send(mail))
        .catch((err: unknown) => req.log.error({ err, feedback: row.id }, 'feedback mail failed'));
    } else req.log.warn({ feedback: row.id }, 'feedback kept, the shop has no address to mail');
    return reply.code(201).send(sent);
  });
};
