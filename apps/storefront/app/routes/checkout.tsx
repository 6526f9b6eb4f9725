import { useRef, useState } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { getFormProps, useForm } from '@conform-to/react';
import { deliveryPrice, titleWithVariation, withDelivery } from '@shop/domain';
import {
  AddressFields,
  addressFormValues,
  DeliveryOptionText,
  PickupPointNote,
  RecipientFields,
} from '#app/components/address-fields.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { TotalsList } from '#app/components/totals-list.tsx';
import {
  DefaultSubmit,
  FieldErrors,
  FormErrors,
  TextField,
} from '#app/components/form-messages.tsx';
import { useMoney } from '#app/components/price.tsx';
import { checkoutKey } from '#app/lib/checkout-key.server.ts';
import { checkoutPageForm } from '#app/lib/checkout-forms.ts';
import { parseForm } from '#app/lib/forms.ts';
import { apiFailure, invalid, readForm, type FormReply } from '#app/lib/forms.server.ts';
import { useChangedBeforeHydration } from '#app/lib/hydrated.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { optional } from '#app/lib/api-errors.server.ts';
import { noPlaces, placesFor, type Places } from '#app/lib/places.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/checkout';

type CheckoutReply = FormReply & { places?: Places };

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  if (!shop.shop.cart) throw data(null, { status: 404 });
  const api = shop.api;
  const cart = await api.sales.cart();
  if (cart.items.length === 0) throw redirect(`/${shop.locale}/checkout/cart/`);
  const [deliveries, payments, countries, addresses] = await Promise.all([
    api.deliveries.list(),
    api.payments.list(),
    api.core.deliveryCountries(),
    // A logged-in shopper starts from an address of their book (the default, or the chosen one).
    shop.user ? optional(api.accounts.addresses(), []) : [],
  ]);
  const chosenId = Number(new URL(request.url).searchParams.get('address'));
  const address = addresses.find((a) => a.id === chosenId) ?? addresses.find((a) => a.isDefault);
  return {
    cart,
    deliveries,
    // Each delivery's price for this cart, by the one domain rule the order is charged by.
    deliveryPrices: Object.fromEntries(
      deliveries.map((d) => [d.id, deliveryPrice(d, cart.totals.grandTotal)]),
    ),
    payments,
    countries,
    addresses,
    address: address ?? null,
    places: address ? await placesFor(api, address.country.id, address.region?.id) : noPlaces,
    email: shop.user?.email ?? '',
    firstName: address?.firstName ?? shop.user?.firstName ?? '',
    lastName: address?.lastName ?? shop.user?.lastName ?? '',
    // One key per cart version, not per render: two tabs of one cart place one order.
    idempotencyKey: checkoutKey(cart),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const [deliveries, countries] = await Promise.all([
    shop.api.deliveries.list(),
    shop.api.core.deliveryCountries(),
  ]);
  const pickupIds = deliveries.filter((d) => d.pickup).map((d) => d.id);
  const submission = await readForm(request, checkoutPageForm({ pickupIds, countries }), t);
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

/** A chosen saved address starts the form afresh with its values. */
export default function Checkout(props: Route.ComponentProps) {
  return <CheckoutForm key={props.loaderData.address?.id ?? 0} {...props} />;
}

function CheckoutForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const money = useMoney();
  const navigation = useNavigation();
  const reply = actionData;
  const places: Places =
    (reply && 'places' in reply ? (reply.places as Places) : undefined) ?? loaderData.places;
  const { cart, deliveries, payments, countries, address, addresses } = loaderData;
  const [form, fields] = useForm({
    lastResult: reply?.result,
    defaultValue: {
      email: loaderData.email,
      ...(address && addressFormValues(address)),
      firstName: loaderData.firstName,
      lastName: loaderData.lastName,
      delivery: String(deliveries[0]?.id ?? ''),
      payment: String(payments[0]?.id ?? ''),
      promoCode: cart.promoCode?.code ?? '',
    },
    onValidate: ({ formData }) =>
      parseForm(
        formData,
        checkoutPageForm({
          pickupIds: deliveries.filter((d) => d.pickup).map((d) => d.id),
          countries,
        }),
        t,
      ),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const savedAddress = useRef<HTMLSelectElement>(null);
  useChangedBeforeHydration(savedAddress, (select) => select.form?.requestSubmit());
  // The summary follows the chosen delivery: its price (free from its threshold, the same domain
  // rule the server charges by) and the order's total.
  const [deliveryId, setDeliveryId] = useState(String(fields.delivery.initialValue ?? ''));
  const chosen = deliveries.find((d) => String(d.id) === deliveryId);
  const shipping = chosen ? withDelivery(cart.totals.grandTotal, chosen) : null;
  return (
    <div className="mx-auto w-full max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold">{t('checkout.title')}</h1>
      {addresses.length > 0 && (
        <Form method="get" className="mb-6 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="saved-address" className="mb-1 block font-medium">
              {t('checkout.savedAddress')}
            </label>
            <select
              ref={savedAddress}
              id="saved-address"
              name="address"
              defaultValue={address?.id}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              className={input}
            >
              {addresses.map((a) => (
                <option key={a.id} value={a.id}>
                  {[`${a.firstName} ${a.lastName}`, a.address, a.city || a.country.title]
                    .filter(Boolean)
                    .join(', ')}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="rounded-md border border-slate-300 px-3 py-2 hover:bg-slate-100"
          >
            {t('checkout.useAddress')}
          </button>
        </Form>
      )}
      <Form method="post" {...getFormProps(form)} className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <CsrfInput />
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <DefaultSubmit intent="place" />
        <div className="min-w-0 space-y-8">
          <FormErrors form={form} />
          <fieldset className="space-y-4">
            <legend className="mb-2 text-lg font-bold">{t('checkout.contact')}</legend>
            <TextField
              field={fields.email}
              label={t('auth.email')}
              type="email"
              autoComplete="email"
            />
            <RecipientFields fields={fields} />
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="mb-2 text-lg font-bold">{t('checkout.address')}</legend>
            {chosen?.pickup && <PickupPointNote delivery={chosen} />}
            {/* A pickup needs no address: hidden once chosen (the API ignores one sent anyway). */}
            <div hidden={chosen?.pickup} className="space-y-4">
              {deliveries.some((d) => d.pickup) && (
                <p className="text-sm text-slate-600">{t('checkout.addressPickupHint')}</p>
              )}
              <AddressFields fields={fields} countries={countries} places={places} />
            </div>
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
                  <DeliveryOptionText
                    delivery={d}
                    price={loaderData.deliveryPrices[d.id] ?? d.price}
                    money={money}
                  />
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
              type="text"
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
