import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/contract';
import { notFound } from '#api/plugins/errors.ts';
import { listProductIds, type ProductSort } from '#api/repos/product-lists.ts';
import { findProduct, productContentItems, variationIds } from '#api/repos/products.ts';
import { blogList, findBlog, findVendorPage, vendorPageList } from '#api/repos/content.ts';
import { findVendor, isActiveVendor, vendorList } from '#api/repos/vendors.ts';
import { defineEndpoint, pageLinks } from './define.ts';

const e = endpoints.vendors;

// The wording of spec section 7.
export const VENDOR_NOT_FOUND = 'Item in vendors not found';
export const ITEM_NOT_FOUND = 'Items not found';

/** A vendor's products come in the product list's default order. */
const VENDOR_PRODUCT_SORT: ProductSort = 'sorting';

export const vendorRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  /** Everything under a vendor answers the vendor's 404 first, before looking for the item. */
  async function requireVendor(id: number) {
    if (!(await isActiveVendor(db, id))) throw notFound(VENDOR_NOT_FOUND);
  }

  defineEndpoint(app, e.list, async (req, { query }) => {
    const { count, results } = await vendorList(db, req.locale, query.page, query.size);
    return { ...pageLinks(req, query.page, query.size, count), results };
  });

  defineEndpoint(app, e.get, async (req, { params }) => {
    const vendor = await findVendor(db, req.locale, params.id);
    if (!vendor) throw notFound(VENDOR_NOT_FOUND);
    return vendor;
  });

  defineEndpoint(app, e.products, async (req, { params, query }) => {
    await requireVendor(params.id);
    const pricing = await req.pricing();
    const { ids, count } = await listProductIds(
      db,
      req.locale,
      { vendor: params.id },
      VENDOR_PRODUCT_SORT,
      pricing,
      query.page,
      query.size,
    );
    const results = await req.listedCards(ids);
    return { ...pageLinks(req, query.page, query.size, count), results };
  });

  /** The vendor's active product (or variation), or the item 404. */
  async function vendorProduct(req: FastifyRequest, id: number, itemId: number) {
    await requireVendor(id);
    const product = await findProduct(db, req.locale, itemId, await req.pricing());
    if (!product || product.vendor?.id !== id) throw notFound(ITEM_NOT_FOUND);
    return product;
  }

  defineEndpoint(app, e.product, async (req, { params }) =>
    vendorProduct(req, params.id, params.itemId),
  );

  defineEndpoint(app, e.productChildren, async (req, { params }) => {
    const product = await vendorProduct(req, params.id, params.itemId);
    return productContentItems(db, req.locale, await variationIds(db, product.id));
  });

  defineEndpoint(app, e.blogs, async (req, { params, query }) => {
    await requireVendor(params.id);
    const { count, results } = await blogList(db, req.locale, query.page, query.size, params.id);
    return { ...pageLinks(req, query.page, query.size, count), results };
  });

  defineEndpoint(app, e.blog, async (req, { params }) => {
    await requireVendor(params.id);
    const blog = await findBlog(db, req.locale, params.itemId, params.id);
    if (!blog) throw notFound(ITEM_NOT_FOUND);
    return blog;
  });

  // Posts nest nothing: the answer is empty, but only for a post the vendor has.
  defineEndpoint(app, e.blogChildren, async (req, { params }) => {
    await requireVendor(params.id);
    if (!(await findBlog(db, req.locale, params.itemId, params.id))) throw notFound(ITEM_NOT_FOUND);
    return [];
  });

  defineEndpoint(app, e.pages, async (req, { params, query }) => {
    await requireVendor(params.id);
    const { count, results } = await vendorPageList(
      db,
      req.locale,
      params.id,
      query.page,
      query.size,
    );
    return { ...pageLinks(req, query.page, query.size, count), results };
  });

  defineEndpoint(app, e.page, async (req, { params }) => {
    await requireVendor(params.id);
    const page = await findVendorPage(db, req.locale, params.id, params.itemId);
    if (!page) throw notFound(ITEM_NOT_FOUND);
    return page;
  });

  // Pages have no sub-pages in this shop (no parent column): empty, for a page the vendor has.
  defineEndpoint(app, e.pageChildren, async (req, { params }) => {
    await requireVendor(params.id);
    const page = await findVendorPage(db, req.locale, params.id, params.itemId);
    if (!page) throw notFound(ITEM_NOT_FOUND);
    return [];
  });
};
