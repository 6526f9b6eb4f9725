import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/contract';
import { productReviews } from '#api/repos/reviews.ts';
import { defineEndpoint, pageLinks } from './define.ts';

/** Reading product reviews (writing them belongs to the reviews work that is not built yet). */
export const reviewRoutes: FastifyPluginAsync = async (app) => {
  defineEndpoint(app, endpoints.products.reviews, async (req, { query }) => {
    const { count, results } = await productReviews(app.db, {
      productId: query.product,
      sorting: query.sorting,
      page: query.page,
      pageSize: query.page_size,
    });
    return { ...pageLinks(req, query.page, query.page_size, count), results };
  });
};
