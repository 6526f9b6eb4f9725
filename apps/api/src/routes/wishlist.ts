import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints, type FieldErrors } from '@shop/contract';
import { notFound } from '#api/plugins/errors.ts';
import {
  addWishlistItem,
  findWishlistItem,
  listWishlist,
  removeWishlistItem,
  setWishlistComment,
  wishlistView,
  type WishlistRow,
} from '#api/repos/wishlist.ts';
import { defineEndpoint, pageLinks, requireUser } from './define.ts';

const e = endpoints.wishlist;

const userIdOf = async (req: FastifyRequest) => (await requireUser(req)).id;

/** Spec section 7's wishlist: the logged-in user's saved products, each priced for them. */
export const wishlistRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  async function view(req: FastifyRequest, row: WishlistRow) {
    const [item] = await wishlistView(db, req.locale, [row], await req.pricing());
    // The row was read as shown a moment ago; a product hidden since then is gone here too.
    if (!item) throw notFound(req.t('errors.missing.wishlistItem'));
    return item;
  }

  defineEndpoint(app, e.list, async (req, { query }, reply) => {
    reply.header('Cache-Control', 'no-store');
    const userId = await userIdOf(req);
    const { count, rows } = await listWishlist(db, userId, query.page, query.page_size);
    const results = await wishlistView(db, req.locale, rows, await req.pricing());
    return { ...pageLinks(req, query.page, query.page_size, count), results };
  });

  defineEndpoint(app, e.get, async (req, { params }, reply) => {
    reply.header('Cache-Control', 'no-store');
    const row = await findWishlistItem(db, await userIdOf(req), params.id);
    if (!row) throw notFound(req.t('errors.missing.wishlistItem'));
    return view(req, row);
  });

  defineEndpoint(app, e.add, async (req, { body }, reply) => {
    const added = await addWishlistItem(db, await userIdOf(req), body.product);
    if (!added) {
      return reply
        .code(400)
        .send({ product: [req.t('wishlist.productUnavailable')] } satisfies FieldErrors);
    }
    // 201 for a new item, 200 for the one already saved (the contract's summary says so).
    return reply.code(added.created ? 201 : 200).send(await view(req, added.row));
  });

  defineEndpoint(app, e.update, async (req, { params, body }) => {
    const row = await setWishlistComment(db, await userIdOf(req), params.id, body.comment);
    if (!row) throw notFound(req.t('errors.missing.wishlistItem'));
    return view(req, row);
  });

  defineEndpoint(app, e.remove, async (req, { params }, reply) => {
    if (!(await removeWishlistItem(db, await userIdOf(req), params.id)))
      throw notFound(req.t('errors.missing.wishlistItem'));
    return reply.code(204).send();
  });
};
