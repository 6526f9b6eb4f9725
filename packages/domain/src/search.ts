/*
 * How many products a search says it found. A broad word can match a large part of the catalogue;
 * counting (and ranking) every match costs more than the shopper gains, so the count stops at a
 * cap and the shop shows "1,000+" (issue 12; docs/decisions/0024-bounded-search.md).
 */

/** A search counts its matches up to this many, and pages through at most this many. */
export const SEARCH_COUNT_CAP = 1000;

/**
 * The count a search answers from the number of matches it saw, when it looked at no more than
 * `SEARCH_COUNT_CAP + 1`: the exact number up to the cap, else the cap and `countCapped`.
 */
export function searchCount(seen: number): { count: number; countCapped: boolean } {
  const matches = Math.max(0, Math.floor(seen));
  return matches > SEARCH_COUNT_CAP
    ? { count: SEARCH_COUNT_CAP, countCapped: true }
    : { count: matches, countCapped: false };
}
