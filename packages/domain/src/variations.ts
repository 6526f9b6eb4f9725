export type VariationAttribute = { id: number; title: string };

export type VariationValue = { id: number; title?: string; attribute: VariationAttribute };

export type Variation<V extends VariationValue = VariationValue> = {
  id: number;
  values: readonly V[];
};

export type VariationAttributeGroup<V extends VariationValue = VariationValue> = {
  title: string;
  values: V[];
};

/**
 * "Variation attributes are grouped by attribute title without duplicate ids": groups and the values
 * inside them keep the order of first appearance; a value id seen twice under one title is kept once.
 */
export function groupVariationAttributes<V extends VariationValue>(
  variations: readonly { id?: number; values: readonly V[] }[],
): VariationAttributeGroup<V>[] {
  const groups = new Map<string, { group: VariationAttributeGroup<V>; seen: Set<number> }>();
  for (const variation of variations) {
    for (const value of variation.values) {
      const title = value.attribute.title;
      let entry = groups.get(title);
      if (!entry) {
        entry = { group: { title, values: [] }, seen: new Set() };
        groups.set(title, entry);
      }
      if (entry.seen.has(value.id)) continue;
      entry.seen.add(value.id);
      entry.group.values.push(value);
    }
  }
  return [...groups.values()].map((e) => e.group);
}

/**
 * The values that tell one variation from its family (size, colour): those of attributes in which
 * the family's variations differ. Empty for a product without variations.
 */
export function distinguishingValues<V extends VariationValue>(
  family: readonly { id: number; values: readonly V[] }[],
  id: number,
): V[] {
  const differing = new Set(
    groupVariationAttributes(family)
      .filter((group) => group.values.length > 1)
      .map((group) => group.title),
  );
  const own = family.find((variation) => variation.id === id)?.values ?? [];
  return own.filter((value) => differing.has(value.attribute.title));
}

/** "Linen duvet cover (Colour: Sage)": a product's title with its distinguishing values. */
export function titleWithVariation(
  title: string,
  values: readonly { title?: string; attribute: VariationAttribute }[],
): string {
  if (values.length === 0) return title;
  return `${title} (${values.map((v) => `${v.attribute.title}: ${v.title ?? ''}`).join(', ')})`;
}
