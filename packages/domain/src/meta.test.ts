import { describe, it, expect } from 'vitest';
import { metaDescription, pageTitle, vendorPage, vendorPageQuery } from './meta.ts';

describe('pageTitle — "Page titles follow the pattern \'title | shop title\'"', () => {
  it.each<[string | null, string | null, string]>([
    ['Red shirt', 'My Shop', 'Red shirt | My Shop'],
    ['', 'My Shop', 'My Shop'],
    [null, 'My Shop', 'My Shop'],
    ['   ', 'My Shop', 'My Shop'],
    ['Red shirt', '', 'Red shirt'],
    ['  Red shirt ', ' My Shop ', 'Red shirt | My Shop'],
    ['', '', ''],
    ['My Shop', 'My Shop', 'My Shop'],
  ])('pageTitle(%j, %j) → %j', (title, shop, out) => {
    expect(pageTitle(title, shop)).toBe(out);
  });

  // "Page title and description: a multivendor e-commerce platform": a page without a title of
  // its own (the home page) is titled with the default, still followed by the shop title.
  it.each<[string | null, string, string]>([
    ['', 'My Shop', 'A multivendor e-commerce platform | My Shop'],
    [null, 'My Shop', 'A multivendor e-commerce platform | My Shop'],
    ['Red shirt', 'My Shop', 'Red shirt | My Shop'],
    ['', '', 'A multivendor e-commerce platform'],
  ])('pageTitle(%j, %j, default) → %j', (title, shop, out) => {
    expect(pageTitle(title, shop, 'A multivendor e-commerce platform')).toBe(out);
  });
});

describe('metaDescription — "Meta description cut at 260 characters"', () => {
  const a260 = 'a'.repeat(260);
  it.each<[string, string | null, string]>([
    ['null', null, ''],
    ['short text unchanged', 'Hello world', 'Hello world'],
    ['exactly 260 kept', a260, a260],
    ['261 cut to 260', `${a260}b`, a260],
    ['tags stripped', '<p>Hello <b>bold</b></p><p>world</p>', 'Hello bold world'],
    ['whitespace collapsed', '  a \n\n\t b  ', 'a b'],
    ['script and style removed', '<style>p{}</style>Hi<script>alert(1)</script>!', 'Hi !'],
    ['comments removed', 'a<!-- secret -->b', 'a b'],
    [
      'entities decoded',
      'Fish &amp; chips&nbsp;&lt;3 &#8364;5 &#x1F600; &bogus;',
      'Fish & chips <3 €5 😀 &bogus;',
    ],
    ['cut after stripping', `<div>${'x'.repeat(300)}</div>`, 'x'.repeat(260)],
    ['no trailing space after cut', `${'a'.repeat(259)} bcd`, 'a'.repeat(259)],
    ['surrogate pair at the cut is not split', `${'a'.repeat(259)}😀tail`, 'a'.repeat(259)],
    [
      'surrogate pair ending exactly at 260 kept',
      `${'a'.repeat(258)}😀tail`,
      `${'a'.repeat(258)}😀`,
    ],
  ])('%s', (_name, input, out) => {
    expect(metaDescription(input)).toBe(out);
  });
});

describe('vendorPage — "Vendor list page is at least 1"', () => {
  it.each<[unknown, number]>([
    [1, 1],
    [3, 3],
    ['3', 3],
    [' 4 ', 4],
    [['5', '6'], 5],
    [0, 1],
    [-2, 1],
    ['-2', 1],
    [2.5, 1],
    ['2.5', 1],
    [Number.NaN, 1],
    ['abc', 1],
    ['', 1],
    [null, 1],
    [undefined, 1],
    [{}, 1],
    ['99999999999999999999', 1],
  ])('vendorPage(%j) → %s', (input, page) => {
    expect(vendorPage(input)).toBe(page);
  });
});

describe('vendorPageQuery — "The page number parameter is dropped from the query when it equals 1"', () => {
  it.each<[unknown, Record<string, string>, Record<string, string>]>([
    [1, { page: '3', sort: 'date' }, { sort: 'date' }],
    [2, { sort: 'date' }, { sort: 'date', page: '2' }],
    ['7', { page: '1' }, { page: '7' }],
    ['bad', { page: '4', q: 'x' }, { q: 'x' }],
    [1, {}, {}],
  ])('vendorPageQuery(%j, %j) → %j', (page, query, out) => {
    expect(vendorPageQuery(page, query)).toEqual(out);
  });

  it('does not mutate the input query', () => {
    const query = { page: '3' };
    vendorPageQuery(1, query);
    expect(query).toEqual({ page: '3' });
  });
});
