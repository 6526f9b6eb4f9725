import { randomUUID } from 'node:crypto';
import { useRef, useState } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { getFormProps, getSelectProps, useForm } from '@conform-to/react';
import type { City, Region } from '@shop/contract';
import { titleWithVariation, withDelivery } from '@shop/domain';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { TotalsList } from '#app/components/totals-list.tsx';
import { FieldErrors, FormErrors } from '#app/components/form-messages.tsx';
import { useMoney } from '#app/components/price.tsx';
import { checkoutPageForm } from '#app/lib/checkout-forms.ts';
import { parseForm } from '#app/lib/forms.ts';
import { apiFailure, invalid, readForm, type FormReply } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/checkout';

type Places = { regions: Region[]; cities: City[] };
type CheckoutReply = FormReply & { places?: Places };

export async function loader({ context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  if (!shop.shop.cart) throw data(null, { status: 404 });
  const api = shop.api;
  const cart = await api.sales.cart();
  if (cart.items.length === 0) throw redirect(`/${shop.locale}/checkout/cart/`);
  const [deliveries, payments, countries] = await Promise.all([
    api.deliveries.list(),
    api.payments.list(),
    api.core.deliveryCountries(),
  ]);
  return {
    cart,
    deliveries,
    payments,
    countries,
    email: shop.user?.email ?? '',
    firstName: shop.user?.firstName ?? '',
    lastName: shop.user?.lastName ?? '',
    idempotencyKey: randomUUID(),
  };
}

/** Regions of the chosen country, cities of the chosen region (when it is one of them). */
async function placesFor(
  api: ReturnType<typeof getShopRequest>['api'],
  country: number | undefined,
  region: number | null | undefined,
): Promise<Places> {
  const regions = country ? await api.core.deliveryRegions({ query: { country } }) : [];
  const inCountry = region != null && regions.some((r) => r.id === region);
  const cities = inCountry ? await api.core.deliveryCities({ query: { region } }) : [];
  return { regions, cities };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const submission = await readForm(request, checkoutPageForm, t);
  if (submission.status !== 'success') {
    return invalid(submission);
  }
  const form = submission.value;
  if (form.intent === 'places') {
    return data<CheckoutReply>({
      result: submission.reply(),
      places: await placesFor(shop.api, form.country, form.region),
    });
  }
  const { intent: _intent, idempotencyKey, ...body } = form;
  try {
    const order = await shop.api.sales.checkout({
      body,
      headers: { 'idempotency-key': idempotencyKey },
    });
    return redirect(`/${shop.locale}/checkout/order-success/?order=${order.id}`);
  } catch (error) {
    const failure = apiFailure(submission, error, t);
    return data<CheckoutReply>(
      { ...failure.data, places: await placesFor(shop.api, body.country, body.region) },
      failure.init ?? undefined,
    );
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'checkout.title', robots: 'noindex' });
}

