import { and, asc, eq } from 'drizzle-orm';
import type { City, Country, Delivery, FieldErrors, Locale, Payment, Region } from '@shop/contract';
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

/** A place as the checkout form and the address book name it: a country, maybe a region and city. */
export type PlaceIds = { country: number; region?: number | null; city?: number | null };

/**
 * Field errors of a place whose parts do not exist or do not belong together (the region must be
 * the country's, the city the region's); empty when the place is one the shop delivers to.
 */
export async function placeErrors(
  db: Database,
  place: PlaceIds,
  t: Translate,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const [country] = await db
    .select({ id: s.countries.id })
    .from(s.countries)
    .where(eq(s.countries.id, place.country));
  if (!country) return { country: [t('orders.unknownCountry')] };
  if (place.region != null) {
    const [region] = await db
      .select({ id: s.regions.id })
      .from(s.regions)
      .where(and(eq(s.regions.id, place.region), eq(s.regions.countryId, place.country)));
    if (!region) errors.region = [t('orders.unknownRegion')];
  }
  if (place.city != null) {
    const [city] =
      place.region == null
        ? []
        : await db
            .select({ id: s.cities.id })
            .from(s.cities)
            .where(and(eq(s.cities.id, place.city), eq(s.cities.regionId, place.region)));
    if (!city) errors.city = [t('orders.unknownCity')];
  }
  return errors;
}
