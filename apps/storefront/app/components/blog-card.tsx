import type { BlogCard } from '@shop/contract';
import { AppLink } from './app-link.tsx';
import { SizedImage } from './sized-image.tsx';
import { useI18n } from '#app/lib/i18n.tsx';

/** A blog post's card: image, date, author, title (the whole card is the link), description. */
export function BlogCardView({
  post,
  level = 2,
  href,
}: {
  post: BlogCard;
  level?: 2 | 3;
  /** Where the card leads when not to the post's own page (the post inside its vendor's frame). */
  href?: string;
}) {
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
          <AppLink
            to={href ?? `/${locale}${post.slugUri}`}
            className="after:absolute after:inset-0"
          >
            {post.title}
          </AppLink>
        </Heading>
        <p className="text-slate-700">{post.description}</p>
      </div>
    </article>
  );
}
