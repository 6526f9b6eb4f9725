import { Form } from 'react-router';
import { z } from 'zod';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import {
  staffMoveBodySchema,
  staffTrackingBodySchema,
  type StaffOrder,
  type StaffOrderAction,
} from '@shop/contract';
import { canChangeTracking } from '@shop/domain';
import { AppLink } from '#app/components/app-link.tsx';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FieldErrors, FormErrors } from '#app/components/form-messages.tsx';
import { OrderAddress } from '#app/components/order-details.tsx';
import { OrderSummary } from '#app/components/order-summary.tsx';
import {
  staffBox,
  StaffField,
  StaffHeading,
  StaffSection,
  StatusLine,
} from '#app/components/staff-parts.tsx';
import { readVerifiedForm, sendForm } from '#app/lib/forms.server.ts';
import { parseForm } from '#app/lib/forms.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-order';
import { foundOr404, recordId } from '#app/lib/api-errors.server.ts';

/** The tracking form: an empty field clears the number. */
const trackingFormSchema = staffTrackingBodySchema.extend({
  intent: z.literal('tracking'),
  trackingNumber: staffTrackingBodySchema.shape.trackingNumber.default(''),
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  return { order: await foundOr404(shop.api.staff.order({ params: { id: recordId(params.id) } })) };
}

/**
 * One move of the order (mark paid, processing, shipped with a tracking number, delivered,
 * cancel): the form sends the version the page showed, so a move someone made meanwhile refuses
 * this one with "changed meanwhile" instead of acting on what the page no longer shows.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const formData = await readVerifiedForm(request, t);
  if (formData.get('intent') === 'tracking') {
    // The tracking number of a shipped order, set or corrected outside the "Shipped" move.
    return sendForm(parseForm(formData, trackingFormSchema, t), t, async (value) => {
      const { intent: _, ...body } = value;
      await shop.api.staffSettings.setTracking({ params: { id: recordId(params.id) }, body });
      return { tracked: true };
    });
  }
  return sendForm(
    parseForm(formData, staffMoveBodySchema, t),
    t,
    async (body) => {
      const order = await shop.api.staff.moveOrder({ params: { id: recordId(params.id) }, body });
      return { moved: order.status };
    },
    { resetForm: true },
  );
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: loaderData?.order.number ?? '',
    robots: 'noindex',
  });
}

export default function StaffOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { order } = loaderData;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const moved = actionData && 'moved' in actionData ? actionData.moved : null;
  return (
    <>
      <p className="mb-2">
        <AppLink to={`/${locale}/staff/orders/`} className="text-primary underline">
          {t('staff.orders.back')}
        </AppLink>
      </p>
      <StaffHeading title={t('staff.orders.detail', { number: order.number })}>
        <p className="font-bold">{t(`orders.statuses.${order.status}`)}</p>
      </StaffHeading>
      {moved && (
        <StatusLine>
          {t('staff.orders.moved', { status: t(`orders.statuses.${moved}`) })}
        </StatusLine>
      )}
      {actionData && 'tracked' in actionData && (
        <StatusLine>{t('staffSettings.tracking.saved')}</StatusLine>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <StaffSection
          headingId="moves-heading"
          title={t('staff.orders.actions')}
          className={`${staffBox} lg:col-span-2`}
        >
          <Moves
            order={order}
            lastResult={
              actionData?.result.initialValue?.['intent'] === 'tracking'
                ? undefined
                : actionData?.result
            }
          />
          {canChangeTracking(order.status) && (
            <TrackingForm
              order={order}
              lastResult={
                actionData?.result.initialValue?.['intent'] === 'tracking'
                  ? actionData.result
                  : undefined
              }
            />
          )}
        </StaffSection>
        <StaffSection headingId="lines-heading" title={t('staff.orders.lines')}>
          <OrderSummary order={order} />
        </StaffSection>
        <StaffSection headingId="address-heading" title={t('staff.orders.address')}>
          <OrderAddress order={order}>
            <a href={`mailto:${order.email}`} className="block text-primary underline">
              {order.email}
            </a>
            {order.phone && <span className="block">{order.phone}</span>}
          </OrderAddress>
          {order.comment && <p className="mt-2 text-slate-700">{order.comment}</p>}
        </StaffSection>
        <StaffSection headingId="payment-heading" title={t('staff.orders.paymentSection')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">{t('staff.orders.payment')}</dt>
            <dd>{order.payment.title || t(`staff.orders.kinds.${order.payment.kind}`)}</dd>
            <dt className="font-medium">{t('checkout.delivery')}</dt>
            <dd>{order.delivery.title}</dd>
            {order.trackingNumber && (
              <>
                <dt className="font-medium">{t('staff.orders.tracking')}</dt>
                <dd className="break-all">{order.trackingNumber}</dd>
              </>
            )}
          </dl>
          {order.refundDue && (
            <p className="mt-3 rounded-md bg-amber-50 p-3 text-amber-900">
              {t('staff.orders.refundDue')}
            </p>
          )}
        </StaffSection>
        <StaffSection headingId="history-heading" title={t('staff.orders.history')}>
          <ol className="space-y-2">
            {order.history.map((change, i) => (
              <li key={i}>
                <span className="font-medium">{t(`orders.statuses.${change.status}`)}</span>
                {' · '}
                <time dateTime={change.at}>{date.format(new Date(change.at))}</time>
                {' · '}
                {t('staff.orders.by', { name: change.by ?? t('staff.orders.byShop') })}
                {change.note && <span className="block text-sm text-slate-600">{change.note}</span>}
              </li>
            ))}
          </ol>
        </StaffSection>
        <StaffSection
          headingId="log-heading"
          title={t('staff.orderLog.title')}
          className={`${staffBox} lg:col-span-2`}
        >
          <StaffLog actions={order.actions} format={(at) => date.format(new Date(at))} />
        </StaffSection>
        <StaffSection
          headingId="mails-heading"
          title={t('staff.orders.mails')}
          className={`${staffBox} lg:col-span-2`}
        >
          {order.mails.length === 0 ? (
            <p>{t('staff.orders.noMails')}</p>
          ) : (
            <ul className="space-y-2">
              {order.mails.map((mail, i) => (
                <li key={i} className="break-words">
                  <time dateTime={mail.at}>{date.format(new Date(mail.at))}</time>
                  {' · '}
                  {mail.subject} ({mail.email}, {mail.locale.toUpperCase()})
                </li>
              ))}
            </ul>
          )}
        </StaffSection>
      </div>
    </>
  );
}

/** The order's part of the staff log, newest first: when, who, and what became what. */
function StaffLog({
  actions,
  format,
}: {
  actions: StaffOrder['actions'];
  format: (at: string) => string;
}) {
  const { t } = useI18n();
  if (actions.length === 0) return <p>{t('staff.orderLog.none')}</p>;
  const status = (state: StaffOrderAction['before']) =>
    state.status ? t(`orders.statuses.${state.status}`) : t('staff.orderLog.empty');
  const tracking = (state: StaffOrderAction['before']) =>
    state.trackingNumber || t('staff.orderLog.empty');
  return (
    <ol className="space-y-2">
      {actions.map((entry) => {
        const move = entry.action.startsWith('move:');
        return (
          <li key={entry.id} className="break-words" data-action={entry.action}>
            <time dateTime={entry.at}>{format(entry.at)}</time>
            {' · '}
            {t('staff.orders.by', { name: entry.by ?? t('staff.orderLog.formerStaff') })}
            {' · '}
            {move ? (
              <>
                <span className="font-medium">{t('staff.orderLog.status')}:</span>{' '}
                {status(entry.before)} → {status(entry.after)}
                {entry.after.trackingNumber &&
                  ` (${t('staff.orderLog.withTracking', { number: entry.after.trackingNumber })})`}
              </>
            ) : entry.action === 'tracking' ? (
              <>
                <span className="font-medium">{t('staff.orderLog.tracking')}:</span>{' '}
                {tracking(entry.before)} → {tracking(entry.after)}
              </>
            ) : (
              entry.action
            )}
          </li>
        );
      })}
    </ol>
  );
}

type MoveResult = SubmissionResult<string[]>;

/** A form per move the order allows now; "Mark shipped" with its tracking number field. */
function Moves({ order, lastResult }: { order: StaffOrder; lastResult: MoveResult | undefined }) {
  const { t } = useI18n();
  const [form, fields] = useShopForm(staffMoveBodySchema, {
    id: 'staff-move',
    lastResult,
    shouldValidate: 'onSubmit',
  });
  if (order.moves.length === 0)
    return (
      <>
        <FormErrors form={form} />
        <p>{t('staff.orders.noActions')}</p>
      </>
    );
  return (
    <>
      <FormErrors form={form} />
      <div className="flex flex-wrap items-end gap-3">
        {order.moves.map((to) => (
          <MoveForm key={to} to={to} order={order} trackingErrors={fields.trackingNumber.errors} />
        ))}
      </div>
      {order.moves.includes('cancelled') && (
        <p className="mt-3 text-sm text-slate-600">{t('staff.orders.cancelHint')}</p>
      )}
    </>
  );
}

function MoveForm({
  to,
  order,
  trackingErrors,
}: {
  to: StaffOrder['moves'][number];
  order: StaffOrder;
  trackingErrors: string[] | undefined;
}) {
  const { t } = useI18n();
  // Every move of the page waits while one is sent and the page reloads: each carries the
  // order's version, which is about to change (a move sent meanwhile would be refused as stale).
  const pending = useIsPending();
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <CsrfInput />
      <input type="hidden" name="to" value={to} />
      <input type="hidden" name="version" value={order.version} />
      {to === 'shipped' && (
        <StaffField
          field={{
            id: 'tracking-number',
            name: 'trackingNumber',
            errorId: 'tracking-number-error',
            errors: trackingErrors,
          }}
          label={t('staff.orders.tracking')}
          width="w-auto"
          type="text"
          maxLength={100}
        />
      )}
      <Button type="submit" variant={to === 'cancelled' ? 'danger' : 'primary'} disabled={pending}>
        {t(`staff.orders.moves.${to}`)}
      </Button>
    </Form>
  );
}

