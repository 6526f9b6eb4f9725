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
