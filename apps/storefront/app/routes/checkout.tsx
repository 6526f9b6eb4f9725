import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { data, Form, redirect, useNavigate } from 'react-router';
import type { Order, Payment } from '@shop/contract';
import {
  pageAfterOrder,
  paymentFailureOf,
  titleWithVariation,
  withDelivery,
  withDeliveryVat,
  deliveryPrice,
  type PaymentFailure,
} from '@shop/domain';
import {
  AddressFields,
  addressFormValues,
  DeliveryOptionText,
  PickupPointNote,
  RecipientFields,
} from '#app/components/address-fields.tsx';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { CheckoutSummary, orderLines, orderTotals } from '#app/components/order-summary.tsx';
import {
  DefaultSubmit,
  FieldErrors,
  FormErrors,
  TextField,
} from '#app/components/form-messages.tsx';
import { useMoney } from '#app/components/price.tsx';
import { checkoutKey } from '#app/lib/checkout-key.server.ts';
import { checkoutPageForm, type CheckoutSection } from '#app/lib/checkout-forms.ts';
import { CHECKOUT_SECTION_FIELDS } from '#app/lib/checkout-sections.ts';
import { apiFailure, invalid, readForm, type FormReply } from '#app/lib/forms.server.ts';
import { useHydrated } from '#app/lib/hydrated.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { checkoutHandle, scriptsAfterPaintHandle } from '#app/lib/route-handle.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { formChecks, useLazyShopForm } from '#app/lib/lazy-form.ts';
import type * as CheckoutChecksModule from '#app/lib/checkout-checks.ts';
import { optional } from '#app/lib/api-errors.server.ts';
import { noPlaces, placesFor, type Places } from '#app/lib/places.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/checkout';

type CheckoutReply = FormReply & { places?: Places };

/** The payment step of a placed order, and the thanks when nothing is left to pay. */
const payPath = (locale: string, order: number, failure?: PaymentFailure | null) =>
  `/${locale}/checkout/checkout/?pay=${order}${failure ? `&reason=${failure}` : ''}`;
const thanksPath = (locale: string, order: number) =>
  `/${locale}/checkout/order-success/?order=${order}`;

/** Where a placed order goes next: its card payment in the checkout, or the thanks. */
const nextPath = (locale: string, order: Order) =>
  pageAfterOrder({ status: order.status, kind: order.payment.kind }) === 'pay'
    ? payPath(locale, order.id)
    : thanksPath(locale, order.id);

