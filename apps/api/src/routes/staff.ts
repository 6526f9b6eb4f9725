import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { endpoints, type Locale, type StaffOrder } from '@shop/contract';
import { MAILED_MOVES, moneyFormatter } from '@shop/domain';
import { translatorFor } from '#api/lib/i18n.ts';
import { mailShopOf } from '#api/mail/mail-layout.ts';
import { orderMovedMail, type MailedMove } from '#api/mail/staff-mail.ts';
import { HttpError, notFound } from '#api/plugins/errors.ts';
import { moveOrder } from '#api/repos/orders.ts';
import { findStaffOrder, listStaffOrders } from '#api/repos/staff-orders.ts';
import {
  findStaffShop,
  listStaffFeedback,
  listStaffReviews,
  markFeedback,
  moderateReview,
  setShopSwitches,
} from '#api/repos/staff-desk.ts';
import { defineEndpoint, pageLinks, requireStaff } from './define.ts';
import { sendOrderMail } from '#api/mail/order-mails.ts';

const isMailed = (status: string): status is MailedMove =>
  (MAILED_MOVES as readonly string[]).includes(status);

/**
 * The back office's calls (issue 24): staff only (the contract's `auth: 'staff'`), answered while
 * the shop is closed, never kept by a cache. Handlers stay short; the rules live in the domain
 * (`staffMoveRefusal`) and the writes in the repositories.
 */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const open = { shop: 'open' } as const;
  // Staff answers are one person's: never stored by a browser or a proxy.
  app.addHook('onSend', async (req, reply) => {
    if (/^\/[a-z]{2}\/api\/staff\//.test(req.url))
      reply.header('cache-control', 'private, no-store');
  });

  /** The shop as the shopper's mails show it, in their language, and its money format. */
  const mailContext = async (locale: Locale) => {
    const info = await app.shopInfo(locale);
    return {
      shop: mailShopOf(info, app.publicOrigin, locale),
      money: moneyFormatter(locale, info?.currency ?? 'EUR'),
    };
  };

  defineEndpoint(
    app,
    endpoints.staff.orders,
    async (req, { query }) => {
      const { page, page_size: size, ...filters } = query;
      const { count, results } = await listStaffOrders(db, req.locale, filters, page, size);
      return { ...pageLinks(req, page, size, count), results };
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staff.order,
    async (req, { params }) => {
      const order = await findStaffOrder(db, req.locale, params.id);
      if (!order) throw notFound(req.t('errors.request.notFound'));
      return order;
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staff.moveOrder,
    async (req, { params, body }) => {
      const user = await requireStaff(req);
      const result = await moveOrder(db, params.id, body.to, {
        userId: user.id,
        now: app.now(),
        version: body.version,
        asStaff: true,
        ...(body.to === 'shipped' && body.trackingNumber
          ? { trackingNumber: body.trackingNumber }
          : {}),
      });
      if (result.kind === 'missing') throw notFound(req.t('errors.request.notFound'));
      if (result.kind === 'stale') throw new HttpError(409, req.t('staff.orders.changedMeanwhile'));
      if (result.kind === 'refused') {
        const names = {
          from: req.t(`orders.statuses.${result.status}`),
          to: req.t(`orders.statuses.${body.to}`),
        };
        throw new HttpError(
          409,
          result.reason === 'paidByProvider'
            ? req.t('staff.orders.paidByProvider')
            : req.t('staff.orders.notAllowed', names),
        );
      }
      const order = await findStaffOrder(db, req.locale, params.id);
      if (!order) throw notFound(req.t('errors.request.notFound'));
      if (isMailed(body.to)) await mailShopper(order, body.to, req.locale, req.log);
      return order;
    },
    open,
  );

  /**
   * Tells the shopper, in the order's language, and notes the mail on the order. The move stands
   * whatever the mail server does.
   */
  async function mailShopper(
    order: StaffOrder,
    move: MailedMove,
    shown: Locale,
    log: FastifyBaseLogger,
  ) {
    const inTheirs =
      order.locale === shown ? order : await findStaffOrder(db, order.locale, order.id);
    const { shop, money } = await mailContext(order.locale);
    const sent = await sendOrderMail(app, log, order, move, () =>
      orderMovedMail(inTheirs ?? order, move, translatorFor(order.locale), money, shop, {
        order: app.orderLinks.url(shop.origin, order.locale, order.id),
      }),
    );
    if (sent) order.mails.push({ ...sent, at: sent.at.toISOString() });
  }

  defineEndpoint(app, endpoints.staff.shop, async () => findStaffShop(db), open);

  defineEndpoint(
    app,
    endpoints.staff.updateShop,
    async (req, { body }) => {
      const user = await requireStaff(req);
      return setShopSwitches(db, user.id, body, app.now());
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staff.reviews,
    async (req, { query }) => {
      const { page, page_size: size, kind } = query;
      const { count, results } = await listStaffReviews(db, req.locale, kind, page, size);
      return { ...pageLinks(req, page, size, count), results };
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staff.moderateReview,
    async (req, { params, body }, reply) => {
      const user = await requireStaff(req);
      const reason = body.reason ?? '';
      const done = await moderateReview(db, {
        kind: params.kind,
        id: params.id,
        action: body.action,
        reason,
        userId: user.id,
        now: app.now(),
      });
      if (!done) throw notFound(req.t('errors.request.notFound'));
      return reply.code(204).send();
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staff.feedback,
    async (req, { query }) => {
      const { page, page_size: size, state } = query;
      const { count, results } = await listStaffFeedback(db, state, page, size);
      return { ...pageLinks(req, page, size, count), results };
    },
    open,
  );

  defineEndpoint(
    app,
    endpoints.staff.markFeedback,
    async (req, { params, body }) => {
      const user = await requireStaff(req);
      const row = await markFeedback(db, params.id, body.mark, user.id, app.now());
      if (!row) throw notFound(req.t('errors.request.notFound'));
      return row;
    },
    open,
  );
};
