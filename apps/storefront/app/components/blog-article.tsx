import type { ReactNode } from 'react';
import type { BlogDetail } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import { blogPostingJsonLd } from '#app/lib/json-ld.ts';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { JsonLd, useLdPage } from './json-ld.tsx';
import { RichText } from './rich-text.tsx';
import { SizedImage } from './sized-image.tsx';

/** A blog post as its pages show it (the blog, a vendor's blog): title, date, image, text. */
export function BlogArticle({
  post,
  before,
}: {
  post: Omit<BlogDetail, 'related'>;
  before?: ReactNode;
}) {
  const { locale, t } = useI18n();
  const image = post.images[0];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(
    new Date(post.publishedAt),
  );
  const ldPage = useLdPage();
  const publisher = useLocaleData()?.shop.title ?? '';
  return (
    <article className="mx-auto max-w-3xl">
      <JsonLd data={blogPostingJsonLd(post, { ...ldPage, publisher, language: locale })} />
      {before}
      <h1 className={`${before ? 'mt-3 ' : ''}text-3xl font-bold`}>{post.title}</h1>
      <p className="mt-2 text-slate-600">
        {t('blog.publishedOn', { date })} · {t('blog.byAuthor', { author: post.author })}
      </p>
      {image && (
        <SizedImage
          image={image}
          alt=""
          className="mt-6 aspect-video w-full rounded-lg object-cover"
          priority
          sizes="(max-width: 767px) 100vw, 768px"
        />
      )}
      <p className="mt-6 text-lg text-slate-700">{post.description}</p>
      <RichText html={post.content} className="mt-6" />
    </article>
  );
}
