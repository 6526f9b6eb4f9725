import { useRef } from 'react';
import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import type { Address, City, Country, Delivery, Region } from '@shop/contract';
import { Button } from '#app/components/button.tsx';
import { useChangedBeforeHydration } from '#app/lib/hydrated.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { FieldErrors, TextField } from './form-messages.tsx';

type Field = FieldMetadata<string | number | null | undefined>;

const select = 'w-full rounded-md border border-slate-300 px-3 py-2';

/**
 * The place and street of an address (checkout, address book): country, then the country's
 * regions, then the city, typed, with the region's cities offered as suggestions (a <datalist>:
 * any city can be written, the list only saves typing). Choosing a country or region asks the
 * server for the next list with the form's `intent=places` button (a round trip, so it works
 * without JavaScript; with JavaScript the change submits it).
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
      <CityField field={fields.city} cities={places.cities} />
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
    city: address.city,
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

/** The city as typed, the region's cities suggested. */
function CityField({ field, cities }: { field: Field; cities: City[] }) {
  const { t } = useI18n();
  const listId = `${field.id}-suggestions`;
  const hintId = `${field.id}-hint`;
  const described = [cities.length > 0 ? hintId : null, field.errors ? field.errorId : null];
  const ids = described.filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block font-medium">
        {t('checkout.city')}
      </label>
      {cities.length > 0 && (
        <p id={hintId} className="mb-1 text-sm text-slate-600">
          {t('checkout.cityHint')}
        </p>
      )}
      <input
        id={field.id}
        name={field.name}
        type="text"
        form={field.formId}
        list={cities.length > 0 ? listId : undefined}
        defaultValue={typeof field.initialValue === 'string' ? field.initialValue : undefined}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={ids || undefined}
        autoComplete="address-level2"
        className={select}
      />
      {cities.length > 0 && (
        <datalist id={listId}>
          {cities.map((c) => (
            <option key={c.id} value={c.title} />
          ))}
        </datalist>
      )}
      <FieldErrors field={field} />
    </div>
  );
}

/**
 * A delivery as the checkout offers it: its title and its price for this cart (`price`, what the
 * domain's `deliveryPrice` charges: "Free" once the cart reaches its free-from threshold, the
 * same figure as the summary, the order and the mail), the threshold, its description and, for a
 * pickup, where it is collected.
 */
export function DeliveryOptionText({
  delivery,
  price,
  money,
}: {
  delivery: Delivery;
  price: number;
  money: (amount: number) => string;
}) {
  const { t } = useI18n();
  return (
    <span className="min-w-0 flex-1">
      <span className="flex justify-between gap-2 font-medium">
        <span>{delivery.title}</span>
        <span className="shrink-0">{price === 0 ? t('checkout.free') : money(price)}</span>
      </span>
      {delivery.freeFrom !== null && price > 0 && (
        <span className="block text-sm text-slate-600">
          {t('checkout.freeFrom', { amount: money(delivery.freeFrom) })}
        </span>
      )}
      <span className="block text-sm text-slate-600">{delivery.description}</span>
      {delivery.pickup && delivery.pickupPoint && (
        <span className="block text-sm">
          <span className="font-medium">{t('checkout.pickupPoint')}:</span> {delivery.pickupPoint}
        </span>
      )}
    </span>
  );
}

/** What the address section says instead of asking, when the chosen delivery is a pickup. */
export function PickupPointNote({ delivery }: { delivery: Delivery }) {
  const { t } = useI18n();
  return (
    <div className="rounded-md border border-slate-300 bg-slate-50 p-3" role="status">
      <p>{t('checkout.pickupNoAddress')}</p>
      <p className="mt-1">
        <span className="font-medium">{t('checkout.pickupPoint')}:</span> {delivery.pickupPoint}
      </p>
    </div>
  );
}
