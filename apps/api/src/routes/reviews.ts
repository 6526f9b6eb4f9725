import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints, type FieldErrors } from '@shop/contract';
import { notFound } from '#api/plugins/errors.ts';
import {
  deleteProductReview,
  deleteShopReview,
  productReview,
  productReviews,
  saveProductReview,
  saveShopReview,
  shopReview,
  shopReviews,
  type ReviewSorting,
} from '#api/repos/reviews.ts';
import { defineEndpoint, pageOf, requireUser } from './define.ts';

/** The caller's id: every write and `my` endpoint is `auth: 'user'`, so this only narrows the type. */
const userIdOf = async (req: FastifyRequest) => (await requireUser(req)).id;

/** The repository's paging, from a reviews query. */
const pagingOf = (query: { sorting: ReviewSorting; page: number; page_size: number }) => ({
  sorting: query.sorting,
  page: query.page,
  pageSize: query.page_size,
});

/**
 * Spec section 7's reviews: shop reviews and product reviews, read by everyone, written and
 * deleted by their logged-in authors. One review per user (and product): a second POST edits it
 * and answers 200, a new one 201. The language of the call is stored as the review's language.
 */
export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const p = endpoints.products;
  const o = endpoints.organizations;

  defineEndpoint(app, p.reviews, async (req, { query }) => {
    return pageOf(
      req,
      query,
      await productReviews(db, req.locale, {
        productId: query.product,
        ...pagingOf(query),
      }),
    );
  });

  defineEndpoint(app, p.myReviews, async (req, { query }, reply) => {
    reply.header('Cache-Control', 'no-store');
    return pageOf(
      req,
      query,
      await productReviews(db, req.locale, {
        productId: query.product,
        userId: await userIdOf(req),
        ...pagingOf(query),
      }),
    );
  });

  defineEndpoint(app, p.createReview, async (req, { body }, reply) => {
    const saved = await saveProductReview(db, {
      userId: await userIdOf(req),
      productId: body.product,
      rating: body.rating,
      text: body.text,
      locale: req.locale,
    });
    if (!saved) {
      return reply
        .code(400)
        .send({ product: [req.t('reviews.productUnavailable')] } satisfies FieldErrors);
    }
    const review = await productReview(db, req.locale, saved.id);
    if (!review) throw notFound(req.t('errors.missing.review'));
    return reply.code(saved.created ? 201 : 200).send(review);
  });

  defineEndpoint(app, p.deleteReview, async (req, { params }, reply) => {
    if (!(await deleteProductReview(db, await userIdOf(req), params.id)))
      throw notFound(req.t('errors.missing.review'));
    return reply.code(204).send();
  });

  defineEndpoint(app, o.reviews, async (req, { query }) => {
    return pageOf(
      req,
      query,
      await shopReviews(db, {
        ...pagingOf(query),
      }),
    );
  });

  defineEndpoint(app, o.myReviews, async (req, { query }, reply) => {
    reply.header('Cache-Control', 'no-store');
    return pageOf(
      req,
      query,
      await shopReviews(db, {
        userId: await userIdOf(req),
        ...pagingOf(query),
      }),
    );
  });

  defineEndpoint(app, o.createReview, async (req, { body }, reply) => {
    const saved = await saveShopReview(db, {
      userId: await userIdOf(req),
      rating: body.rating,
      text: body.text,
      locale: req.locale,
    });
    const review = await shopReview(db, saved.id);
    if (!review) throw notFound(req.t('errors.missing.review'));
    return reply.code(saved.created ? 201 : 200).send(review);
  });

  defineEndpoint(app, o.deleteReview, async (req, { params }, reply) => {
    if (!(await deleteShopReview(db, await userIdOf(req), params.id)))
      throw notFound(req.t('errors.missing.review'));
    return reply.code(204).send();
  });
};
