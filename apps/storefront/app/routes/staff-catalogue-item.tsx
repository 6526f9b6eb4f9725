import { Form } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import {
  STAFF_CATALOGUE_LOCALES,
  STAFF_MAX_DISCOUNTS,
  staffBundleBodySchema,
  staffProductBodySchema,
  type StaffCatalogueItem,
} from '@shop/contract';
import { AppLink } from '#app/components/app-link.tsx';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FormErrors } from '#app/components/form-messages.tsx';
import { StaffHeading, StatusLine } from '#app/components/staff-parts.tsx';
import { apiFailure, invalid, readForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-catalogue-item';
import { foundOr404, recordId } from '#app/lib/api-errors.server.ts';

/*
 * One product's or bundle's edit form (issue 24, decision 0056), one module for both (routes
 * `staff-product` and `staff-bundle`): texts and meta per language, price, VAT rate, stock (a
 * product's; empty is unlimited), discounts with their times, on sale or off. The form sends the
 * version it showed: a save made meanwhile refuses this one with "changed meanwhile". Pictures
 * have their own page (`…/products/{id}/pictures/`), linked from here.
 */

type Kind = 'products' | 'bundles';
const kindOf = (pathname: string): Kind =>
  /\/staff\/bundles\//.test(pathname) ? 'bundles' : 'products';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const kind = kindOf(new URL(request.url).pathname);
  const id = recordId(params.id);
  const item = await foundOr404(
    kind === 'bundles'
      ? shop.api.staffCatalogue.bundle({ params: { id } })
      : shop.api.staffCatalogue.product({ params: { id } }),
  );
  return { kind, item };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const kind = kindOf(new URL(request.url).pathname);
  const id = recordId(params.id);
  const submission = await readForm(
    request,
    kind === 'bundles' ? staffBundleBodySchema : staffProductBodySchema,
    t,
  );
  if (submission.status !== 'success') return invalid(submission);
  try {
    const item =
      kind === 'bundles'
        ? await shop.api.staffCatalogue.saveBundle({ params: { id }, body: submission.value })
        : await shop.api.staffCatalogue.saveProduct({ params: { id }, body: submission.value });
    return { result: submission.reply({ resetForm: true }), saved: item.version };
  } catch (error) {
    return apiFailure(submission, error, t);
  }
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: loaderData?.item.texts.en.title ?? '',
    robots: 'noindex',
  });
}

/** `2026-12-01T09:30:00.000Z` as a date-and-time field shows it (UTC, to the minute). */
const toField = (iso: string | null) => (iso ? iso.slice(0, 16) : '');

/** The form's first values: the item as stored, with two empty discount rows to add one. */
function defaultsOf(item: StaffCatalogueItem) {
  const rows = item.discounts.map((d) => ({
    value: String(d.value),
    start: toField(d.start),
    end: toField(d.end),
  }));
  while (rows.length < Math.min(item.discounts.length + 2, STAFF_MAX_DISCOUNTS))
    rows.push({ value: '', start: '', end: '' });
  return {
    version: String(item.version),
    texts: item.texts,
    price: item.price.toFixed(2),
    vatId: String(item.vatId),
    stock: item.stock === null ? '' : String(item.stock),
    stockSeen: item.stock === null ? '' : String(item.stock),
    active: item.active ? 'on' : '',
    discounts: rows,
  };
}

/** The value at `texts.en.title` or `discounts[1].start` of a nested form value. */
function valueAt(value: unknown, name: string): string {
  let at: unknown = value;
  for (const part of name.split(/[.[\]]+/).filter(Boolean)) {
    if (at === null || typeof at !== 'object') return '';
    at = (at as Record<string, unknown>)[part];
  }
  return typeof at === 'string' || typeof at === 'number' ? String(at) : '';
}

