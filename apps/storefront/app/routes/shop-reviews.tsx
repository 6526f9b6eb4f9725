import { ErrorScreen } from '#app/components/error-screen.tsx';
import { ReviewsSection } from '#app/components/review-section.tsx';
import { createTranslator, useI18n } from '#app/lib/i18n.tsx';
import { LOCALE_ROUTE_ID, type LocaleData } from '#app/lib/locale-data.ts';
import { loadShopReviews, reviewAction } from '#app/lib/reviews.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/shop-reviews';

/*
 * The shop's reviews on a page of their own, /{lang}/pages/reviews/ (among the spec's static
 * pages; docs/decisions/0014-reviews.md): every review, paged and sorted by links, and the
 * shopper's own with edit and delete. The home page shows the latest few and links here.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShopReviews(getShopRequest(context), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  return reviewAction(request, getShopRequest(context), {});
}

export function meta({ matches, location }: Route.MetaArgs) {
  const shop = matches.find((m) => m?.id === LOCALE_ROUTE_ID)?.loaderData as LocaleData | undefined;
  return pageMeta({
    matches,
    location,
    titleKey: 'reviews.shopReviews',
    ...(shop
      ? {
          description: createTranslator(
            shop.locale,
            shop.messages,
          )('reviews.shopReviewsDescription'),
        }
      : {}),
  });
}

export default function ShopReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <div className="mx-auto max-w-3xl">
      <ReviewsSection
        kind="shop"
        level={1}
        headingId="shop-reviews"
        title={t('reviews.shopReviews')}
        action={`/${locale}/pages/reviews/`}
        list={loaderData}
        mine={loaderData.mine}
        reply={actionData}
      />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
