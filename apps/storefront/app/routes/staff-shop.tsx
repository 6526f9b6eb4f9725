import { Form } from 'react-router';
import { z } from 'zod';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FormErrors } from '#app/components/form-messages.tsx';
import { StaffHeading } from '#app/components/staff-parts.tsx';
import { apiFailure, invalid, readForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-shop';

/**
 * The switch's form: one button that sends what the shop is to become. A form sends text, so it
 * says `open` or `closed`; the action turns that into the contract's `{ visible }`.
 */
const switchFormSchema = z.object({ shop: z.enum(['open', 'closed']) });

export async function loader({ context }: Route.LoaderArgs) {
  return { shop: await getShopRequest(context).api.staff.shop() };
}

/** Opens or closes the shop; the pages the page cache kept drop as the change commits. */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const submission = await readForm(request, switchFormSchema, t);
  if (submission.status !== 'success') return invalid(submission);
  try {
    await shop.api.staff.updateShop({ body: { visible: submission.value.shop === 'open' } });
    return { result: submission.reply() };
  } catch (error) {
    return apiFailure(submission, error, t);
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'staff.shop.title', robots: 'noindex' });
}

export default function StaffShop({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { visible } = loaderData.shop;
  const [form] = useShopForm(switchFormSchema, {
    id: 'staff-shop',
    lastResult: actionData?.result,
  });
  const pending = useIsPending();
  return (
    <>
      <StaffHeading title={t('staff.shop.title')} />
      <FormErrors form={form} />
      <p role="status" className="mb-4 text-lg">
        {visible ? t('staff.shop.open') : t('staff.shop.closed')}
      </p>
      <Form method="post" id={form.id}>
        <CsrfInput />
        <input type="hidden" name="shop" value={visible ? 'closed' : 'open'} />
        <Button type="submit" variant={visible ? 'danger' : 'primary'} disabled={pending}>
          {visible ? t('staff.shop.close') : t('staff.shop.reopen')}
        </Button>
      </Form>
    </>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
