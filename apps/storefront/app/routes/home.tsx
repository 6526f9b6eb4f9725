import { useEffect, useState } from 'react';
import type { BlogCard, ProductCard, Review, Vendor } from '@shop/contract';
import { buttonVariants } from '#app/components/button.tsx';
import { VendorCard } from '#app/components/vendor-card.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { ProductGrid } from '#app/components/product-card.tsx';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { SizedImage } from '#app/components/sized-image.tsx';
import { BlogCardView } from '#app/components/blog-card.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { optional } from '#app/lib/api-errors.server.ts';
import { LoginToReviewLink, WriteReviewLink } from '#app/components/review-actions.tsx';
import { ReviewList } from '#app/components/review-list.tsx';
import type { Route } from './+types/home';
import { scriptsAfterPaintHandle } from '#app/lib/route-handle.ts';
import { HydrateLater, lazyComponent } from '#app/lib/lazy-hydrate.tsx';

/**
 * The newsletter form's module (with the form library, zod and the schemas it validates with) is
 * not among home's first scripts: it loads beside them and runs after them (decision 0072).
 */
const NewsletterSignup = lazyComponent(() =>
  import('#app/components/newsletter-signup.tsx').then((module) => module.NewsletterSignup),
);

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location });
}

/** Slides from the shop's `slider_background` images; autoplay pauses on hover, focus and reduced motion. */
function Slider({
  images,
  title,
  text,
}: {
  images: { id: number; image: string; imageType: 'slider_background' }[];
  title: string;
  text: string;
}) {
  const { t, locale } = useI18n();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (
      paused ||
      images.length < 2 ||
      window.matchMedia('(prefers-reduced-motion: reduce)').matches
    )
      return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % images.length), 6000);
    return () => clearInterval(timer);
  }, [paused, images.length]);
  if (images.length === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={title}
      className="relative -mx-4 -mt-6 overflow-hidden sm:mx-0 sm:mt-0 sm:rounded-xl"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="relative min-h-[24rem] sm:aspect-[16/6] sm:min-h-0">
        {images.map((image, i) => (
          <div
            key={image.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${images.length}`}
            aria-hidden={i !== index}
            className={`absolute inset-0 transition-opacity duration-700 ${i === index ? 'opacity-100' : 'opacity-0'}`}
          >
            <SizedImage
              image={image}
              alt=""
              className="h-full w-full object-cover"
              priority={i === 0}
              sizes="(max-width: 1280px) 100vw, 1280px"
            />
          </div>
        ))}
        <div className="absolute inset-0 flex flex-col items-start justify-end bg-gradient-to-t from-slate-900/80 via-slate-900/30 to-transparent p-6 text-white sm:p-10">
          <h1 className="max-w-2xl text-3xl font-bold text-balance sm:text-5xl">{title}</h1>
          <p className="mt-3 max-w-xl text-base sm:text-lg">{text}</p>
          <AppLink
            to={`/${locale}/products/`}
            className={buttonVariants({ size: 'xl', className: 'mt-5' })}
          >
            {t('home.shopNow')}
          </AppLink>
        </div>
      </div>
      {images.length > 1 && (
        <div className="absolute top-1.5 right-1.5 flex">
          {images.map((image, i) => (
            // A 24 px target around the 12 px dot (WCAG 2.2 target size).
            <button
              key={image.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`${i + 1} / ${images.length}`}
              aria-current={i === index ? 'true' : undefined}
              className="flex h-6 w-6 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`h-3 w-3 rounded-full border-2 border-white ${i === index ? 'bg-white' : 'bg-transparent'}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  // Every section is in the page the server sends, so that it shows without JavaScript (sections
  // streamed after the page arrived hidden, shown by a script). A failure leaves a section out.
  const [shopReviews, featured, newest, bundles, posts, vendors] = await Promise.all([
    optional(
      shop.api.organizations
        .reviews({ query: { page_size: 3, sorting: '-creation_date' } })
        .then((p) => p.results),
      null,
    ),
    optional(
      shop.api.products.list({ query: { sort: 'sorting', page_size: 8 } }).then((p) => p.results),
      null,
    ),
    optional(
      shop.api.products.list({ query: { sort: '-created', page_size: 4 } }).then((p) => p.results),
      null,
    ),
    optional(
      shop.api.products.bundles({ query: { page_size: 4 } }).then((p) => p.results),
      null,
    ),
    optional(
      shop.api.content.blogs({ query: { page_size: 3 } }).then((p) => p.results),
      null,
    ),
    optional(
      shop.api.vendors.list({ query: { page: 1 } }).then((p) => p.results.slice(0, 4)),
      null,
    ),
    NewsletterSignup.preload(),
  ]);
  return { shopReviews, featured, newest, bundles, posts, vendors };
}

/**
 * A home section below the slider: its heading with the way to all of its kind, hydrated after
 * the page (decision 0072).
 */
function HomeSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: { href: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <HydrateLater>
      <section aria-labelledby={id}>
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={id} className="text-xl font-bold sm:text-2xl">
            {title}
          </h2>
          <AppLink to={more.href} className="text-primary hover:underline">
            {more.label}
          </AppLink>
        </div>
        {children}
      </section>
    </HydrateLater>
  );
}

/** A home section of cards; nothing when there are none (or they could not be read). */
function CardSection({
  id,
  title,
  items,
  more,
}: {
  id: string;
  title: string;
  items: ProductCard[] | null;
  more: { href: string; label: string };
}) {
  const { locale } = useI18n();
  if (!items || items.length === 0) return null;
  return (
    <HomeSection id={id} title={title} more={more}>
      <ProductGrid items={items} locale={locale} label={title} />
    </HomeSection>
  );
}

/** The latest shop reviews, with the way to all of them and to writing one. */
function ShopReviewsTeaser({ reviews }: { reviews: Review[] | null }) {
  const { t, locale } = useI18n();
  const data = useLocaleData();
  if (!reviews) return null;
  const page = `/${locale}/pages/reviews/`;
  const write = `${page}?write-review=1#write-review`;
  return (
    <HomeSection
      id="home-reviews"
      title={t('reviews.customersSay')}
      more={{ href: page, label: t('reviews.allShopReviews') }}
    >
      <ReviewList reviews={reviews} empty={`${t('reviews.noReviews')}. ${t('reviews.beFirst')}`} />
      <div className="mt-4">
        {data?.user ? (
          <WriteReviewLink href={write} action={page} />
        ) : (
          <LoginToReviewLink back={write} />
        )}
      </div>
    </HomeSection>
  );
}

/** Who sells here: the first vendors, each a link to its page. */
function VendorsSection({ vendors }: { vendors: Vendor[] | null }) {
  const { t, locale } = useI18n();
  if (!vendors || vendors.length === 0) return null;
  return (
    <HomeSection
      id="home-vendors"
      title={t('home.ourVendors')}
      more={{ href: `/${locale}/vendors/`, label: t('common.viewAll') }}
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {vendors.map((vendor) => (
          <li key={vendor.id}>
            <VendorCard vendor={vendor} level={3} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

/** The shop's latest blog posts. */
function PostsSection({ posts }: { posts: BlogCard[] | null }) {
  const { t, locale } = useI18n();
  if (!posts || posts.length === 0) return null;
  return (
    <HomeSection
      id="home-posts"
      title={t('home.latestPosts')}
      more={{ href: `/${locale}/blogs/`, label: t('common.viewAll') }}
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id} className="flex">
            <BlogCardView post={post} level={3} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

/**
 * The newsletter sign-up, for anyone (issue 23): an address and a mailed link to confirm it. A
 * logged-in shopper already on the list is told so, with the way to the newsletter settings.
 */
function Newsletter() {
  const { t, locale } = useI18n();
  const data = useLocaleData();
  const user = data?.user;
  return (
    <HydrateLater>
      <section
        aria-labelledby="home-newsletter"
        className="grid items-center gap-4 rounded-xl bg-slate-50 p-6 sm:grid-cols-[1fr_auto] sm:p-10"
      >
        <div>
          <h2 id="home-newsletter" className="text-xl font-bold sm:text-2xl">
            {t('footer.newsletterTitle')}
          </h2>
          <p className="mt-2 text-slate-700">{t('footer.newsletterText')}</p>
        </div>
        {user?.newsletter ? (
          <p role="status" className="font-medium text-green-800">
            {t('account.newsletterOn')}{' '}
            <a href={`/${locale}/account/dashboard/newsletter/`} className="text-primary underline">
              {t('account.newsletter')}
            </a>
          </p>
        ) : (
          // In the browser its section hydrates once the form's module is here.
          <NewsletterSignup email={user?.email} />
        )}
      </section>
    </HydrateLater>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const data = useLocaleData();
  const { t } = useI18n();
  if (!data) return null;
  const slides = data.shop.images.filter(
    (i): i is typeof i & { imageType: 'slider_background' } => i.imageType === 'slider_background',
  );
  return (
    <div className="space-y-12">
      {slides.length > 0 ? (
        <Slider images={slides} title={data.shop.title} text={data.shop.description} />
      ) : (
        <section>
          <h1 className="text-3xl font-bold">{data.shop.title}</h1>
          <p className="mt-3 max-w-prose text-slate-700">{data.shop.description}</p>
        </section>
      )}
      <CardSection
        id="home-featured"
        title={t('home.featuredProducts')}
        items={loaderData.featured}
        more={{ href: `/${data.locale}/products/`, label: t('common.viewAll') }}
      />
      <CardSection
        id="home-bundles"
        title={t('home.popularBundles')}
        items={loaderData.bundles}
        more={{ href: `/${data.locale}/bundles/`, label: t('common.viewAll') }}
      />
      <CardSection
        id="home-newest"
        title={t('home.newArrivals')}
        items={loaderData.newest}
        more={{ href: `/${data.locale}/products/?sort=-created`, label: t('common.viewAll') }}
      />
      <VendorsSection vendors={loaderData.vendors} />
      <ShopReviewsTeaser reviews={loaderData.shopReviews} />
      <PostsSection posts={loaderData.posts} />
      <Newsletter />
    </div>
  );
}

/** A catalogue page: its scripts start after the largest paint (decision 37). */
export const handle = scriptsAfterPaintHandle;
