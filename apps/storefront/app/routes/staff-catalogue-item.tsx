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
import { type FieldOf, FormErrors } from '#app/components/form-messages.tsx';
import {
  staffBox,
  StaffField,
  StaffHeading,
  staffInput,
  StaffSection,
  StatusLine,
} from '#app/components/staff-parts.tsx';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { vatRateLabel } from '#app/lib/vat-rates.ts';
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
  return sendForm(
    submission,
    t,
    async (body) => {
      const item =
        kind === 'bundles'
          ? await shop.api.staffCatalogue.saveBundle({ params: { id }, body })
          : await shop.api.staffCatalogue.saveProduct({ params: { id }, body });
      return { saved: item.version };
    },
    { resetForm: true },
  );
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
        <StaffSection
          headingId="pictures-heading"
          title={t('staffCatalogue.pictures')}
          className={`mt-6 ${staffBox}`}
          data-testid="staff-pictures"
        >
          <p className="mb-2 text-slate-700">{t('staffCatalogue.picturesHint')}</p>
          <AppLink
            to={`/${locale}/staff/products/${item.id}/pictures/`}
            className="text-primary underline"
          >
            {t('staffCatalogue.managePictures')}
          </AppLink>
        </StaffSection>
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
  const { locale, t } = useI18n();
  const [form] = useShopForm(staffProductBodySchema, {
    id: `staff-item-${item.id}-${item.version}`,
    lastResult,
    defaultValue: defaultsOf(item),
  });
  const pending = useIsPending();
  const initial = form.initialValue as unknown;
  const submitted = (initial as { discounts?: unknown } | null)?.discounts;
  const discountRows = Math.min(
    STAFF_MAX_DISCOUNTS,
    Math.max(Array.isArray(submitted) ? submitted.length : 0, item.discounts.length + 2),
  );

  /** A field named `texts.en.title` has the id `f-texts-en-title`. */
  const fieldOf = (name: string): FieldOf => {
    const id = `f-${name.replace(/[.[\]]+/g, '-')}`;
    return { id, name, errorId: `${id}-error`, errors: form.allErrors[name] };
  };

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
  ) => (
    <StaffField
      field={fieldOf(name)}
      label={label}
      hint={options.hint}
      control={
        options.multiline
          ? (props) => (
              <textarea
                rows={4}
                {...props}
                defaultValue={valueAt(initial, name)}
                className={`${staffInput} w-full`}
                lang={options.lang}
              />
            )
          : undefined
      }
      type={options.type ?? 'text'}
      inputMode={options.inputMode}
      defaultValue={valueAt(initial, name)}
      lang={options.lang}
    />
  );

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormErrors form={form} />
      <CsrfInput />
      <input type="hidden" name="version" value={item.version} />
      {kind === 'products' && (
        <input type="hidden" name="stockSeen" value={item.stock === null ? '' : item.stock} />
      )}

      <StaffSection headingId="price-heading" title={t('staffCatalogue.priceSection')}>
        <div className="grid gap-4 sm:grid-cols-3">
          {field('price', t('staffCatalogue.price'), { inputMode: 'decimal' })}
          <StaffField
            field={fieldOf('vatId')}
            label={t('staffCatalogue.vat')}
            control={(props) => (
              <select
                {...props}
                defaultValue={valueAt(initial, 'vatId')}
                className={`${staffInput} w-full bg-white`}
              >
                {item.vats.map((v) => (
                  <option key={v.id} value={v.id}>
                    {vatRateLabel(t, locale, v)}
                  </option>
                ))}
              </select>
            )}
          />
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
      </StaffSection>

      <StaffSection
        headingId="texts-heading"
        title={t('staffCatalogue.texts')}
        hint={t('staffCatalogue.textsHint')}
      >
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
      </StaffSection>

      <StaffSection
        headingId="discounts-heading"
        title={t('staffCatalogue.discounts')}
        hint={t('staffCatalogue.discountsHint')}
      >
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
      </StaffSection>

      <Button type="submit" disabled={pending}>
        {t('staffCatalogue.save')}
      </Button>
    </Form>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
