import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LOCALE, errorBodySchema, type Locale } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import { notFound } from '#api/plugins/errors.ts';
import {
  chunkCounts,
  chunkEntries,
  shopCanonicalUrl,
  siteLocales,
  SITEMAP_KINDS,
  type Entry,
} from '#api/repos/sitemap.ts';

export { SITEMAP_CHUNK, SITEMAP_KINDS, type SitemapKind } from '#api/repos/sitemap.ts';

const gzipAsync = promisify(gzip);
const SITEMAP_CACHE = 'public, max-age=3600';
const XML_TYPE = 'application/xml; charset=utf-8';

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/**
 * The shop's public origin: its canonical URL when set (as the storefront's canonical links use
 * it), else the configured one (PUBLIC_URL). Never a request header: these answers are cached
 * publicly for an hour (decision 0021).
 */
async function siteOrigin(db: Database, req: FastifyRequest): Promise<string> {
  const canonical = (await shopCanonicalUrl(db))?.trim();
  if (canonical && URL.canParse(canonical)) {
    const url = new URL(canonical);
    if (url.protocol === 'https:' || url.protocol === 'http:')
      return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  }
  return req.server.publicOrigin;
}

// ---------------------------------------------------------------- XML

const lastmod = (date: Date | null) =>
  date ? `<lastmod>${date.toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod>` : '';

/** A `<urlset>`: every entry once per language, each naming all languages and x-default. */
export function urlsetXml(origin: string, locales: Locale[], entries: Entry[]): string {
  const fallback = locales.includes(DEFAULT_LOCALE)
    ? DEFAULT_LOCALE
    : (locales[0] ?? DEFAULT_LOCALE);
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const entry of entries) {
    const href = (locale: Locale) => escapeXml(`${origin}/${locale}${entry.path}`);
    // The alternates are the same for the entry's every language: build them once.
    const alternates =
      locales
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}"/>`)
        .join('') + `<xhtml:link rel="alternate" hreflang="x-default" href="${href(fallback)}"/>`;
    const modified = lastmod(entry.lastmod);
    for (const locale of locales)
      parts.push(`<url><loc>${href(locale)}</loc>${modified}${alternates}</url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

export function sitemapIndexXml(origin: string, files: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...files.map(
      (file) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${file}`)}</loc></sitemap>\n`,
    ),
    '</sitemapindex>\n',
  ].join('');
}

/**
 * Sends a sitemap, gzipped when the client takes it: a products file is ~24 MB of repetitive XML
 * that shrinks about 25-fold, and nothing in front of the app is assumed to compress.
 */
async function sendXml(req: FastifyRequest, reply: FastifyReply, xml: string) {
  reply.type(XML_TYPE).header('Cache-Control', SITEMAP_CACHE).header('Vary', 'Accept-Encoding');
  if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(xml);
  return reply.header('Content-Encoding', 'gzip').send(await gzipAsync(xml));
}

/** `/robots.txt`, the sitemap index `/sitemap.xml` and its files `/sitemaps/{kind}-{n}.xml`. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/robots.txt',
    { schema: { tags: ['seo'], summary: 'Crawler rules and the sitemap location' } },
    async (req, reply) => {
      const origin = await siteOrigin(db, req);
      const text = [
        'User-agent: *',
        'Allow: /',
        'Disallow: /*/account/',
        'Disallow: /*/checkout/',
        'Disallow: /*/api/',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', SITEMAP_CACHE)
        .send(text);
    },
  );

  app.get(
    '/sitemap.xml',
    { schema: { tags: ['seo'], summary: 'Sitemap index: one file per kind and 10,000 items' } },
    async (req, reply) => {
      const [origin, counts] = await Promise.all([siteOrigin(db, req), chunkCounts(db)]);
      const files = counts.flatMap(([kind, chunks]) =>
        Array.from({ length: chunks }, (_, i) => `${kind}-${i + 1}.xml`),
      );
      return sendXml(req, reply, sitemapIndexXml(origin, files));
    },
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags: ['seo'],
        summary: 'One sitemap file: `{pages|products|bundles|blogs|vendors}-{n}.xml`',
        params: z.object({ file: z.string() }),
        response: { 404: errorBodySchema },
      },
    },
    async (req, reply) => {
      const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(req.params.file);
      const kind = SITEMAP_KINDS.find((k) => k === match?.[1]);
      if (!match || !kind) throw notFound();
      const n = Number(match[2]);
      const [origin, locales, entries] = await Promise.all([
        siteOrigin(db, req),
        siteLocales(db),
        chunkEntries(db, kind, n),
      ]);
      if (entries.length === 0) throw notFound();
      return sendXml(req, reply, urlsetXml(origin, locales, entries));
    },
  );
};
