import { asc, eq } from 'drizzle-orm';
import {
  localizeIssues,
  postcodeIssues,
  shippingAddressSchema,
  type City,
  type Country,
  type Delivery,
  type FieldErrors,
  type Locale,
  type Payment,
  type Region,
  type ShippingAddress,
} from '@shop/contract';
import type { Translate } from '@shop/messages/translate';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';

/* What a checkout offers: delivery and payment methods, and the places delivered to. */

export async function listDeliveries(db: Database, locale: Locale): Promise<Delivery[]> {
  const t = translated(s.deliveryTranslations, locale, 'dt');
  return db
    .select({
      id: s.deliveries.id,
      title: t.text('title'),
      description: t.text('description'),
      price: s.deliveries.price,
      freeFrom: s.deliveries.freeFrom,
      pickup: s.deliveries.pickup,
      pickupPoint: t.text('pickupPoint'),
    })
    .from(s.deliveries)
    .leftJoin(t.local, t.onLocal(s.deliveries.id))
    .leftJoin(t.fallback, t.onFallback(s.deliveries.id))
    .where(eq(s.deliveries.active, true))
    .orderBy(asc(s.deliveries.sorting), asc(s.deliveries.id));
}

/** Active payment methods of the given kinds (those a provider is configured for). */
export async function listPayments(
  db: Database,
  locale: Locale,
  kinds: readonly Payment['kind'][],
): Promise<Payment[]> {
  const t = translated(s.paymentTranslations, locale, 'pt');
  const rows = await db
    .select({
      id: s.payments.id,
      kind: s.payments.kind,
      title: t.text('title'),
      description: t.text('description'),
    })
    .from(s.payments)
    .leftJoin(t.local, t.onLocal(s.payments.id))
    .leftJoin(t.fallback, t.onFallback(s.payments.id))
    .where(eq(s.payments.active, true))
    .orderBy(asc(s.payments.sorting), asc(s.payments.id));
  return rows.filter((row) => kinds.includes(row.kind));
}

export async function listCountries(db: Database, locale: Locale): Promise<Country[]> {
  const t = translated(s.countryTranslations, locale, 'ct');
  return db
    .select({ id: s.countries.id, code: s.countries.code, title: t.text('title') })
    .from(s.countries)
    .leftJoin(t.local, t.onLocal(s.countries.id))
    .leftJoin(t.fallback, t.onFallback(s.countries.id))
    .orderBy(asc(s.countries.sorting), asc(t.text('title')));
}

export async function listRegions(
  db: Database,
  locale: Locale,
  country: number,
): Promise<Region[]> {
  const t = translated(s.regionTranslations, locale, 'rt');
  return db
    .select({ id: s.regions.id, title: t.text('title'), country: s.regions.countryId })
    .from(s.regions)
    .leftJoin(t.local, t.onLocal(s.regions.id))
    .leftJoin(t.fallback, t.onFallback(s.regions.id))
    .where(eq(s.regions.countryId, country))
    .orderBy(asc(t.text('title')));
}

export async function listCities(db: Database, locale: Locale, region: number): Promise<City[]> {
  const t = translated(s.cityTranslations, locale, 'yt');
  return db
    .select({ id: s.cities.id, title: t.text('title'), region: s.cities.regionId })
    .from(s.cities)
    .leftJoin(t.local, t.onLocal(s.cities.id))
    .leftJoin(t.fallback, t.onFallback(s.cities.id))
    .where(eq(s.cities.regionId, region))
    .orderBy(asc(t.text('title')));
}

/** A place as the checkout form and the address book name it: country, maybe region, postcode. */
export type PlaceFields = { country: number; region?: number | null; postcode: string };

/**
 * Field errors of a place the shop cannot deliver to: an unknown country, a region missing where
 * the country has regions, or not the country's, a postcode not shaped as the country's. Empty
 * when the place fits. (The city is free text: the region's cities are only suggestions.)
 */
export async function placeErrors(
  db: Database,
  locale: Locale,
  place: PlaceFields,
  t: Translate,
): Promise<FieldErrors> {
  const ct = translated(s.countryTranslations, locale, 'ct');
  const [country] = await db
    .select({ id: s.countries.id, code: s.countries.code, title: ct.text('title') })
    .from(s.countries)
    .leftJoin(ct.local, ct.onLocal(s.countries.id))
    .leftJoin(ct.fallback, ct.onFallback(s.countries.id))
    .where(eq(s.countries.id, place.country));
  if (!country) return { country: [t('orders.unknownCountry')] };
  const errors = localizeIssues(postcodeIssues(country, place.postcode), t);
  const regions = await db
    .select({ id: s.regions.id })
    .from(s.regions)
    .where(eq(s.regions.countryId, place.country));
  if (place.region == null) {
    if (regions.length > 0) errors.region = [t('forms.required')];
  } else if (!regions.some((r) => r.id === place.region)) {
    errors.region = [t('orders.unknownRegion')];
  }
  return errors;
}

/**
 * Every field error of a shipping address at once: the contract's required fields and lengths,
 * then (when those pass) the place. The `values` are what the address will be.
 */
export async function shippingAddressErrors(
  db: Database,
  locale: Locale,
  values: Partial<Record<keyof ShippingAddress, unknown>>,
  t: Translate,
): Promise<FieldErrors> {
  const parsed = shippingAddressSchema.safeParse(values);
  const errors = parsed.success ? {} : localizeIssues(parsed.error.issues, t);
  // The place is checked as well when the country is one, so that a missing region or a bad
  // postcode is told with the missing city, not in a second round.
  const country = parsed.success ? parsed.data.country : values.country;
  if (typeof country !== 'number' || errors.country) return errors;
  const region = typeof values.region === 'number' ? values.region : null;
  const postcode = typeof values.postcode === 'string' ? values.postcode : '';
  const place = await placeErrors(db, locale, { country, region, postcode }, t);
  for (const [field, messages] of Object.entries(place)) errors[field] ??= messages;
  return errors;
}