export default function StaffCatalogueItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { kind, item } = loaderData;
  const saved = actionData && 'saved' in actionData ? actionData.saved : null;
  const title = item.texts.en.title || `#${item.id}`;
  const shopPath = `/${locale}/${kind}/${item.id}/`;
  return (
    <>
      <p className="mb-2">
        <AppLink to={`/${locale}/staff/${kind}/`} className="text-primary underline">
          {t(kind === 'bundles' ? 'staffCatalogue.backBundles' : 'staffCatalogue.backProducts')}
        </AppLink>
      </p>
      <StaffHeading
        title={t(kind === 'bundles' ? 'staffCatalogue.editBundle' : 'staffCatalogue.editProduct', {
          title,
        })}
      >
        <AppLink to={shopPath} className="text-primary underline">
          {t('staffCatalogue.viewInShop')}
        </AppLink>
      </StaffHeading>
      <p className="mb-4 text-sm break-words text-slate-600">
        #{item.id} · {item.slug} · {item.vendor.title}
        {item.parentId && ` · ${t('staffCatalogue.variationOf', { id: item.parentId })}`}
      </p>
      {saved === item.version && <StatusLine>{t('staffCatalogue.saved')}</StatusLine>}
      {/* A new version is a new form: its fields start from what was saved. */}
      <ItemForm key={item.version} kind={kind} item={item} lastResult={actionData?.result} />
      {kind === 'products' && (
        // Pictures are another page's work (upload, order, remove): this form only links there.
        <section
          aria-labelledby="pictures-heading"
          className="mt-6 rounded-lg border border-slate-200 p-4"
          data-testid="staff-pictures"
        >
          <h2 id="pictures-heading" className="mb-2 text-lg font-bold">
            {t('staffCatalogue.pictures')}
          </h2>
          <p className="mb-2 text-slate-700">{t('staffCatalogue.picturesHint')}</p>
          <AppLink
            to={`/${locale}/staff/products/${item.id}/pictures/`}
            className="text-primary underline"
          >
            {t('staffCatalogue.managePictures')}
          </AppLink>
        </section>
      )}
    </>
  );
}

type Result = SubmissionResult<string[]> | undefined;

