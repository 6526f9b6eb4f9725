import { data } from 'react-router';
import type { FaqCategory } from '@shop/contract';
import { ACCORDION_MAX_HEIGHT_PX } from '@shop/domain';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { RichText } from '#app/components/rich-text.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { optional } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/page';

/** `/pages/{slug}/`: a content page of the shop; the FAQ page also lists the questions. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  if (!/^[\w-]{1,200}$/.test(params.slug)) throw data(null, { status: 404 });
  const [page, faqs] = await Promise.all([
    shop.api.content.page({ params: { slug: params.slug } }),
    params.slug === 'faq'
      ? optional(shop.api.content.faqs(), [] as FaqCategory[])
      : Promise.resolve(null),
  ]);
  return { page, faqs };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page;
  return pageMeta({
    matches,
    location,
    title: page?.meta.title || page?.title || '',
    ...(page?.meta.description ? { description: page.meta.description } : {}),
  });
}

function Faq({ categories }: { categories: FaqCategory[] }) {
  const { t } = useI18n();
  if (categories.length === 0) return <p className="text-slate-600">{t('faq.noQuestions')}</p>;
  return (
    <div className="space-y-8">
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`faq-${category.id}`}>
          <h2 id={`faq-${category.id}`} className="mb-3 text-xl font-bold">
            {category.title}
          </h2>
          <div className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {category.items.map((item) => (
              <details key={item.id} className="group p-4">
                <summary className="cursor-pointer list-none font-medium [&::-webkit-details-marker]:hidden">
                  <span className="flex items-start justify-between gap-4">
                    {item.question}
                    <span aria-hidden="true" className="transition group-open:rotate-180">
                      ▾
                    </span>
                  </span>
                </summary>
                <div className="mt-3 overflow-auto" style={{ maxHeight: ACCORDION_MAX_HEIGHT_PX }}>
                  <RichText html={item.answer} />
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, faqs } = loaderData;
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-3xl font-bold">{page.title}</h1>
      <RichText html={page.content} />
      {faqs && (
        <div className="mt-10">
          <Faq categories={faqs} />
        </div>
      )}
    </article>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
