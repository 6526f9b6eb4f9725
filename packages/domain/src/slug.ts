export type FilterParam = { values__id: number } | { attrs__id: number };

/**
 * "The route parameter id holds a slug ending in a numeric id". The id must be the whole slug or follow
 * a dash ('shirt42' is a name, not id 42); ids are positive integers, so 0 and unsafe integers give null.
 */
export function idFromSlug(slug: string): number | null {
  const match = /(?:^|-)(\d+)$/.exec(slug.trim().replace(/\/+$/, ''));
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Appends '-id' unless the slug already ends with that id, so repeated calls are harmless. */
export function slugWithId(slug: string, id: number): string {
  const base = slug.trim().replace(/-+$/, '');
  if (base === '') return String(id);
  return idFromSlug(base) === id ? base : `${base}-${id}`;
}

/** "A route whose name starts with values filters by value id; any other route filters by attribute id." null when the slug has no id. */
export function filterParamForRoute(routeName: string, slug: string): FilterParam | null {
  const id = idFromSlug(slug);
  if (id === null) return null;
  return routeName.startsWith('values') ? { values__id: id } : { attrs__id: id };
}
