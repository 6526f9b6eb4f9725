import type { ProductCard as Card } from '@shop/contract';
import { slugWithId } from '@shop/domain';
import { useI18n } from '#app/lib/i18n.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { AppLink } from './app-link.tsx';
import { Price } from './price.tsx';
import { SizedImage } from './sized-image.tsx';
import { WishlistHeart } from './wishlist-heart.tsx';

export function StockState({ stock, available }: { stock: number | null; available: boolean }) {
  const { t } = useI18n();
  // With the cart off nothing is buyable, yet nothing is sold out: the stock is what it says.
  const cartOn = useLocaleData()?.shop.cart ?? true;
  if ((!available && cartOn) || stock === 0)
    return <p className="text-sm font-medium text-red-700">{t('product.soldOut')}</p>;
  if (stock !== null && stock <= 3)
    return (
      <p className="text-sm font-medium text-amber-800">
        {t('product.onlyLeft', { count: stock })}
      </p>
    );
  return <p className="text-sm text-green-800">{t('product.inStock')}</p>;
}

/** A product or bundle in a grid: the whole card is one link, named by its title. */
export function ProductCard({
  item,
  locale,
  priority = false,
  level = 3,
}: {
  item: Card;
  locale: string;
  priority?: boolean;
  /** The card title's heading level: 2 right under a page's h1, 3 inside a titled section. */
  level?: 2 | 3;
}) {
  const { t } = useI18n();
  const Heading = level === 2 ? 'h2' : 'h3';
  const image = item.images[0];
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white transition hover:shadow-md">
      <div className="aspect-square overflow-hidden bg-slate-100">
        {image && (
          <SizedImage
            image={image}
            alt=""
            className="h-full w-full object-cover transition group-hover:scale-105"
            sizes="(max-width: 575px) 50vw, (max-width: 991px) 33vw, 25vw"
            priority={priority}
          />
        )}
      </div>
      {item.ref === 'product' && (
        <div className="absolute top-2 right-2 z-10">
          <WishlistHeart productId={item.id} title={item.title} />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-1 p-3">
        {item.vendor && (
          // Above the card's own link (its overlay), so the vendor's name leads to the vendor.
          <p className="relative z-10 text-xs text-slate-600">
            <AppLink
              to={`/${locale}/vendors/${slugWithId(item.vendor.slug, item.vendor.id)}/`}
              className="hover:text-primary hover:underline"
            >
              {t('product.soldBy', { vendor: item.vendor.title })}
            </AppLink>
          </p>
        )}
        <Heading className="font-medium">
          <AppLink
            to={`/${locale}${item.slugUri}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {item.title}
          </AppLink>
        </Heading>
        <div className="mt-auto pt-2">
          <Price
            price={item.price}
            discountPrice={item.discountPrice}
            discountPercent={item.discountPercent}
          />
          <StockState stock={item.stock} available={item.available} />
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({
  items,
  locale,
  label,
  level = 3,
  first = 0,
}: {
  items: Card[];
  locale: string;
  label: string;
  level?: 2 | 3;
  /**
   * How many leading cards' images load first (eager, high priority, preloaded): the first row
   * of a page's main list at 360 px, where one is the largest thing on the screen. None for a
   * grid further down the page, so that it does not hold back the image that matters (issue 12).
   */
  first?: number;
}) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4"
    >
      {items.map((item, i) => (
        <li key={`${item.ref}-${item.id}`} className="flex">
          <div className="flex w-full">
            <ProductCard item={item} locale={locale} priority={i < first} level={level} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** 'You may also like': the related cards under a product or bundle; nothing when there are none. */
export function RelatedProducts({ items }: { items: Card[] }) {
  const { locale, t } = useI18n();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="related" className="mt-12">
      <h2 id="related" className="mb-4 text-xl font-bold">
        {t('product.relatedProducts')}
      </h2>
      <ProductGrid items={items} locale={locale} label={t('product.relatedProducts')} />
    </section>
  );
}
