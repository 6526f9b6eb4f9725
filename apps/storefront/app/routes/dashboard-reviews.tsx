import { MyReviewsList } from '#app/components/review-section.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { loadMyReviews, reviewAction } from '#app/lib/reviews.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/dashboard-reviews';

/** The shopper's product and shop reviews; a failed call empties its list (spec section 7). */
export async function loader({ context }: Route.LoaderArgs) {
  return { reviews: await loadMyReviews(getShopRequest(context)) };
}

/** Deleting one of them (after the confirmation), as on the pages where they were written. */
export async function action({ request, context }: Route.ActionArgs) {
  return reviewAction(request, getShopRequest(context), {});
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'account.myReviews', robots: 'noindex' });
}

export default function MyReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = useI18n();
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <MyReviewsList
        reviews={loaderData.reviews}
        action={`/${locale}/account/dashboard/my-reviews/`}
        reply={actionData}
      />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