/**
 * A shipped order's tracking number, set or corrected (decision 0059): saved with the order's
 * version like a move, and the customer is mailed the new number.
 */
function TrackingForm({
  order,
  lastResult,
}: {
  order: StaffOrder;
  lastResult: MoveResult | undefined;
}) {
  const { t } = useI18n();
  const [form, fields] = useShopForm(trackingFormSchema, {
    id: 'staff-tracking',
    lastResult,
    shouldValidate: 'onSubmit',
  });
  const pending = useIsPending({ fields: { intent: 'tracking' } });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="tracking-heading"
      className="mt-4 border-t border-slate-200 pt-4"
    >
      <h3 id="tracking-heading" className="mb-2 font-bold">
        {t('staffSettings.tracking.change')}
      </h3>
      <FormErrors form={form} />
      <CsrfInput />
      <input type="hidden" name="intent" value="tracking" />
      <input type="hidden" name="version" value={order.version} />
      <div className="flex flex-wrap items-end gap-2">
        <StaffField
          field={fields.trackingNumber}
          label={t('staffSettings.tracking.title')}
          className="min-w-0 grow sm:grow-0"
          errors="elsewhere"
          type="text"
          maxLength={100}
          defaultValue={order.trackingNumber}
        />
        <Button type="submit" variant="secondary" disabled={pending}>
          {t('staffSettings.tracking.save')}
        </Button>
      </div>
      <FieldErrors field={fields.trackingNumber} />
      <p className="mt-2 text-sm text-slate-600">{t('staffSettings.tracking.hint')}</p>
    </Form>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