function ItemForm({
  kind,
  item,
  lastResult,
}: {
  kind: Kind;
  item: StaffCatalogueItem;
  lastResult: Result;
}) {
  const { t } = useI18n();
  const [form] = useShopForm(staffProductBodySchema, {
    id: `staff-item-${item.id}-${item.version}`,
    lastResult,
    defaultValue: defaultsOf(item),
  });
  const pending = useIsPending();
  const initial = form.initialValue as unknown;
  const errorsOf = (name: string) => form.allErrors[name];
  const section = 'rounded-lg border border-slate-200 p-4';
  const input = 'w-full rounded-md border border-slate-300 px-3 py-2';
  const submitted = (initial as { discounts?: unknown } | null)?.discounts;
  const discountRows = Math.min(
    STAFF_MAX_DISCOUNTS,
    Math.max(Array.isArray(submitted) ? submitted.length : 0, item.discounts.length + 2),
  );

  /** One labelled input or textarea with its messages. */
  const field = (
    name: string,
    label: string,
    options: {
      type?: 'text' | 'number' | 'datetime-local';
      multiline?: boolean;
      hint?: string;
      inputMode?: 'decimal' | 'numeric';
      lang?: string;
    } = {},
  ) => {
    const id = `f-${name.replace(/[.[\]]+/g, '-')}`;
    const errors = errorsOf(name);
    const hintId = `${id}-hint`;
    const errorId = `${id}-error`;
    const described = [options.hint ? hintId : null, errors?.length ? errorId : null].filter(
      Boolean,
    );
    const common = {
      id,
      name,
      defaultValue: valueAt(initial, name),
      'aria-invalid': errors?.length ? true : undefined,
      'aria-describedby': described.length ? described.join(' ') : undefined,
      className: input,
      ...(options.lang ? { lang: options.lang } : {}),
    };
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        {options.hint && (
          <p id={hintId} className="mb-1 text-sm text-slate-600">
            {options.hint}
          </p>
        )}
        {options.multiline ? (
          <textarea rows={4} {...common} />
        ) : (
          <input
            type={options.type ?? 'text'}
            {...(options.inputMode ? { inputMode: options.inputMode } : {})}
            {...common}
          />
        )}
        {errors?.length ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {errors.join(' ')}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormErrors form={form} />
      <CsrfInput />
      <input type="hidden" name="version" value={item.version} />
      {kind === 'products' && (
        <input type="hidden" name="stockSeen" value={item.stock === null ? '' : item.stock} />
      )}

      <section aria-labelledby="price-heading" className={section}>
        <h2 id="price-heading" className="mb-3 text-lg font-bold">
          {t('staffCatalogue.priceSection')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {field('price', t('staffCatalogue.price'), { inputMode: 'decimal' })}
          <div>
            <label htmlFor="f-vatId" className="mb-1 block text-sm font-medium">
              {t('staffCatalogue.vat')}
            </label>
            <select
              id="f-vatId"
              name="vatId"
              defaultValue={valueAt(initial, 'vatId')}
              aria-invalid={errorsOf('vatId')?.length ? true : undefined}
              aria-describedby={errorsOf('vatId')?.length ? 'f-vatId-error' : undefined}
              className={`${input} bg-white`}
            >
              {item.vats.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.key} ({v.percent} %)
                </option>
              ))}
            </select>
            {errorsOf('vatId')?.length ? (
              <p id="f-vatId-error" role="alert" className="mt-1 text-sm text-red-700">
                {errorsOf('vatId')!.join(' ')}
              </p>
            ) : null}
          </div>
          {kind === 'products' ? (
            field('stock', t('staffCatalogue.stock'), {
              inputMode: 'numeric',
              hint: t('staffCatalogue.stockHint'),
            })
          ) : (
            <p className="text-slate-700">
              {t('staffCatalogue.bundleStock', {
                stock: item.stock === null ? t('staffCatalogue.unlimited') : item.stock,
              })}
            </p>
          )}
        </div>
        <div className="mt-4 flex items-start gap-2">
          <input
            id="f-active"
            name="active"
            type="checkbox"
            defaultChecked={
              valueAt(initial, 'active') === 'on' || valueAt(initial, 'active') === 'true'
            }
            aria-describedby="f-active-hint"
            className="mt-1 size-5"
          />
          <div>
            <label htmlFor="f-active" className="font-medium">
              {t('staffCatalogue.onSale')}
            </label>
            <p id="f-active-hint" className="text-sm text-slate-600">
              {t('staffCatalogue.saleHint')}
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="texts-heading" className={section}>
        <h2 id="texts-heading" className="mb-1 text-lg font-bold">
          {t('staffCatalogue.texts')}
        </h2>
        <p className="mb-3 text-sm text-slate-600">{t('staffCatalogue.textsHint')}</p>
        <div className="grid gap-4 lg:grid-cols-2">
          {STAFF_CATALOGUE_LOCALES.map((l) => (
            <fieldset key={l} className="min-w-0 space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 font-bold">{t(`languages.${l}`)}</legend>
              {field(`texts.${l}.title`, t('staffCatalogue.title'), { lang: l })}
              {field(`texts.${l}.description`, t('staffCatalogue.description'), {
                multiline: true,
                lang: l,
              })}
              {field(`texts.${l}.metaTitle`, t('staffCatalogue.metaTitle'), { lang: l })}
              {field(`texts.${l}.metaDescription`, t('staffCatalogue.metaDescription'), {
                multiline: true,
                lang: l,
              })}
            </fieldset>
          ))}
        </div>
      </section>

      <section aria-labelledby="discounts-heading" className={section}>
        <h2 id="discounts-heading" className="mb-1 text-lg font-bold">
          {t('staffCatalogue.discounts')}
        </h2>
        <p className="mb-3 text-sm text-slate-600">{t('staffCatalogue.discountsHint')}</p>
        <div className="space-y-3">
          {Array.from({ length: discountRows }, (_, i) => (
            <fieldset
              key={i}
              className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3"
            >
              <legend className="px-1 font-medium">
                {t('staffCatalogue.discountRow', { n: i + 1 })}
              </legend>
              {field(`discounts[${i}].value`, t('staffCatalogue.discountValue'), {
                inputMode: 'decimal',
              })}
              {field(`discounts[${i}].start`, t('staffCatalogue.discountStart'), {
                type: 'datetime-local',
              })}
              {field(`discounts[${i}].end`, t('staffCatalogue.discountEnd'), {
                type: 'datetime-local',
              })}
            </fieldset>
          ))}
        </div>
      </section>

      <Button type="submit" disabled={pending}>
        {t('staffCatalogue.save')}
      </Button>
    </Form>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
