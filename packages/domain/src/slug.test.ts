import { describe, it, expect } from 'vitest';
import { filterParamForRoute, idFromSlug, slugWithId, type FilterParam } from './slug.ts';

describe('idFromSlug — "a slug ending in a numeric id"', () => {
  it.each<[string, number | null]>([
    ['red-shirt-42', 42],
    ['42', 42],
    ['no-id', null],
    ['', null],
    ['a-0', null],
    ['0', null],
    ['shirt42', null],
    ['red-shirt-007', 7],
    ['red-shirt-42/', 42],
    ['  red-shirt-42  ', 42],
    ['iphone-15-pro-128', 128],
    ['-5', 5],
    ['a-42-b', null],
    ['a-99999999999999999999', null],
    ['a-1.5', null],
  ])('idFromSlug(%j) → %s', (slug, id) => {
    expect(idFromSlug(slug)).toBe(id);
  });
});

describe('slugWithId', () => {
  it.each<[string, number, string]>([
    ['red-shirt', 42, 'red-shirt-42'],
    ['red-shirt-42', 42, 'red-shirt-42'],
    ['', 42, '42'],
    ['red-shirt-', 42, 'red-shirt-42'],
    ['iphone-15', 3, 'iphone-15-3'],
  ])('slugWithId(%j, %s) → %j', (slug, id, out) => {
    expect(slugWithId(slug, id)).toBe(out);
  });
});

describe('filterParamForRoute — "A route whose name starts with values filters by value id; any other route filters by attribute id"', () => {
  it.each<[string, string, FilterParam | null]>([
    ['values-id', 'red-11', { values__id: 11 }],
    ['values', 'red-11', { values__id: 11 }],
    ['attributes-id', 'colour-3', { attrs__id: 3 }],
    ['products', 'colour-3', { attrs__id: 3 }],
    ['vendors-values', 'x-3', { attrs__id: 3 }],
    ['values-id', 'no-id', null],
  ])('%s + %j → %j', (route, slug, param) => {
    expect(filterParamForRoute(route, slug)).toEqual(param);
  });
});
