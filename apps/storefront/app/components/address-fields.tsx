import { useRef } from 'react';
import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import type { Address, City, Country, Region } from '@shop/contract';
import { Button } from '#app/components/button.tsx';
import { useChangedBeforeHydration } from '#app/lib/hydrated.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { FieldErrors, TextField } from './form-messages.tsx';

type Field = FieldMetadata<string | number | null | undefined>;

const select = 'w-full rounded-md border border-slate-300 px-3 py-2';

/**
 * The place and street of an address (checkout, address book): country, then the country's
 * regions, then the region's cities. Choosing one asks the server for the next list with the
 * form's `intent=places` button (a round trip, so it works without JavaScript; with JavaScript
 * the change submits it).
 */
export function AddressFields({
  fields,
  countries,
  places,
}: {
  fields: Record<'country' | 'region' | 'city' | 'address' | 'postcode', Field>;
  countries: Country[];
  places: { regions: Region[]; cities: City[] };
}) {
  const { t } = useI18n();
  const placesButton = useRef<HTMLButtonElement>(null);
  const refreshPlaces = () => placesButton.current?.form?.requestSubmit(placesButton.current);
  // A country or region chosen before the scripts ran asks for its places on hydration.
  const country = useRef<HTMLSelectElement>(null);
  const region = useRef<HTMLSelectElement>(null);
  useChangedBeforeHydration(country, refreshPlaces);
  useChangedBeforeHydration(region, refreshPlaces);
  return (
    <>
      <div>
        <label htmlFor={fields.country.id} className="mb-1 block font-medium">
          {t('checkout.country')}
        </label>
        <select
          {...getSelectProps(fields.country)}
          ref={country}
          className={select}
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
            ref={region}
            className={select}
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
          <select {...getSelectProps(fields.city)} className={select}>
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
      <Button
        ref={placesButton}
        type="submit"
        name="intent"
        value="places"
        formNoValidate
        variant="secondary"
        size="sm"
      >
        {t('checkout.updatePlaces')}
      </Button>
      <TextField
        field={fields.address}
        label={t('checkout.street')}
        // One line: `street-address` is for multi-line fields (a textarea), not an <input>.
        autoComplete="address-line1"
      />
      <TextField
        field={fields.postcode}
        label={t('checkout.postalCode')}
        autoComplete="postal-code"
      />
    </>
  );
}

/** A saved address as the address forms' starting values (ids as the selects hold them). */
export function addressFormValues(address: Address) {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    phone: address.phone,
    country: String(address.country.id),
    region: address.region ? String(address.region.id) : '',
    city: address.city ? String(address.city.id) : '',
    address: address.address,
    postcode: address.postcode,
  };
}

/** Who receives the parcel and how to reach them: the names side by side, then the phone. */
export function RecipientFields({
  fields,
}: {
  fields: Record<'firstName' | 'lastName' | 'phone', Field>;
}) {
  const { t } = useI18n();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.firstName}
          label={t('fields.firstName')}
          autoComplete="given-name"
        />
        <TextField
          field={fields.lastName}
          label={t('fields.lastName')}
          autoComplete="family-name"
        />
      </div>
      <TextField field={fields.phone} label={t('checkout.phone')} type="tel" autoComplete="tel" />
    </>
  );
}
