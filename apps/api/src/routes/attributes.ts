import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { endpoints, type Locale } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { notFound } from '#api/plugins/errors.ts';
import { attributeList, searchTitles, valueList } from '#api/repos/attributes.ts';
import { defineEndpoint, pageOf } from './define.ts';

const e = endpoints.products;

export const attributeRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  defineEndpoint(app, e.attributes, async (req, { query }) => {
    return pageOf(
      req,
      query,
      await attributeList(db, req.locale, undefined, query.page, query.page_size),
    );
  });

  const oneAttribute = async (locale: Locale, id: number) => {
    const { results } = await attributeList(db, locale, eq(s.attributes.id, id), 1, 1);
    const attribute = results[0];
    if (!attribute) throw notFound(translatorFor(locale)('errors.missing.attribute'));
    return attribute;
  };

  defineEndpoint(app, e.attribute, async (req, { params }) => oneAttribute(req.locale, params.id));

  defineEndpoint(app, e.attributeDetail, async (req, { params }) => {
    const attribute = await oneAttribute(req.locale, params.id);
    const values = await valueList(
      db,
      req.locale,
      eq(s.attributeValues.attributeId, params.id),
      1,
      1000,
    );
    return { ...attribute, values: values.results };
  });

  defineEndpoint(app, e.searchAttributes, async (req, { query }) => {
    return pageOf(
      req,
      query,
      await searchTitles(db, req.locale, 'attribute', query.query, query.page, query.page_size),
    );
  });

  defineEndpoint(app, e.values, async (req, { query }) => {
    return pageOf(
      req,
      query,
      await valueList(db, req.locale, undefined, query.page, query.page_size),
    );
  });

  defineEndpoint(app, e.attributeValues, async (req, { params, query }) => {
    await oneAttribute(req.locale, params.id);
    return pageOf(
      req,
      query,
      await valueList(
        db,
        req.locale,
        eq(s.attributeValues.attributeId, params.id),
        query.page,
        query.page_size,
      ),
    );
  });

  defineEndpoint(app, e.value, async (req, { params }) => {
    const { results } = await valueList(db, req.locale, eq(s.attributeValues.id, params.id), 1, 1);
    const value = results[0];
    if (!value) throw notFound(req.t('errors.missing.value'));
    return value;
  });

  defineEndpoint(app, e.searchValues, async (req, { query }) => {
    return pageOf(
      req,
      query,
      await searchTitles(db, req.locale, 'value', query.query, query.page, query.page_size),
    );
  });
};
