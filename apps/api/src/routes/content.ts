import type { FastifyPluginAsync } from 'fastify';
import { endpoints, type MenuItem, type Widget } from '@shop/contract';
import { HttpError, notFound } from '#api/plugins/errors.ts';
import { SHOP_CLOSED_DETAIL, SHOP_CLOSED_STATUS, shopOpenTo } from '#api/plugins/shop-guard.ts';
import {
  blogList,
  findBlog,
  findShopPage,
  listFaqs,
  listMenus,
  listWidgets,
  relatedBlogs,
  searchBlogs,
  shopPageList,
} from '#api/repos/content.ts';
import { defineEndpoint, pageOf } from './define.ts';

const e = endpoints.content;

/** The page the storefront shows while the shop is closed: it must stay readable then. */
const COMING_SOON_SLUG = 'coming-soon';

export const contentRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  defineEndpoint(app, e.blogs, async (req, { query }) => {
    return pageOf(req, query, await blogList(db, req.locale, query.page, query.page_size));
  });

  defineEndpoint(app, e.blog, async (req, { params }) => {
    const blog = await findBlog(db, req.locale, params.id);
    if (!blog) throw notFound(req.t('errors.missing.blog'));
    return blog;
  });

  defineEndpoint(app, e.blogDetail, async (req, { params }) => {
    const blog = await findBlog(db, req.locale, params.id);
    if (!blog) throw notFound(req.t('errors.missing.blog'));
    return { ...blog, related: await relatedBlogs(db, req.locale, blog) };
  });

  defineEndpoint(app, e.searchBlogs, async (req, { query }) => {
    return pageOf(
      req,
      query,
      await searchBlogs(db, req.locale, query.query, query.page, query.page_size),
    );
  });

  defineEndpoint(app, e.faqs, async (req) => listFaqs(db, req.locale));

  // On every page, the same for every shopper: kept per locale until the shop data changes.
  const menus = app.shopDataCache<MenuItem[]>({ ttlMs: app.catalogueCacheMs, max: 8 });
  defineEndpoint(app, e.menus, async (req) =>
    menus.get(req.locale, () => listMenus(db, req.locale)),
  );

  const widgets = app.shopDataCache<Widget[]>({ ttlMs: app.catalogueCacheMs, max: 8 });
  defineEndpoint(app, e.widgets, async (req) =>
    widgets.get(req.locale, () => listWidgets(db, req.locale)),
  );

  defineEndpoint(app, e.pages, async (req, { query }) => {
    return pageOf(req, query, await shopPageList(db, req.locale, query.page, query.page_size));
  });

  // Open to everyone so that coming-soon can be shown; every other page keeps the guard's rule.
  defineEndpoint(
    app,
    e.page,
    async (req, { params }) => {
      if (params.slug !== COMING_SOON_SLUG && !(await shopOpenTo(app, req))) {
        throw new HttpError(SHOP_CLOSED_STATUS, SHOP_CLOSED_DETAIL);
      }
      const page = await findShopPage(db, req.locale, params.slug);
      if (!page) throw notFound(req.t('errors.missing.page'));
      return page;
    },
    { shop: 'open' },
  );
};
