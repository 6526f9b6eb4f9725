import { toCents } from './money.ts';

export type FilterableProduct = {
  id: number;
  values: readonly { id: number; attribute?: number | null }[];
};

export type FilterValue = { id: number; attribute?: number | null; products: readonly number[] };

export type FilterAttribute = { id: number; title?: string; values: readonly FilterValue[] };

export type PriceRange = { min: number; max: number };

type ValueAttributeLookup = ReadonlyMap<number, number> | Readonly<Record<number, number>>;

function lookupAttribute(lookup: ValueAttributeLookup, valueId: number): number | undefined {
  if (lookup instanceof Map) return (lookup as ReadonlyMap<number, number>).get(valueId);
  return (lookup as Readonly<Record<number, number>>)[valueId];
}

// Keyed by string so a value whose attribute is unknown still forms its own group instead of being dropped.
function groupByAttribute(
  appliedValueIds: readonly number[],
  attributeOf: (valueId: number) => number | null | undefined,
): Set<number>[] {
  const groups = new Map<string, Set<number>>();
  for (const valueId of appliedValueIds) {
    const attribute = attributeOf(valueId);
    const key =
      attribute === null || attribute === undefined ? `value:${valueId}` : `attribute:${attribute}`;
    const group = groups.get(key) ?? new Set<number>();
    group.add(valueId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * "Values of the same attribute are combined (any of); different attributes are intersected."
 * An empty filter keeps every product. A value missing from the lookup falls back to the attribute
 * the products themselves report for it.
 */
export function narrowProducts<P extends FilterableProduct>(
  products: readonly P[],
  appliedValueIds: readonly number[],
  valueToAttribute: ValueAttributeLookup,
): P[] {
  if (appliedValueIds.length === 0) return [...products];
  const attributeOf = (valueId: number): number | null | undefined => {
    const known = lookupAttribute(valueToAttribute, valueId);
    if (known !== undefined) return known;
    for (const product of products) {
      const value = product.values.find((v) => v.id === valueId);
      if (value?.attribute !== undefined && value.attribute !== null) return value.attribute;
    }
    return undefined;
  };
  const groups = groupByAttribute(appliedValueIds, attributeOf);
  return products.filter((product) => {
    const has = new Set(product.values.map((v) => v.id));
    return groups.every((group) => [...group].some((id) => has.has(id)));
  });
}

/**
 * Same rule on the filtersAttributes shape. null means "no filter" (nothing applied, or only value ids
 * that no longer exist in filtersAttributes — stale ids must not empty the list).
 */
export function productIdsMatching(
  filtersAttributes: readonly FilterAttribute[],
  appliedValueIds: readonly number[],
): Set<number> | null {
  const applied = new Set(appliedValueIds);
  const byAttribute = new Map<number, Set<number>>();
  for (const attribute of filtersAttributes) {
    for (const value of attribute.values) {
      if (!applied.has(value.id)) continue;
      const key = value.attribute ?? attribute.id;
      const union = byAttribute.get(key) ?? new Set<number>();
      for (const id of value.products) union.add(id);
      byAttribute.set(key, union);
    }
  }
  const unions = [...byAttribute.values()];
  const [first, ...others] = unions;
  if (!first) return null;
  return new Set([...first].filter((id) => others.every((union) => union.has(id))));
}

/** "Resetting the price range returns to the full range." */
export function resetPriceRange(full: PriceRange): PriceRange {
  return { min: full.min, max: full.max };
}

/** Keeps a chosen range inside the full one (e.g. after new products shrink it); a reversed range is swapped. */
export function clampPriceRange(current: PriceRange, full: PriceRange): PriceRange {
  const lo = Math.min(full.min, full.max);
  const hi = Math.max(full.min, full.max);
  const clamp = (n: number): number =>
    Number.isFinite(n) ? Math.min(Math.max(n, lo), hi) : n > 0 ? hi : lo;
  const a = clamp(current.min);
  const b = clamp(current.max);
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/** Inclusive on both ends, compared in cents so 0.1 + 0.2 counts as 0.3. */
export function inPriceRange(price: number, range: PriceRange): boolean {
  const p = toCents(price);
  return p >= toCents(range.min) && p <= toCents(range.max);
}

/**
 * How many products each value would show if ticked, given the other attributes' choices: the
 * value's products intersected with what the applied values of every *other* attribute allow
 * (values of its own attribute combine as any-of, so they do not narrow it).
 */
export function facetCounts(
  filtersAttributes: readonly FilterAttribute[],
  appliedValueIds: readonly number[],
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const attribute of filtersAttributes) {
    const own = new Set(attribute.values.map((v) => v.id));
    const others = productIdsMatching(
      filtersAttributes,
      appliedValueIds.filter((id) => !own.has(id)),
    );
    for (const value of attribute.values) {
      counts.set(
        value.id,
        others === null
          ? value.products.length
          : value.products.filter((id) => others.has(id)).length,
      );
    }
  }
  return counts;
}
