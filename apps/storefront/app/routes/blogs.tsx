import { data } from 'react-router';
import type { BlogCard } from '@shop/contract';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { SizedImage } from '#app/components/sized-image.tsx';
import { readListState } from '#app/lib/catalogue.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest, rethrowApiError } from '#app/lib/shop.server.ts';
import type { Route } from './+types/blogs';

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const { page } = readListState(new URL(request.url).searchParams);
  const posts = await shop.api.content
    .blogs({ page })
    .catch((error: unknown) => rethrowApiError(error, shop.locale));
  if (page > 1 && posts.results.length === 0) throw data(null, { status: 404 });
  return { page, posts };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'blog.title' });
}

export function BlogCardView({ post, level = 2 }: { post: BlogCard; level?: 2 | 3 }) {
  const { locale, t } = useI18n();
  const Heading = level === 2 ? 'h2' : 'h3';
  const image = post.images[0];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(
    new Date(post.publishedAt),
  );
  return (
    <article className="relative flex flex-col overflow-hidden rounded-lg border border-slate-200 hover:shadow-md">
      {image && (
        <SizedImage
          image={image}
          alt=""
          className="aspect-video w-full object-cover"
          sizes="(max-width: 767px) 100vw, 33vw"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm text-slate-600">
          {t('blog.publishedOn', { date })} · {t('blog.byAuthor', { author: post.author })}
        </p>
        <Heading className="text-lg font-bold">
          <AppLink to={`/${locale}${post.slugUri}`} className="after:absolute after:inset-0">
            {post.title}
          </AppLink>
        </Heading>
        <p className="text-slate-700">{post.description}</p>
      </div>
    </article>
  );
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
        total={Math.ceil(posts.count / 12)}
        href={(p) => (p > 1 ? `?page=${p}` : '?')}
      />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