// Its own header; the scripts after the largest paint (decision 0068: the form works without
// them, a choice made before they ran is sent once they do, and any input starts them at once).
export const handle = { ...checkoutHandle, ...scriptsAfterPaintHandle };

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  if (!shop.shop.cart) throw data(null, { status: 404 });
  const api = shop.api;
  const search = new URL(request.url).searchParams;
  const pay = Number(search.get('pay'));
  if (search.has('pay')) {
    // A placed order waiting for its card payment (the cart is empty by now): only its owner
    // reads it; paid, or paid later, it goes to the thanks.
    if (!Number.isInteger(pay) || pay <= 0) throw data(null, { status: 404 });
    const [order, payments] = await Promise.all([
      api.sales.order({ params: { id: pay } }),
      api.payments.list(),
    ]);
    const next = nextPath(shop.locale, order);
    if (next !== payPath(shop.locale, order.id)) throw redirect(next);
    return {
      step: 'pay' as const,
      order,
      payments,
      failure: paymentFailureOf(search.get('reason')),
    };
  }
  const cart = await api.sales.cart();
  if (cart.items.length === 0) throw redirect(`/${shop.locale}/checkout/cart/`);
  const [deliveries, payments, countries, addresses] = await Promise.all([
    api.deliveries.list(),
    api.payments.list(),
    api.core.deliveryCountries(),
    // A logged-in shopper starts from an address of their book (the default, or the chosen one).
    shop.user ? optional(api.accounts.addresses(), []) : [],
  ]);
  // `saved`: the saved-address chooser (not `address`, the street field's name in the same page).
  const chosenId = Number(search.get('saved') ?? search.get('address'));
  const address = addresses.find((a) => a.id === chosenId) ?? addresses.find((a) => a.isDefault);
  return {
    step: 'form' as const,
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
  if (form.intent === 'method') {
    try {
      const order = await shop.api.sales.changePayment({
        params: { id: form.order },
        body: { payment: form.payment },
      });
      return redirect(nextPath(shop.locale, order));
    } catch (error) {
      return apiFailure(submission, error, t);
    }
  }
  const { intent: _intent, idempotencyKey, ...body } = form;
  try {
    const order = await shop.api.sales.checkout({
      body,
      headers: { 'idempotency-key': idempotencyKey },
    });
    // A card is paid here, in the checkout, before the thanks (issue 23).
    return redirect(nextPath(shop.locale, order));
  } catch (error) {
    const failure = apiFailure(submission, error, t);
    return data<CheckoutReply>(
      { ...failure.data, places: await placesFor(shop.api, body.country, body.region) },
      failure.init ?? undefined,
    );
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const paying = new URLSearchParams(location.search).has('pay');
  return pageMeta({
    matches,
    location,
    titleKey: paying ? 'payment.payTitle' : 'checkout.title',
    robots: 'noindex',
  });
}

const input = 'w-full rounded-md border border-slate-300 px-3 py-2';

export default function Checkout(props: Route.ComponentProps) {
  const { loaderData } = props;
  if (loaderData.step === 'pay') {
    return (
      <PayStep
        key={loaderData.order.id}
        order={loaderData.order}
        payments={loaderData.payments}
        failure={loaderData.failure}
        reply={props.actionData}
      />
    );
  }
  // A chosen saved address starts the form afresh with its values.
  return (
    <CheckoutForm key={loaderData.address?.id ?? 0} data={loaderData} reply={props.actionData} />
  );
}

type FormStep = Extract<Route.ComponentProps['loaderData'], { step: 'form' }>;

/**
 * One section of the checkout (contact, address, delivery, payment). With JavaScript, "Continue"
 * checks its fields and folds it to one line with an "Edit" button; its fields stay in the form
 * (hidden), so the one form still sends them all. Without JavaScript every section stays open
 * and the page is the plain form it always was.
 */
function Section({
  name,
  title,
  open,
  summary,
  onEdit,
  onContinue,
  children,
}: {
  name: string;
  title: string;
  open: boolean;
  summary: string;
  onEdit: () => void;
  onContinue?: (form: HTMLFormElement | null) => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  return (
    <section
      aria-labelledby={`checkout-${name}-title`}
      data-section={name}
      className="rounded-lg border border-slate-200 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={`checkout-${name}-title`} tabIndex={-1} className="text-lg font-bold outline-none">
          {title}
        </h2>
        {!open && (
          <Button type="button" variant="secondary" size="sm" onClick={onEdit}>
            {t('payment.edit')}
            <span className="sr-only"> {title}</span>
          </Button>
        )}
      </div>
      {!open && <p className="mt-1 text-sm break-words text-slate-700">{summary}</p>}
      <div hidden={!open} className="mt-4 space-y-4">
        {children}
        {hydrated && onContinue && (
          <Button
            type="button"
            variant="secondary"
            size="md"
            onClick={(event) => onContinue(event.currentTarget.form)}
          >
            {t('payment.next')}
          </Button>
        )}
      </div>
    </section>
  );
}

const SECTION_ORDER: readonly CheckoutSection[] = ['contact', 'address', 'delivery', 'payment'];

/**
 * The order's and the payment's checks in the browser, loaded on the first touch of a form
 * (decision 0084): zod and the schemas were as much of the page's start-up as React DOM.
 */
const checkoutChecks = formChecks(() => import('#app/lib/checkout-checks.ts'));
type CheckoutChecks = typeof CheckoutChecksModule;

function CheckoutForm({ data: loaderData, reply }: { data: FormStep; reply: unknown }) {
  const { t } = useI18n();
  const money = useMoney();
  const hydrated = useHydrated();
  const checkoutReply = reply as CheckoutReply | undefined;
  const places: Places = checkoutReply?.places ?? loaderData.places;
  const { cart, deliveries, payments, countries, address, addresses } = loaderData;
  // The page's schemas, made once the check has loaded (and again for another offer).
  const schemas = useMemo(() => {
    let made:
      | {
          page: ReturnType<CheckoutChecks['checkoutPageForm']>;
          sections: ReturnType<CheckoutChecks['checkoutSections']>;
        }
      | undefined;
    return (m: CheckoutChecks) =>
      (made ??= {
        page: m.checkoutPageForm({
          pickupIds: deliveries.filter((d) => d.pickup).map((d) => d.id),
          countries,
        }),
        sections: m.checkoutSections({ countries }),
      });
  }, [deliveries, countries]);
  // A region's places answer (intent `places`) carries the form as it was sent, for the page it
  // answers without JavaScript. Arriving after the page has run, it is only the places: handed to
  // the form, it would clear the errors of an order pressed meanwhile (a late answer on a slow
  // line; found by a flaky browser test).
  const [renderedReply] = useState(reply);
  const placesOnly =
    reply !== renderedReply && checkoutReply?.result.initialValue?.intent === 'places';
  const [form, fields, formProps, held] = useLazyShopForm(
    checkoutChecks,
    (m: CheckoutChecks) => schemas(m).page,
    {
      lastResult: placesOnly ? undefined : checkoutReply?.result,
      defaultValue: {
        email: loaderData.email,
        ...(address && addressFormValues(address)),
        firstName: loaderData.firstName,
        lastName: loaderData.lastName,
        delivery: String(deliveries[0]?.id ?? ''),
        payment: String(payments[0]?.id ?? ''),
        promoCode: cart.promoCode?.code ?? '',
      },
    },
  );
  const placing = useIsPending({ intent: 'place' });
  const formRef = useRef<HTMLFormElement>(null);

  // The summary follows the chosen delivery: its price (free from its threshold, the same domain
  // rule the server charges by) and the order's total.
  const [deliveryId, setDeliveryId] = useState(String(fields.delivery.initialValue ?? ''));
  // A delivery chosen before the scripts ran is the one the summary shows once they do.
  useLayoutEffect(() => {
    const checked = formRef.current?.querySelector<HTMLInputElement>(
      `input[name="${fields.delivery.name}"]:checked`,
    );
    if (checked) setDeliveryId(checked.value);
  }, [fields.delivery.name]);
  const chosen = deliveries.find((d) => String(d.id) === deliveryId);
  const shipping = chosen ? withDeliveryVat({ ...cart.totals, lines: cart.items }, chosen) : null;

  // Sections folded by "Continue", with the one line each shows folded.
  const [folded, setFolded] = useState<Partial<Record<CheckoutSection, string>>>({});
  const hasErrors = (section: CheckoutSection) =>
    CHECKOUT_SECTION_FIELDS[section].some((name) => fields[name].errors?.length);
  const isOpen = (section: CheckoutSection) => folded[section] === undefined || hasErrors(section);

  const titleIn = (
    list: readonly { id: number; title: string }[],
    value: FormDataEntryValue | null,
  ) =>
    list.find((item) => String(item.id) === value)?.title ??
    (typeof value === 'string' ? value : '');

  function summaryOf(section: CheckoutSection, values: FormData): string {
    const get = (name: string) => {
      const value = values.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    switch (section) {
      case 'contact':
        return [get('email'), `${get('firstName')} ${get('lastName')}`.trim(), get('phone')]
          .filter(Boolean)
          .join(' · ');
      case 'address':
        return [
          get('address'),
          [get('postcode'), titleIn(places.cities, values.get('city'))].filter(Boolean).join(' '),
          titleIn(places.regions, values.get('region')),
          titleIn(countries, values.get('country')),
        ]
          .filter(Boolean)
          .join(', ');
      case 'delivery': {
        const delivery = deliveries.find((d) => String(d.id) === get('delivery'));
        if (!delivery) return '';
        const price = withDelivery(cart.totals.grandTotal, delivery).delivery;
        return `${delivery.title} · ${price === 0 ? t('checkout.free') : money(price)}`;
      }
      case 'payment':
        return titleIn(payments, values.get('payment'));
    }
  }

  function focusSection(section: string) {
    document.getElementById(`checkout-${section}-title`)?.focus();
  }

  function continueFrom(section: CheckoutSection, element: HTMLFormElement | null, waited = false) {
    if (!element) return;
    // Pressed before the check has loaded: done once it has, or unchecked after the time limit
    // from this press (a second press meanwhile does the same again, which changes nothing).
    if (!checkoutChecks.settled && !waited) {
      void checkoutChecks.wait().then(() => continueFrom(section, element, true));
      return;
    }
    const values = new FormData(element);
    const m = checkoutChecks.module;
    // Unchecked only if the check could not load or is late: the server checks the order when sent.
    const checked = m ? m.parseForm(values, schemas(m).sections[section], t) : null;
    if (checked && checked.status !== 'success') {
      // Show every message of the section at once, then take the shopper to the first.
      for (const name of CHECKOUT_SECTION_FIELDS[section]) form.validate({ name });
      requestAnimationFrame(() =>
        element
          .querySelector<HTMLElement>(`[data-section="${section}"] [aria-invalid="true"]`)
          ?.focus(),
      );
      return;
    }
    setFolded((current) => ({ ...current, [section]: summaryOf(section, values) }));
    const next = SECTION_ORDER[SECTION_ORDER.indexOf(section) + 1] ?? 'review';
    requestAnimationFrame(() => focusSection(next));
  }

  function edit(section: CheckoutSection) {
    setFolded(({ [section]: _gone, ...rest }) => rest);
    requestAnimationFrame(() => focusSection(section));
  }

  const sectionProps = (section: CheckoutSection) => ({
    name: section,
    open: isOpen(section),
    summary: folded[section] ?? '',
    onEdit: () => edit(section),
    onContinue: (element: HTMLFormElement | null) => continueFrom(section, element),
  });

  const lines = cart.items.map((line) => ({
    id: line.id,
    quantity: line.quantity,
    title: titleWithVariation(line.item.title, line.variation),
    price: line.discountPrice,
  }));
  const totals = {
    promo: { code: cart.promoCode?.code, amount: cart.totals.promoDiscount },
    ...(shipping && chosen ? { delivery: { title: chosen.title, price: shipping.delivery } } : {}),
    total: shipping?.orderTotal ?? cart.totals.grandTotal,
    vat: shipping?.totalVat ?? cart.totals.totalVat,
  };

  return (
    <div className="mx-auto w-full max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold">{t('checkout.title')}</h1>
      {/* The saved-address chooser's own form; its controls sit in the address section. */}
      {addresses.length > 0 && <Form method="get" id="saved-address-form" />}
      <div className="grid gap-x-8 lg:grid-cols-[1fr_20rem]">
        <CheckoutSummary lines={lines} totals={totals} />
        <Form
          method="post"
          {...formProps}
          ref={formRef}
          className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-1"
        >
          <CsrfInput />
          <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
          <DefaultSubmit intent="place" />
          <FormErrors form={form} />
          <Section title={t('checkout.contact')} {...sectionProps('contact')}>
            <TextField
              field={fields.email}
              label={t('auth.email')}
              type="email"
              autoComplete="email"
            />
            <RecipientFields fields={fields} />
          </Section>
          <Section title={t('checkout.address')} {...sectionProps('address')}>
            {addresses.length > 0 && (
              <div className="flex flex-wrap items-end gap-2">
                <div className="min-w-0 flex-1">
                  <label htmlFor="saved-address" className="mb-1 block font-medium">
                    {t('checkout.savedAddress')}
                  </label>
                  <SavedAddressSelect addresses={addresses} chosen={address?.id} />
                </div>
                {/* Without JavaScript the choice is sent by this button; with it, on change. */}
                <Button
                  type="submit"
                  form="saved-address-form"
                  variant="secondary"
                  size="compact"
                  className={hydrated ? 'hidden' : undefined}
                >
                  {t('checkout.useAddress')}
                </Button>
              </div>
            )}
            {/* "Show regions and cities" is the fallback without JavaScript: with it a change asks. */}
            {chosen?.pickup && <PickupPointNote delivery={chosen} />}
            {/* A pickup needs no address: hidden once chosen (the API ignores one sent anyway). */}
            <div
              hidden={chosen?.pickup}
              className={`space-y-4 ${hydrated ? '[&_button[name=intent][value=places]]:hidden' : ''}`}
            >
              {deliveries.some((d) => d.pickup) && (
                <p className="text-sm text-slate-600">{t('checkout.addressPickupHint')}</p>
              )}
              <AddressFields fields={fields} countries={countries} places={places} />
            </div>
          </Section>
          <Section title={t('checkout.delivery')} {...sectionProps('delivery')}>
            <div role="radiogroup" aria-labelledby="checkout-delivery-title" className="space-y-2">
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
          </Section>
          <Section title={t('checkout.payment')} {...sectionProps('payment')}>
            <div role="radiogroup" aria-labelledby="checkout-payment-title" className="space-y-2">
              <PaymentChoices
                payments={payments}
                name={fields.payment.name}
                chosen={fields.payment.initialValue}
              />
            </div>
            <FieldErrors field={fields.payment} />
          </Section>
          <section
            aria-labelledby="checkout-review-title"
            data-section="review"
            className="space-y-4 rounded-lg border border-slate-200 p-4"
          >
            <h2 id="checkout-review-title" tabIndex={-1} className="text-lg font-bold outline-none">
              {t('payment.review')}
            </h2>
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
            <p className="flex justify-between gap-2 text-lg font-bold">
              <span>{t('cart.total')}</span>
              <span data-review-total="">{money(totals.total)}</span>
            </p>
            {/* Not disabled while held for the checks: a disabled button's intent is not sent. */}
            <Button type="submit" name="intent" value="place" disabled={placing} size="lg" block>
              {placing || held ? t('checkout.processing') : t('checkout.placeOrder')}
            </Button>
          </section>
        </Form>
      </div>
    </div>
  );
}

/** The address book's addresses; choosing one loads the checkout with it (the GET form above). */
function SavedAddressSelect({
  addresses,
  chosen,
}: {
  addresses: FormStep['addresses'];
  chosen: number | undefined;
}) {
  const select = useRef<HTMLSelectElement>(null);
  // Chosen before the scripts ran: sent once they do, as the change handler would have.
  useLayoutEffect(() => {
    const element = select.current;
    if (
      element &&
      element.selectedIndex >= 0 &&
      !element.options[element.selectedIndex]?.defaultSelected
    ) {
      element.form?.requestSubmit();
    }
  }, []);
  return (
    <select
      ref={select}
      id="saved-address"
      name="saved"
      form="saved-address-form"
      defaultValue={chosen}
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
  );
}

/**
 * The payment step of a placed order (issue 23): the card provider's page in a frame, the order
 * kept pending meanwhile. A failed card says why (the provider's outcome, in the shopper's
 * language) and offers the card again or another method; "paid" leads to the thanks.
 */
function PayStep({
  order,
  payments,
  failure,
  reply,
}: {
  order: Order;
  payments: Payment[];
  failure: PaymentFailure | null;
  reply: unknown;
}) {
  const { locale, t } = useI18n();
  const money = useMoney();
  const navigate = useNavigate();
  // Each failure reloads the frame with a fresh card form.
  const [attempt, setAttempt] = useState(0);
  const [form, fields, formProps] = useLazyShopForm(
    checkoutChecks,
    (m: CheckoutChecks) => m.changePaymentForm,
    {
      id: 'pay-another-way',
      lastResult: (reply as FormReply | undefined)?.result,
      defaultValue: { payment: String(payments.find((p) => p.id !== order.payment.id)?.id ?? '') },
    },
  );
  const changing = useIsPending({ intent: 'method' });
  // The frame's end page tells this page how the payment ended; what follows comes from the
  // server (the provider's confirmation): the thanks once paid, this step again with the reason.
  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin) return;
      const message = event.data as { type?: unknown; status?: unknown; reason?: unknown } | null;
      if (message?.type !== 'payment') return;
      const reason = message.status === 'success' ? null : paymentFailureOf(message.reason);
      if (reason) setAttempt((n) => n + 1);
      void navigate(
        payPath(locale, order.id, reason ?? (message.status === 'success' ? null : 'error')),
        {
          replace: true,
          preventScrollReset: true,
        },
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [locale, navigate, order.id]);
  const others = payments.filter((p) => p.id !== order.payment.id);
  return (
    <div className="mx-auto w-full max-w-5xl">
      <div className="grid gap-x-8 lg:grid-cols-[1fr_20rem]">
        <CheckoutSummary lines={orderLines(order)} totals={orderTotals(order)} />
        <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-1">
          <h1 className="text-2xl font-bold">{t('payment.payTitle')}</h1>
          <p>
            {t('payment.payText', {
              number: order.number,
              amount: money(order.totals.orderTotal),
            })}
          </p>
          {failure && (
            <div
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800"
            >
              <p className="font-bold">{t(`payment.failed.${failure}`)}</p>
              <p>{t('payment.failedHint')}</p>
            </div>
          )}
          {order.paymentUrl && (
            <iframe
              key={attempt}
              src={order.paymentUrl}
              title={t('payment.frameTitle')}
              className="h-[32rem] w-full rounded-md border border-slate-300"
            />
          )}
          {others.length > 0 && (
            <Form
              method="post"
              {...formProps}
              className="space-y-3 rounded-lg border border-slate-200 p-4"
            >
              <CsrfInput />
              <input type="hidden" name="order" value={order.id} />
              <h2 id="pay-another-way-title" className="text-lg font-bold">
                {t('payment.otherMethod')}
              </h2>
              <FormErrors form={form} />
              <div role="radiogroup" aria-labelledby="pay-another-way-title" className="space-y-2">
                <PaymentChoices
                  payments={others}
                  name={fields.payment.name}
                  chosen={fields.payment.initialValue}
                />
              </div>
              <FieldErrors field={fields.payment} />
              <Button
                type="submit"
                name="intent"
                value="method"
                variant="secondary"
                size="lg"
                disabled={changing}
              >
                {t('payment.useMethod')}
              </Button>
            </Form>
          )}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}

/** The payment methods as radio buttons with their descriptions: the order's and "pay another way". */
function PaymentChoices({
  payments,
  name,
  chosen,
}: {
  payments: readonly Payment[];
  name: string;
  chosen: unknown;
}) {
  return payments.map((p) => (
    <label key={p.id} className="flex items-start gap-3 rounded-md border border-slate-300 p-3">
      <input
        type="radio"
        name={name}
        value={p.id}
        defaultChecked={chosen === String(p.id)}
        className="mt-1"
      />
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{p.title}</span>
        <span className="block text-sm text-slate-600">{p.description}</span>
      </span>
    </label>
  ));
}
