import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/contract';
import { mailsTrackingChange } from '@shop/domain';
import { translatorFor } from '#api/lib/i18n.ts';
import { mailShopOf } from '#api/mail/mail-layout.ts';
import { trackingChangedMail } from '#api/mail/tracking-mail.ts';
import { HttpError, notFound } from '#api/plugins/errors.ts';
import { findStaffOrder, recordOrderMail } from '#api/repos/staff-orders.ts';
import {
  createPromoCode,
  expirePromoCode,
  listPromoCodes,
  listStaffDeliveries,
  listStaffPayments,
  setTrackingNumber,
  staffDashboard,
  updateDelivery,
  updatePayment,
} from '#api/repos/staff-settings.ts';
import { defineEndpoint, requireStaff } from './define.ts';

/**
 * The back office's shop settings and dashboard (issue 24, decision 0059): promo codes,
 * deliveries, payment methods, a shipped order's tracking number. Staff only, answered while the
 * shop is closed, never stored (`private, no-store`).
 */
export const staffSettingsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const open = { shop: 'open' } as const;
  const configured = () => [...app.payments.providers.keys()];
  // Staff answers are one person's: never stored by a browser or a proxy.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  defineEndpoint(
    app,
    endpoints.staffSettings.dashboard,
    async (req) => {
      const info = await app.shopInfo(req.locale);
      return staffDashboard(db, req.locale, app.now(), info?.currency ?? 'EUR');
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffSettings.promoCodes,
    async () => listPromoCodes(db, app.now()),
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffSettings.createPromoCode,
    async (req, { body }, reply) => {
      const user = await requireStaff(req);
      const promo = await createPromoCode(db, body, user.id, app.now());
      if (promo === 'duplicate')
        return reply.code(400).send({ code: [req.t('staffSettings.errors.codeTaken')] });
      return reply.code(201).send(promo);
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffSettings.expirePromoCode,
    async (req, { params }) => {
      const user = await requireStaff(req);
      const promo = await expirePromoCode(db, params.id, user.id, app.now());
      if (!promo) throw notFound(req.t('errors.request.notFound'));
      return promo;
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffSettings.deliveries,
    async (req) => listStaffDeliveries(db, req.locale),
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffSettings.updateDelivery,
    async (req, { params, body }) => {
      const user = await requireStaff(req);
      const delivery = await updateDelivery(db, req.locale, params.id, body, user.id, app.now());
      if (!delivery) throw notFound(req.t('errors.request.notFound'));
      return delivery;
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffSettings.payments,
    async (req) => listStaffPayments(db, req.locale, configured()),
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffSettings.updatePayment,
    async (req, { params, body }) => {
      const user = await requireStaff(req);
      const payment = await updatePayment(
        db,
        req.locale,
        params.id,
        body.active,
        configured(),
        user.id,
        app.now(),
      );
      if (!payment) throw notFound(req.t('errors.request.notFound'));
      return payment;
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staffSettings.setTracking,
    async (req, { params, body }) => {
      const user = await requireStaff(req);
      const result = await setTrackingNumber(db, params.id, body, user.id, app.now());
      if (result.kind === 'missing') throw notFound(req.t('errors.request.notFound'));
      if (result.kind === 'stale') throw new HttpError(409, req.t('staff.orders.changedMeanwhile'));
      if (result.kind === 'notShipped')
        throw new HttpError(
          409,
          req.t('staffSettings.tracking.notShipped', {
            status: req.t(`orders.statuses.${result.status}`),
          }),
        );
      const order = await findStaffOrder(db, req.locale, params.id);
      if (!order) throw notFound(req.t('errors.request.notFound'));
      if (mailsTrackingChange(result.before, result.after)) {
        // The shopper follows the new number: mailed in the order's language after the change
        // committed; a mail server that is down never undoes the change (logged).
        try {
          const inTheirs =
            order.locale === req.locale
              ? order
              : ((await findStaffOrder(db, order.locale, order.id)) ?? order);
          const shop = mailShopOf(await app.shopInfo(order.locale), app.publicOrigin, order.locale);
          const mail = await trackingChangedMail(inTheirs, translatorFor(order.locale), shop, {
            order: app.orderLinks.url(shop.origin, order.locale, order.id),
          });
          await app.mailer.send(mail);
          const at = app.now();
          await recordOrderMail(
            db,
            {
              orderId: order.id,
              kind: 'tracking',
              email: mail.to,
              subject: mail.subject,
              locale: order.locale,
            },
            at,
          );
          order.mails.push({
            kind: 'tracking',
            email: mail.to,
            subject: mail.subject,
            locale: order.locale,
            at: at.toISOString(),
          });
        } catch (err) {
          req.log.error({ err, order: order.id }, 'tracking mail failed');
        }
      }
      return order;
    },
    open,
  );
};