const input = 'w-full rounded-md border border-slate-300 px-3 py-2';

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const money = useMoney();
  const navigation = useNavigation();
  const placesButton = useRef<HTMLButtonElement>(null);
  const reply = actionData;
  const places: Places = (reply && 'places' in reply ? (reply.places as Places) : undefined) ?? {
    regions: [],
    cities: [],
  };
  const { cart, deliveries, payments, countries } = loaderData;
  const [form, fields] = useForm({
    lastResult: reply?.result,
    defaultValue: {
      email: loaderData.email,
      firstName: loaderData.firstName,
      lastName: loaderData.lastName,
      delivery: String(deliveries[0]?.id ?? ''),
      payment: String(payments[0]?.id ?? ''),
      promoCode: cart.promoCode?.code ?? '',
    },
    onValidate: ({ formData }) => parseForm(formData, checkoutPageForm, t),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  // The summary follows the chosen delivery: its price (free from its threshold, the same domain
  // rule the server charges by) and the order's total.
  const [deliveryId, setDeliveryId] = useState(String(fields.delivery.initialValue ?? ''));
  const chosen = deliveries.find((d) => String(d.id) === deliveryId);
  const shipping = chosen ? withDelivery(cart.totals.grandTotal, chosen) : null;
  const refreshPlaces = () => placesButton.current?.form?.requestSubmit(placesButton.current);
  const field = (name: keyof typeof fields, label: string, type = 'text', auto?: string) => {
    const f = fields[name];
    return (
      <div>
        <label htmlFor={f.id} className="mb-1 block font-medium">
          {label}
        </label>
        <input
          id={f.id}
          name={f.name}
          type={type}
          defaultValue={typeof f.initialValue === 'string' ? f.initialValue : undefined}
          aria-invalid={f.errors ? true : undefined}
          aria-describedby={f.errors ? f.errorId : undefined}
          autoComplete={auto}
          className={input}
        />
        <FieldErrors field={f} />
      </div>
    );
  };
  return (
    <div className="mx-auto w-full max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold">{t('checkout.title')}</h1>
      <Form method="post" {...getFormProps(form)} className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <CsrfInput />
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <div className="min-w-0 space-y-8">
          <FormErrors form={form} />
          <fieldset className="space-y-4">
            <legend className="mb-2 text-lg font-bold">{t('checkout.contact')}</legend>
            {field('email', t('auth.email'), 'email', 'email')}
            <div className="grid gap-4 sm:grid-cols-2">
              {field('firstName', t('fields.firstName'), 'text', 'given-name')}
              {field('lastName', t('fields.lastName'), 'text', 'family-name')}
            </div>
            {field('phone', t('checkout.phone'), 'tel', 'tel')}
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="mb-2 text-lg font-bold">{t('checkout.address')}</legend>
            <div>
              <label htmlFor={fields.country.id} className="mb-1 block font-medium">
                {t('checkout.country')}
              </label>
              <select
                {...getSelectProps(fields.country)}
                className={input}
                onChange={refreshPlaces}
              >
                <option value="">{t('checkout.selectCountry')}</option>
                {countries.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
              <FieldErrors field={fields.country} />
            </div>
            {places.regions.length > 0 && (
              <div>
                <label htmlFor={fields.region.id} className="mb-1 block font-medium">
                  {t('checkout.region')}
                </label>
                <select
                  {...getSelectProps(fields.region)}
                  className={input}
                  onChange={refreshPlaces}
                >
                  <option value="">{t('checkout.selectRegion')}</option>
                  {places.regions.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.title}
                    </option>
                  ))}
                </select>
                <FieldErrors field={fields.region} />
              </div>
            )}
            {places.cities.length > 0 && (
              <div>
                <label htmlFor={fields.city.id} className="mb-1 block font-medium">
                  {t('checkout.city')}
                </label>
                <select {...getSelectProps(fields.city)} className={input}>
                  <option value="">{t('checkout.selectCity')}</option>
                  {places.cities.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                </select>
                <FieldErrors field={fields.city} />
              </div>
            )}
            <button
              ref={placesButton}
              type="submit"
              name="intent"
              value="places"
              formNoValidate
              className="rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-slate-100"
            >
              {t('checkout.updatePlaces')}
            </button>
            {field('address', t('checkout.street'), 'text', 'street-address')}
            {field('postcode', t('checkout.postalCode'), 'text', 'postal-code')}
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-lg font-bold">{t('checkout.delivery')}</legend>
            <div className="space-y-2">
              {deliveries.map((d) => (
                <label
                  key={d.id}
                  className="flex items-start gap-3 rounded-md border border-slate-300 p-3"
                >
                  <input
                    type="radio"
                    name={fields.delivery.name}
                    value={d.id}
                    defaultChecked={fields.delivery.initialValue === String(d.id)}
                    onChange={() => setDeliveryId(String(d.id))}
                    className="mt-1"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex justify-between gap-2 font-medium">
                      <span>{d.title}</span>
                      <span>{money(d.price)}</span>
                    </span>
                    <span className="block text-sm text-slate-600">{d.description}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldErrors field={fields.delivery} />
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-lg font-bold">{t('checkout.payment')}</legend>
            <div className="space-y-2">
              {payments.map((p) => (
                <label
                  key={p.id}
                  className="flex items-start gap-3 rounded-md border border-slate-300 p-3"
                >
                  <input
                    type="radio"
                    name={fields.payment.name}
                    value={p.id}
                    defaultChecked={fields.payment.initialValue === String(p.id)}
                    className="mt-1"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{p.title}</span>
                    <span className="block text-sm text-slate-600">{p.description}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldErrors field={fields.payment} />
          </fieldset>
          <div>
            <label htmlFor={fields.promoCode.id} className="mb-1 block font-medium">
              {t('cart.promoCode')}
            </label>
            <input
              id={fields.promoCode.id}
              name={fields.promoCode.name}
              defaultValue={
                typeof fields.promoCode.initialValue === 'string'
                  ? fields.promoCode.initialValue
                  : undefined
              }
              placeholder={t('cart.promoPlaceholder')}
              autoComplete="off"
              aria-invalid={fields.promoCode.errors ? true : undefined}
              aria-describedby={fields.promoCode.errors ? fields.promoCode.errorId : undefined}
              className={`${input} uppercase`}
            />
            <FieldErrors field={fields.promoCode} />
          </div>
          <div>
            <label htmlFor={fields.comment.id} className="mb-1 block font-medium">
              {t('checkout.comment')}
            </label>
            <textarea
              id={fields.comment.id}
              name={fields.comment.name}
              defaultValue={fields.comment.initialValue}
              placeholder={t('checkout.commentPlaceholder')}
              rows={3}
              className={input}
            />
          </div>
        </div>
        <aside className="h-fit min-w-0 rounded-lg border border-slate-200 p-4">
          <h2 className="mb-3 text-lg font-bold">{t('checkout.summary')}</h2>
          <ul className="mb-3 space-y-2 text-sm">
            {cart.items.map((line) => (
              <li key={line.id} className="flex justify-between gap-2">
                <span className="min-w-0 break-words">
                  {line.quantity} × {titleWithVariation(line.item.title, line.variation)}
                </span>
                <span className="shrink-0">{money(line.discountPrice)}</span>
              </li>
            ))}
          </ul>
          <TotalsList
            promo={{ code: cart.promoCode?.code, amount: cart.totals.promoDiscount }}
            {...(shipping && chosen
              ? { delivery: { title: chosen.title, price: shipping.delivery } }
              : {})}
            total={shipping?.orderTotal ?? cart.totals.grandTotal}
            vat={cart.totals.totalVat}
            className="border-t border-slate-200 pt-3"
          />
          <button
            type="submit"
            name="intent"
            value="place"
            disabled={submitting}
            className="mt-4 w-full rounded-md bg-primary px-4 py-3 font-bold text-white hover:bg-blue-800 disabled:opacity-70"
          >
            {submitting ? t('checkout.processing') : t('checkout.placeOrder')}
          </button>
        </aside>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
