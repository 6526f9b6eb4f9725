// The first product page, rendered on every request from the shop's API (SHOP_API, the origin of
// the shop the benchmark started): the same 12 cards as the storefront's /en/products/, each with
// its image, title, price and link.
import { notFound } from 'next/navigation';

export const dynamic = 'force-dynamic';

type Card = {
  id: number;
  slugUri: string;
  title: string;
  images: { image: string }[];
  price: number;
  discountPrice: number;
  discountPercent: number;
  vendor: { title: string } | null;
};
type Page = { count: number; results: Card[] };

const LOCALES: Record<string, string> = { en: 'en-IE', de: 'de-DE', ru: 'ru-RU', it: 'it-IT' };

export default async function Products({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const intlLocale = LOCALES[locale];
  if (!intlLocale) notFound();
  const api = process.env.SHOP_API ?? 'http://127.0.0.1:3000';
  const response = await fetch(`${api}/${locale}/api/products/products/`, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`the shop API answered ${response.status}`);
  const page = (await response.json()) as Page;
  const money = new Intl.NumberFormat(intlLocale, { style: 'currency', currency: 'EUR' });
  return (
    <main>
      <h1>Products</h1>
      <p>{page.count} products</p>
      <ul>
        {page.results.map((card, i) => {
          const image = card.images[0];
          return (
            <li key={card.id}>
              <article>
                {image && (
                  <img
                    src={`${api}${image.image}?width=480&height=480`}
                    alt=""
                    width={480}
                    height={480}
                    loading={i < 4 ? 'eager' : 'lazy'}
                  />
                )}
                {card.vendor && <p>{card.vendor.title}</p>}
                <h3>
                  <a href={`/${locale}${card.slugUri}`}>{card.title}</a>
                </h3>
                <p>
                  {money.format(card.discountPrice)}
                  {card.discountPercent > 0 && <s>{money.format(card.price)}</s>}
                </p>
              </article>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
