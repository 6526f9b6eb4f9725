import { data, Form, redirect } from 'react-router';
import { getFormProps } from '@conform-to/react';
import type { Address } from '@shop/contract';
import {
  AddressFields,
  addressFormValues,
  RecipientFields,
} from '#app/components/address-fields.tsx';
import { Button, buttonVariants } from '#app/components/button.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { DashboardSection } from '#app/components/dashboard-section.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { DefaultSubmit, FormErrors } from '#app/components/form-messages.tsx';
import { useShopForm } from '#app/lib/shop-form.ts';
import { addressBookForm } from '#app/lib/account-forms.ts';
import { readForm, sendForm, type FormReply } from '#app/lib/forms.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { noPlaces, placesFor, type Places } from '#app/lib/places.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { setNotice } from '#app/lib/cookies.ts';
import type { Route } from './+types/dashboard-addresses';

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const query = new URL(request.url).searchParams;
  const [addresses, countries] = await Promise.all([
    shop.api.accounts.addresses(),
    shop.api.core.deliveryCountries(),
  ]);
  const editing = addresses.find((a) => String(a.id) === query.get('edit')) ?? null;
  return {
    addresses,
    countries,
    editing,
    // The form is open for an edit, when asked for, and while the book is empty.
    formOpen: editing !== null || query.has('new') || addresses.length === 0,
    places: editing ? await placesFor(shop.api, editing.country.id, editing.region?.id) : noPlaces,
  };
}

type AddressReply = FormReply & { places?: Places };

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const book = `/${shop.locale}/account/dashboard/address-book/`;
  const api = shop.api.accounts;
  const saved = (notice: 'addressSaved' | 'addressDeleted') =>
    redirect(book, { headers: { 'Set-Cookie': setNotice(notice, request) } });
  return sendForm(
    await readForm(request, addressBookForm, t),
    t,
    async (form): Promise<{ places: Places } | Response> => {
      if (form.intent === 'places')
        return { places: await placesFor(shop.api, form.country, form.region) };
      if (form.intent === 'delete') {
        await api.removeAddress({ params: { id: form.id } });
        return saved('addressDeleted');
      }
      if (form.intent === 'default') {
        await api.updateAddress({ params: { id: form.id }, body: { isDefault: true } });
        return saved('addressSaved');
      }
      const { intent: _intent, id, isDefault, ...fields } = form;
      // An emptied region is cleared, not left as it was.
      const body = { ...fields, region: fields.region ?? null };
      if (id === undefined)
        await api.addAddress({ body: { ...body, isDefault: isDefault ?? false } });
      else
        await api.updateAddress({
          params: { id },
          body: isDefault ? { ...body, isDefault } : body,
        });
      // The page says so with a toast (shop-layout.tsx), with JavaScript or without.
      return saved('addressSaved');
    },
    {
      // The form shown again keeps the places of its country and region.
      refused: async (_error, failure, form) =>
        data<AddressReply>(
          {
            ...failure.data,
            places:
              form.intent === 'save'
                ? await placesFor(shop.api, form.country, form.region)
                : undefined,
          },
          failure.init ?? undefined,
        ),
    },
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'account.addressBook', robots: 'noindex' });
}

function AddressCard({ address }: { address: Address }) {
  const { locale, t } = useI18n();
  const place = [address.postcode, address.city].filter(Boolean).join(' ');
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <address className="not-italic break-words">
        <span className="block font-medium">
          {address.firstName} {address.lastName}
        </span>
        <span className="block">{address.address}</span>
        {place && <span className="block">{place}</span>}
        <span className="block">
          {[address.region?.title, address.country.title].filter(Boolean).join(', ')}
        </span>
        <span className="block text-slate-600">{address.phone}</span>
      </address>
      {address.isDefault && (
        <p className="w-fit rounded bg-blue-50 px-2 py-1 text-sm font-medium text-primary">
          {t('account.defaultAddress')}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2 text-sm">
        <AppLink
          to={`/${locale}/account/dashboard/address-book/?edit=${address.id}`}
          className={buttonVariants({ variant: 'secondary', size: 'compact' })}
        >
          {t('common.edit')}
        </AppLink>
        {!address.isDefault && (
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="default" />
            <input type="hidden" name="id" value={address.id} />
            <Button type="submit" variant="secondary" size="compact">
              {t('account.makeDefault')}
            </Button>
          </Form>
        )}
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <Button
            type="submit"
            variant="danger"
            size="compact"
            aria-label={`${t('common.delete')}: ${address.address}`}
          >
            {t('common.delete')}
          </Button>
        </Form>
      </div>
    </li>
  );
}

function AddressForm({
  editing,
  countries,
  places,
  reply,
}: {
  editing: Address | null;
  countries: Route.ComponentProps['loaderData']['countries'];
  places: Places;
  reply: AddressReply | undefined;
}) {
  const { locale, t } = useI18n();
  const saving = useIsPending({ intent: 'save' });
  const [form, fields] = useShopForm(addressBookForm, {
    id: `address-${editing?.id ?? 'new'}`,
    lastResult: reply?.result,
    defaultValue: editing ? { id: String(editing.id), ...addressFormValues(editing) } : undefined,
  });
  const title = editing ? t('account.editAddress') : t('account.addAddress');
  return (
    <section aria-labelledby="address-form-title" className="mt-6 border-t border-slate-200 pt-6">
      <h3 id="address-form-title" className="mb-4 text-lg font-bold">
        {title}
      </h3>
      <FormErrors form={form} />
      <Form method="post" className="max-w-xl space-y-4" {...getFormProps(form)}>
        <CsrfInput />
        <DefaultSubmit intent="save" />
        {editing && <input type="hidden" name="id" value={editing.id} />}
        <RecipientFields fields={fields} />
        <AddressFields fields={fields} countries={countries} places={places} />
        {!editing?.isDefault && (
          <label className="flex items-center gap-3">
            <input type="checkbox" name="isDefault" className="h-5 w-5" />
            <span>{t('account.useAsDefault')}</span>
          </label>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            name="intent"
            value="save"
            disabled={saving}
            size="lg"
            block
            className="sm:w-auto"
          >
            {t('account.saveAddress')}
          </Button>
          <AppLink
            to={`/${locale}/account/dashboard/address-book/`}
            className={buttonVariants({ variant: 'secondary', size: 'lg' })}
          >
            {t('common.cancel')}
          </AppLink>
        </div>
      </Form>
    </section>
  );
}

export default function AddressBook({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { addresses, countries, editing } = loaderData;
  const reply = actionData;
  const places = (reply && 'places' in reply ? reply.places : undefined) ?? loaderData.places;
  // A refused save keeps its form open, whatever the address bar says.
  const formOpen = loaderData.formOpen || reply !== undefined;
  return (
    <DashboardSection id="address-book" title={t('account.addressBook')}>
      {addresses.length === 0 ? (
        <p className="mb-2">{t('account.noAddresses')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} />
          ))}
        </ul>
      )}
      {formOpen ? (
        <AddressForm
          key={editing?.id ?? 'new'}
          editing={editing}
          countries={countries}
          places={places}
          reply={reply}
        />
      ) : (
        <AppLink
          to={`/${locale}/account/dashboard/address-book/?new`}
          className={buttonVariants({ size: 'lg', className: 'mt-6 inline-block' })}
        >
          {t('account.addAddress')}
        </AppLink>
      )}
    </DashboardSection>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
