import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Where the shop's pages are, for links that are mailed: its canonical URL, else the configured
 * origin (never a request header, decision 0021), with the shop's title.
 */
export async function siteOrigin(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<{ origin: string; title: string }> {
  const shop = await app.shopInfo(req.locale);
  const canonical = shop?.canonicalUrl?.trim().replace(/\/+$/, '');
  const origin = canonical && URL.canParse(canonical) ? canonical : app.publicOrigin;
  return { origin, title: shop?.title ?? '' };
}
