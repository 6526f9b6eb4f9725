import type { ApiClient, City, Region } from '@shop/contract';

/** The regions of a chosen country and the cities of a chosen region, for an address form. */
export type Places = { regions: Region[]; cities: City[] };

export const noPlaces: Places = { regions: [], cities: [] };

/** Regions of the country, cities of the region (when it is one of the country's). */
export async function placesFor(
  api: ApiClient,
  country: number | null | undefined,
  region: number | null | undefined,
): Promise<Places> {
  const regions = country ? await api.core.deliveryRegions({ query: { country } }) : [];
  const inCountry = region != null && regions.some((r) => r.id === region);
  const cities = inCountry ? await api.core.deliveryCities({ query: { region } }) : [];
  return { regions, cities };
}
