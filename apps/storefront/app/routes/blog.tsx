import { data, redirect } from 'react-router';
import { idFromSlug } from '@shop/domain';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { BlogArticle } from '#app/components/blog-article.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { BlogCardView } from '#app/components/blog-card.tsx';
import type { Route } from './+types/blog';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const id = idFromSlug(params.id);
  if (id === null) throw data(null, { status: 404 });
  const post = await shop.api.content.blogDetail({ params: { id } });
  if (params.id !== post.slug)
    throw redirect(`/${shop.locale}${post.slugUri}${new URL(request.url).search}`, 301);
  return { post };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const post = loaderData?.post;
  return pageMeta({
    matches,
    location,
    title: post?.meta.title || post?.title || '',
    ...(post
      ? {
          description: post.meta.description || post.description,
          image: post.images[0]?.image ?? null,
          type: 'article',
        }
      : {}),
  });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const { locale, t } = useI18n();
  return (
    <div>
      <BlogArticle
        post={post}
        before={
          <AppLink to={`/${locale}/blogs/`} className="text-sm text-primary hover:underline">
            ← {t('blog.backToBlog')}
          </AppLink>
        }
      />
      {post.related.length > 0 && (
        <section aria-labelledby="more-posts" className="mt-12">
          <h2 id="more-posts" className="mb-4 text-xl font-bold">
            {t('blog.morePosts')}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {post.related.map((card) => (
              <li key={card.id} className="flex">
                <BlogCardView post={card} level={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
