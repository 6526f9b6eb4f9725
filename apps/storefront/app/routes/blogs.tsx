import { BLOG_PAGE_SIZE } from '@shop/contract';
import { BlogCardView } from '#app/components/blog-card.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { readListState } from '#app/lib/catalogue.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { PAGED } from '#app/lib/canonical.ts';
import { assertPageExists } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/blogs';

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const { page } = readListState(new URL(request.url).searchParams);
  const posts = await shop.api.content.blogs({ query: { page } });
  assertPageExists(page, posts);
  return { page, posts };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'blog.title', canonicalParams: PAGED });
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { posts, page } = loaderData;
  return (
    <div>
      <h1 className="mb-6 text-3xl font-bold">{t('blog.title')}</h1>
      {posts.results.length === 0 ? (
        <p className="text-slate-600">{t('blog.noPosts')}</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.results.map((post) => (
            <li key={post.id} className="flex">
              <BlogCardView post={post} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        total={Math.ceil(posts.count / BLOG_PAGE_SIZE)}
        href={(p) => (p > 1 ? `?page=${p}` : '?')}
      />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
