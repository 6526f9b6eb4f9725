/*
 * Which cart line an order cannot have when stock runs short. A product may be taken by several
 * lines at once (its own line and bundles that hold it), so "the product is short" does not yet
 * say which line to name: the lines are served in the cart's order, and the first line that
 * cannot have its whole quantity is named, with how many it could have after the lines before it.
 */

export type StockLine<K> = {
  key: K;
  quantity: number;
  /** What one unit of the line takes: product id → how many (a product line: itself, 1). */
  uses: ReadonlyMap<number, number>;
};

export type StockShortage<K> = { key: K; available: number };

/**
 * The first line (in `lines`' order) that `stock` cannot serve in full, and how many of it it can
 * serve; null when every line fits. Stock null is not tracked (never short); a product missing
 * from `stock` has none.
 */
export function firstShortLine<K>(
  lines: readonly StockLine<K>[],
  stock: ReadonlyMap<number, number | null>,
): StockShortage<K> | null {
  const left = new Map(stock);
  for (const line of lines) {
    let available = line.quantity;
    for (const [productId, perUnit] of line.uses) {
      const has = left.has(productId) ? left.get(productId)! : 0;
      if (has === null || perUnit <= 0) continue;
      available = Math.min(available, Math.floor(Math.max(has, 0) / perUnit));
    }
    if (available < line.quantity) return { key: line.key, available };
    for (const [productId, perUnit] of line.uses) {
      const has = left.has(productId) ? left.get(productId)! : 0;
      if (has !== null) left.set(productId, has - perUnit * line.quantity);
    }
  }
  return null;
}
