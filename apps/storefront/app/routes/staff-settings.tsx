import { data, Form } from 'react-router';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import {
  staffDeliveryBodySchema,
  staffPromoCodeBodySchema,
  type StaffDelivery,
  type StaffPayment,
  type StaffPromoCode,
} from '@shop/contract';
import { moneyFormatter } from '@shop/domain';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FieldErrors, FormErrors } from '#app/components/form-messages.tsx';
import {
  staffBox,
  StaffField,
  StaffHeading,
  staffInput,
  StaffSection,
  StatusLine,
} from '#app/components/staff-parts.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { readVerifiedForm, sendForm } from '#app/lib/forms.server.ts';
import { parseForm, resultFor } from '#app/lib/forms.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-settings';

/*
 * The shop's checkout settings (issue 24, decision 0059): promo codes (list, create, expire),
 * deliveries (price, free-from amount, on or off) and payment methods (on or off). One action
 * for the page's forms, told apart by `intent`; each form works without JavaScript.
 */

const id = z.coerce.number().int().positive();
const promoFormSchema = z.intersection(
  z.object({ intent: z.literal('promo') }),
  staffPromoCodeBodySchema,
);
const expireFormSchema = z.object({ intent: z.literal('expire'), promo: id });
/** An unticked box sends nothing: off. */
const deliveryFormSchema = staffDeliveryBodySchema.extend({
  intent: z.literal('delivery'),
  delivery: id,
  active: z.boolean().default(false),
});
const paymentFormSchema = z.object({
  intent: z.literal('payment'),
  payment: id,
  turn: z.enum(['on', 'off']),
});

type Intent = 'promo' | 'expire' | 'delivery' | 'payment';

export async function loader({ context }: Route.LoaderArgs) {
  const api = getShopRequest(context).api.staffSettings;
  const [promoCodes, deliveries, payments] = await Promise.all([
    api.promoCodes(),
    api.deliveries(),
    api.payments(),
  ]);
  return { promoCodes, deliveries, payments };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const formData = await readVerifiedForm(request, t);
  const intent = formData.get('intent');
  const api = shop.api.staffSettings;
  /** One form of the page through the API; the reply says which, for the status line. */
  const send = <Schema extends z.ZodType>(
    schema: Schema,
    done: Intent,
    call: (value: z.output<Schema>) => Promise<unknown>,
  ) =>
    sendForm(
      parseForm(formData, schema, t),
      t,
      async (value) => {
        await call(value);
        return { done };
      },
      { resetForm: done === 'promo' },
    );
  switch (intent as Intent) {
    case 'promo':
      return send(promoFormSchema, 'promo', ({ intent: _, ...body }) =>
        api.createPromoCode({ body }),
      );
    case 'expire':
      return send(expireFormSchema, 'expire', ({ promo }) =>
        api.expirePromoCode({ params: { id: promo } }),
      );
    case 'delivery':
      return send(deliveryFormSchema, 'delivery', ({ delivery, price, freeFrom, active }) =>
        api.updateDelivery({ params: { id: delivery }, body: { price, freeFrom, active } }),
      );
    case 'payment':
      return send(paymentFormSchema, 'payment', ({ payment, turn }) =>
        api.updatePayment({ params: { id: payment }, body: { active: turn === 'on' } }),
      );
    default:
      throw data(t('errors.request.notAForm'), { status: 400 });
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'staffSettings.title', robots: 'noindex' });
}

/** An input of an amount of money (a price, a minimum): the phone's keypad with a decimal point. */
const amount = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0' } as const;

type Reply = { result: SubmissionResult<string[]>; done?: Intent } | undefined;

export default function StaffSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const reply: Reply = actionData;
  const { promoCodes, deliveries, payments } = loaderData;
  return (
    <>
      <StaffHeading title={t('staffSettings.title')} />
      {reply?.done && <StatusLine>{t(`staffSettings.done.${reply.done}`)}</StatusLine>}
      <StaffSection
        headingId="promo-heading"
        title={t('staffSettings.promo.title')}
        className={`mb-8 ${staffBox}`}
      >
        <PromoList codes={promoCodes} reply={reply} />
        <NewPromo reply={reply} />
      </StaffSection>
      <StaffSection
        headingId="deliveries-heading"
        title={t('staffSettings.deliveries.title')}
        className={`mb-8 ${staffBox}`}
      >
        <ul className="space-y-4">
          {deliveries.map((d) => (
            <DeliveryItem
              key={d.id}
              delivery={d}
              lastResult={resultFor(reply, { intent: 'delivery', delivery: String(d.id) })}
            />
          ))}
        </ul>
      </StaffSection>
      <StaffSection
        headingId="payments-heading"
        title={t('staffSettings.payments.title')}
        className={`mb-8 ${staffBox}`}
      >
        <ul className="space-y-3">
          {payments.map((p) => (
            <PaymentItem
              key={p.id}
              payment={p}
              lastResult={resultFor(reply, { intent: 'payment', payment: String(p.id) })}
            />
          ))}
        </ul>
      </StaffSection>
    </>
  );
}

