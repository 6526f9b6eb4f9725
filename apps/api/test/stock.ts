/** An order line as far as stock goes: a product, or a bundle of products, times a quantity. */
export type StockLine = { productId: number | null; bundleId: number | null; quantity: number };
/** One product of a bundle, so many times per bundle. */
export type BundlePart = { bundleId: number; productId: number; quantity: number };

/**
 * How much of each product the order lines take from stock: a product line its quantity, a bundle
 * line each of its products times the bundle's quantity. What stock tests compare the drop with.
 */
export function stockTaken(lines: StockLine[], parts: BundlePart[]): Map<number, number> {
  const taken = new Map<number, number>();
  const take = (id: number, n: number) => taken.set(id, (taken.get(id) ?? 0) + n);
  for (const line of lines) {
    if (line.productId !== null) take(line.productId, line.quantity);
    for (const part of parts.filter((p) => p.bundleId === line.bundleId))
      take(part.productId, part.quantity * line.quantity);
  }
  return taken;
}

/**
 * What a stock test watches: the first two bundles (in `bundleIds` order) that have parts, and the
 * given products together with those bundles' parts.
 */
export function watchedStock(productIds: number[], bundleIds: number[], parts: BundlePart[]) {
  const bundles = bundleIds.filter((id) => parts.some((p) => p.bundleId === id)).slice(0, 2);
  const watched = [
    ...new Set([
      ...productIds,
      ...parts.filter((p) => bundles.includes(p.bundleId)).map((p) => p.productId),
    ]),
  ];
  return { bundles, watched };
}

/** A line a concurrency test's shopper puts in the cart: a product or a bundle. */
export type StockPick = { id: number; ref: 'product' | 'bundle' };

/**
 * The lines shopper `i` of a crowd buys: 2 or 3 distinct picks that overlap other shoppers' (so
 * they contend for the same stock), every fourth pair in the opposite order (so two orders lock
 * the same rows in different orders), and 2 of a line for every third shopper.
 */
export function crowdPicks(choices: readonly StockPick[], i: number) {
  const picks = Array.from(
    { length: 2 + (i % 2) },
    (_, k) => choices[(i * 3 + k * (1 + (i % 3))) % choices.length]!,
  ).filter((p, k, all) => all.findIndex((q) => q.id === p.id && q.ref === p.ref) === k);
  if (i % 4 >= 2) picks.reverse();
  return { picks, quantity: 1 + (i % 3 === 0 ? 1 : 0) };
}
