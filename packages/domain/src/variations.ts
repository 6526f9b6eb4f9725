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

/**
 * Where a clothing size stands on the ladder XXS < XS < S < M < L < XL < XXL < XXXL ("2XL" is
 * XXL), or null when the text is not such a size. Only the first word counts: "S – Small" is S.
 */
export function sizeRank(title: string): number | null {
  const word =
    title
      .trim()
      .split(/[\s–—(,/]+/)[0]
      ?.toUpperCase() ?? '';
  const match = /^(?:(\d)X|(X*))([SML])$/.exec(word);
  if (!match) return null;
  const [, digit, xs = '', letter] = match;
  const extra = digit !== undefined ? Number(digit) : xs.length;
  if (letter === 'M') return extra === 0 ? 0 : null;
  return letter === 'S' ? -1 - extra : 1 + extra;
}

/** The number a value starts with ("38", "42.5", "10,5 cm"), or null when it starts otherwise. */
function leadingNumber(title: string): number | null {
  const match = /^\s*(\d+(?:[.,]\d+)?)/.exec(title);
  return match?.[1] ? Number(match[1].replace(',', '.')) : null;
}

/**
 * A choice's values in the order shoppers expect: clothing sizes by size (S, M, L, XL — not the
 * order they were first met in), numeric values by number (36 before 100), anything else as it
 * came. The whole group must be of one kind, or it keeps its order. A new array; the sort is stable.
 */
export function orderOptionValues<V extends { title?: string }>(values: readonly V[]): V[] {
  for (const key of [sizeRank, leadingNumber]) {
    const keys = values.map((v) => key(v.title ?? ''));
    if (values.length > 0 && keys.every((k) => k !== null)) {
      return values
        .map((value, i) => ({ value, k: keys[i] as number }))
        .sort((a, b) => a.k - b.k)
        .map((e) => e.value);
    }
  }
  return [...values];
}

/**
 * The choices of a product page: the attributes its family differs in (one value → no choice),
 * each with its values in natural order (see orderOptionValues).
 */
export function variationChoices<V extends VariationValue>(
  family: readonly { id?: number; values: readonly V[] }[],
): VariationAttributeGroup<V>[] {
  return groupVariationAttributes(family)
    .filter((group) => group.values.length > 1)
    .map((group) => ({ title: group.title, values: orderOptionValues(group.values) }));
}