function useMoneyOfShop() {
  const { locale } = useI18n();
  return moneyFormatter(locale, useLocaleData()?.shop.currency ?? 'EUR');
}

function PromoList({ codes, reply }: { codes: StaffPromoCode[]; reply: Reply }) {
  const { locale, t } = useI18n();
  const money = useMoneyOfShop();
  const date = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const expireResult =
    reply?.result.initialValue?.['intent'] === 'expire' ? reply.result : undefined;
  const [form] = useShopForm(expireFormSchema, { id: 'promo-expire', lastResult: expireResult });
  const pending = useIsPending({ fields: { intent: 'expire' } });
  if (codes.length === 0) return <p className="mb-4">{t('staffSettings.promo.none')}</p>;
  return (
    <div className="relative mb-6 overflow-x-auto">
      <FormErrors form={form} />
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{t('staffSettings.promo.title')}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3">
              {t('staffSettings.promo.code')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('staffSettings.promo.discount')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('staffSettings.promo.fromPrice')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('staffSettings.promo.window')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('staffSettings.promo.state')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('staffSettings.promo.orders')}
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">{t('staffSettings.promo.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.id} className="border-b border-slate-100" data-promo={code.code}>
              <th scope="row" className="py-2 pr-3 font-mono whitespace-nowrap">
                {code.code}
              </th>
              <td className="py-2 pr-3">
                {code.discountType === 'percent'
                  ? t('staffSettings.promo.percentOff', { value: code.discountValue })
                  : money(code.discountValue)}
              </td>
              <td className="py-2 pr-3">
                {code.fromPrice === null ? t('staffSettings.promo.always') : money(code.fromPrice)}
              </td>
              <td className="py-2 pr-3">
                {code.startsAt ? date.format(new Date(code.startsAt)) : '…'}
                {' – '}
                {code.endsAt ? date.format(new Date(code.endsAt)) : '…'}
              </td>
              <td className="py-2 pr-3">{t(`staffSettings.promo.states.${code.state}`)}</td>
              <td className="py-2 pr-3 tabular-nums">{code.orders}</td>
              <td className="py-2">
                {(code.state === 'valid' || code.state === 'notYet') && (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="expire" />
                    <input type="hidden" name="promo" value={code.id} />
                    <Button type="submit" variant="danger" disabled={pending}>
                      {t('staffSettings.promo.expire')}
                      <span className="sr-only"> {code.code}</span>
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NewPromo({ reply }: { reply: Reply }) {
  const { t } = useI18n();
  const lastResult = reply?.result.initialValue?.['intent'] === 'promo' ? reply.result : undefined;
  const [form, fields] = useShopForm(promoFormSchema, { id: 'promo-new', lastResult });
  const pending = useIsPending({ fields: { intent: 'promo' } });
  /** What was typed, shown again when the server refused it (without JavaScript). */
  const typed = (f: (typeof fields)[keyof typeof fields]) =>
    typeof f.initialValue === 'string' ? f.initialValue : undefined;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="promo-new-heading">
      <h3 id="promo-new-heading" className="mb-2 font-bold">
        {t('staffSettings.promo.new')}
      </h3>
      <FormErrors form={form} />
      <CsrfInput />
      <input type="hidden" name="intent" value="promo" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <StaffField
          field={fields.code}
          label={t('staffSettings.promo.code')}
          defaultValue={typed(fields.code)}
          type="text"
          maxLength={32}
          autoComplete="off"
          required
        />
        <StaffField
          field={fields.discountType}
          label={t('staffSettings.promo.discountType')}
          control={(props) => (
            <select
              {...props}
              defaultValue={typed(fields.discountType) ?? 'percent'}
              className={`${staffInput} w-full bg-white`}
            >
              <option value="percent">{t('staffSettings.promo.types.percent')}</option>
              <option value="fixed">{t('staffSettings.promo.types.fixed')}</option>
            </select>
          )}
        />
        <StaffField
          field={fields.discountValue}
          label={t('staffSettings.promo.discountValue')}
          defaultValue={typed(fields.discountValue)}
          {...amount}
          min="0.01"
          required
        />
        <StaffField
          field={fields.fromPrice}
          label={t('staffSettings.promo.fromPriceField')}
          defaultValue={typed(fields.fromPrice)}
          {...amount}
        />
        <StaffField
          field={fields.startsOn}
          label={t('staffSettings.promo.startsOn')}
          defaultValue={typed(fields.startsOn)}
          type="date"
        />
        <StaffField
          field={fields.endsOn}
          label={t('staffSettings.promo.endsOn')}
          defaultValue={typed(fields.endsOn)}
          type="date"
        />
      </div>
      <p className="mt-2 text-sm text-slate-600">{t('staffSettings.promo.hint')}</p>
      <Button type="submit" className="mt-3" disabled={pending}>
        {t('staffSettings.promo.create')}
      </Button>
    </Form>
  );
}

function DeliveryItem({
  delivery,
  lastResult,
}: {
  delivery: StaffDelivery;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useI18n();
  const formId = `delivery-${delivery.id}`;
  const [form, fields] = useShopForm(deliveryFormSchema, {
    id: formId,
    lastResult,
    defaultValue: {
      price: delivery.price.toFixed(2),
      freeFrom: delivery.freeFrom === null ? '' : delivery.freeFrom.toFixed(2),
    },
  });
  const pending = useIsPending({ fields: { intent: 'delivery', delivery: String(delivery.id) } });
  return (
    <li className="rounded-md border border-slate-100 p-3">
      <Form method="post" {...getFormProps(form)} aria-labelledby={`${formId}-title`}>
        <h3 id={`${formId}-title`} className="mb-2 font-medium break-words">
          {delivery.title}
          {delivery.pickup && (
            <span className="ml-2 text-sm text-slate-600">
              {t('staffSettings.deliveries.pickup')}
            </span>
          )}
        </h3>
        <FormErrors form={form} />
        <CsrfInput />
        <input type="hidden" name="intent" value="delivery" />
        <input type="hidden" name="delivery" value={delivery.id} />
        <div className="flex flex-wrap items-end gap-3">
          <StaffField
            field={fields.price}
            label={t('staffSettings.deliveries.price')}
            errors="elsewhere"
            width="w-32"
            {...amount}
            required
            defaultValue={delivery.price.toFixed(2)}
          />
          <StaffField
            field={fields.freeFrom}
            label={t('staffSettings.deliveries.freeFrom')}
            errors="elsewhere"
            width="w-32"
            {...amount}
            defaultValue={delivery.freeFrom === null ? '' : delivery.freeFrom.toFixed(2)}
          />
          <div className="flex items-center gap-2 py-2">
            <input
              id={fields.active.id}
              name={fields.active.name}
              type="checkbox"
              defaultChecked={delivery.active}
              className="h-5 w-5"
            />
            <label htmlFor={fields.active.id}>{t('staffSettings.deliveries.active')}</label>
          </div>
          <Button type="submit" variant="secondary" disabled={pending}>
            {t('staffSettings.deliveries.save')}
            <span className="sr-only"> {delivery.title}</span>
          </Button>
        </div>
        <FieldErrors field={fields.price} />
        <FieldErrors field={fields.freeFrom} />
      </Form>
    </li>
  );
}

function PaymentItem({
  payment,
  lastResult,
}: {
  payment: StaffPayment;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useI18n();
  const [form] = useShopForm(paymentFormSchema, { id: `payment-${payment.id}`, lastResult });
  const pending = useIsPending({ fields: { intent: 'payment', payment: String(payment.id) } });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-100 p-3">
      <div>
        <p className="font-medium break-words">{payment.title}</p>
        <p className="text-sm text-slate-700" data-payment-state={payment.active ? 'on' : 'off'}>
          {payment.active ? t('staffSettings.payments.on') : t('staffSettings.payments.off')}
          {!payment.configured && ` · ${t('staffSettings.payments.notConfigured')}`}
        </p>
      </div>
      <Form method="post" id={form.id}>
        <FormErrors form={form} />
        <CsrfInput />
        <input type="hidden" name="intent" value="payment" />
        <input type="hidden" name="payment" value={payment.id} />
        <input type="hidden" name="turn" value={payment.active ? 'off' : 'on'} />
        <Button type="submit" variant={payment.active ? 'danger' : 'primary'} disabled={pending}>
          {payment.active
            ? t('staffSettings.payments.turnOff')
            : t('staffSettings.payments.turnOn')}
          <span className="sr-only"> {payment.title}</span>
        </Button>
      </Form>
    </li>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
