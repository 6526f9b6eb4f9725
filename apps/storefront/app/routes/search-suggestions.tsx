import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/search-suggestions';

export type Suggestion = {
  id: number;
  title: string;
  href: string;
  price: number;
  image: string | null;
};

/** Up to six products for the search box as the shopper types; a failed search is an empty list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const query = (new URL(request.url).searchParams.get('query') ?? '').trim().slice(0, 200);
  if (query.length < 2) return { query, suggestions: [] as Suggestion[] };
  const results = await shop.api.products.search({ query, page_size: 6 }).catch(() => null);
  const suggestions: Suggestion[] = (results?.results ?? []).map((p) => ({
    id: p.id,
    title: p.title,
    href: `/${shop.locale}${p.slugUri}`,
    price: p.discountPrice,
    image: p.images[0]?.image ?? null,
  }));
  return { query, suggestions };
}
