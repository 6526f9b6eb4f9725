import { Form } from 'react-router';
import { z } from 'zod';
import { STAFF_SHOP_SWITCHES, type StaffShop, type StaffShopSwitch } from '@shop/contract';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FormErrors } from '#app/components/form-messages.tsx';
import { StaffHeading, StatusLine } from '#app/components/staff-parts.tsx';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-shop';

/**
 * A switch's form: one button that sends which switch and where it is to go. A form sends text,
 * so it says `on` or `off`; the action turns that into the contract's `{ [switch]: boolean }`.
 */
const switchFormSchema = z.object({
  switch: z.enum(STAFF_SHOP_SWITCHES),
  turn: z.enum(['on', 'off']),
});

export async function loader({ context }: Route.LoaderArgs) {
  return { shop: await getShopRequest(context).api.staff.shop() };
}

/**
 * Turns one switch (visible, active, cart); the pages the page cache kept and the shop info the
 * API kept drop as the change commits, so the storefront follows at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  return sendForm(
    await readForm(request, switchFormSchema, t),
    t,
    async ({ switch: key, turn }) => {
      await shop.api.staff.updateShop({ body: { [key]: turn === 'on' } });
      return { saved: key };
    },
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'staff.shop.title', robots: 'noindex' });
}

/** Each switch's words: its heading, its state on and off, and the button that turns it. */
const WORDS = {
  visible: {
    heading: 'staff.shop.visibleHeading',
    on: 'staff.shop.visibleOn',
    off: 'staff.shop.visibleOff',
    turnOff: 'staff.shop.close',
    turnOn: 'staff.shop.reopen',
  },
  active: {
    heading: 'staff.shop.activeHeading',
    on: 'staff.shop.activeOn',
    off: 'staff.shop.activeOff',
    turnOff: 'staff.shop.deactivate',
    turnOn: 'staff.shop.activate',
  },
  cart: {
    heading: 'staff.shop.cartHeading',
    on: 'staff.shop.cartOn',
    off: 'staff.shop.cartOff',
    turnOff: 'staff.shop.cartTurnOff',
    turnOn: 'staff.shop.cartTurnOn',
  },
} as const satisfies Record<StaffShopSwitch, Record<string, string>>;

export default function StaffShopPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { shop } = loaderData;
  const [form] = useShopForm(switchFormSchema, {
    id: 'staff-shop',
    lastResult: actionData?.result,
  });
  const saved = actionData && 'saved' in actionData;
  return (
    <>
      <StaffHeading title={t('staff.shop.title')} />
      <FormErrors form={form} />
      {saved && <StatusLine>{t('staff.shop.saved')}</StatusLine>}
      <p
        className="mb-2 text-lg font-medium"
        data-shop-state={shop.visible && shop.active ? 'open' : 'closed'}
      >
        {shop.visible && shop.active ? t('staff.shop.open') : t('staff.shop.closed')}
      </p>
      <p className="mb-4 text-slate-700">{t('staff.shop.intro')}</p>
      <ul className="grid gap-4 lg:grid-cols-3">
        {STAFF_SHOP_SWITCHES.map((key) => (
          <Switch key={key} name={key} shop={shop} formId={form.id} />
        ))}
      </ul>
    </>
  );
}

function Switch({
  name,
  shop,
  formId,
}: {
  name: StaffShopSwitch;
  shop: StaffShop;
  formId: string;
}) {
  const { t } = useI18n();
  const on = shop[name];
  const words = WORDS[name];
  const pending = useIsPending({ fields: { switch: name } });
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <h2 id={`switch-${name}`} className="mb-2 text-lg font-bold">
        {t(words.heading)}
      </h2>
      <p className="mb-3" data-switch={name} data-state={on ? 'on' : 'off'}>
        {t(on ? words.on : words.off)}
      </p>
      <Form method="post" id={`${formId}-${name}`}>
        <CsrfInput />
        <input type="hidden" name="switch" value={name} />
        <input type="hidden" name="turn" value={on ? 'off' : 'on'} />
        <Button type="submit" variant={on ? 'danger' : 'primary'} disabled={pending}>
          {t(on ? words.turnOff : words.turnOn)}
        </Button>
      </Form>
    </li>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
