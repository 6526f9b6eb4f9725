// Cold keys (issue 26): the shop keeps a list page, a search and the filter panel's counts for a
// minute per key, so a benchmark asking the same URL measures the cache after its first request.
// These build many different searches and filter combinations, each asked once, so that every
// request pays its queries as the first shopper to ask for them in a minute would.
import { mulberry32 } from '@shop/domain';

/** The same keys in the same order on every run (the demo data's PRNG). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const next = mulberry32(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Search texts made of the catalogue's title words: every word, every pair of words, and every
 * word with one letter left out (a typo: the trigram path), shuffled. Words of the generator's
 * titles are adjectives, materials and nouns, so a pair matches from none to thousands.
 */
export function searchTexts(titles: readonly string[], seed = 26): string[] {
  const words = [
    ...new Set(
      titles.flatMap((title) =>
        title
          .toLowerCase()
          .split(/[^\p{L}]+/u)
          .filter((w) => w.length >= 4),
      ),
    ),
  ].sort();
  const texts = new Set<string>(words);
  for (const [i, a] of words.entries()) for (const b of words.slice(i + 1)) texts.add(`${a} ${b}`);
  for (const word of words)
    for (let at = 1; at < word.length; at++) texts.add(word.slice(0, at) + word.slice(at + 1));
  return shuffled([...texts], seed);
}

/**
 * Sets of values to tick, as a shopper would: one value; two of different attributes; two of one
 * attribute and one of another. Sorted ids, shuffled sets.
 */
export function valueCombinations(valuesByAttribute: readonly number[][], seed = 26): number[][] {
  const attributes = valuesByAttribute.filter((values) => values.length > 0);
  const sets: number[][] = attributes.flatMap((values) => values.map((v) => [v]));
  for (const [i, a] of attributes.entries())
    for (const b of attributes.slice(i + 1))
      for (const x of a) {
        for (const y of b) sets.push([x, y]);
        for (const x2 of a) if (x2 > x) for (const y of b) sets.push([x, x2, y]);
      }
  return shuffled(
    sets.map((set) => [...set].sort((p, q) => p - q)),
    seed,
  );
}

/**
 * Hands out the URLs in turn from the share `from` (0–1) of the list on, so that two scenarios
 * of one list ask different keys; says how many were asked and whether any came twice.
 */
export function rotation(urls: readonly string[], from = 0) {
  const start = Math.floor(urls.length * from);
  let asked = 0;
  return {
    next: () => urls[(start + asked++) % urls.length] as string,
    get asked() {
      return asked;
    },
    /** Distinct URLs asked so far (all of them once the list came round again). */
    get distinct() {
      return Math.min(asked, urls.length);
    },
  };
}
