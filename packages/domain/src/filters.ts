export type FilterValue = { id: number; attribute?: number | null; products: readonly number[] };

export type FilterAttribute = { id: number; title?: string; values: readonly FilterValue[] };

export type PriceRange = { min: number; max: number };

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
