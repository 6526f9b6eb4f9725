import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MAX_LIST_IDS,
  MAX_PAGE_SIZE,
  idListQuerySchema,
  isPlainText,
  listEndpoints,
  pageSizeQuerySchema,
  searchTextSchema,
  text,
} from './index.ts';

/*
 * Every string a caller can send goes through `text()`: the walk below finds each string schema
 * inside every endpoint's params, query and body, and fails on one that lets NUL or an unpaired
 * surrogate through. A new endpoint with a bare `z.string()` input fails here, not in production.
 */

type Found = { where: string; schema: z.ZodType };

function stringsIn(schema: z.ZodType, where: string, found: Found[], seen = new Set<unknown>()) {
  if (seen.has(schema)) return found;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })
    ._zod.def;
  const walk = (inner: unknown, at = where) => {
    if (inner) stringsIn(inner as z.ZodType, at, found, seen);
  };
  switch (def.type) {
    case 'string':
      found.push({ where, schema });
      break;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>))
        walk(value, `${where}.${key}`);
      walk(def.catchall);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) walk(option);
      break;
    case 'array':
      walk(def.element, `${where}[]`);
      break;
    case 'record':
      walk(def.keyType, `${where}{key}`);
      walk(def.valueType, `${where}{}`);
      break;
    case 'tuple':
      for (const item of def.items as z.ZodType[]) walk(item);
      walk(def.rest);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'lazy':
      walk((def.getter as () => z.ZodType)());
      break;
    default:
      walk(def.innerType);
  }
  return found;
}

const inputs = listEndpoints().flatMap(({ name, endpoint }) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const schema = endpoint[part];
    return schema ? stringsIn(schema, `${name} ${part}`, []) : [];
  }),
);

describe('string inputs', () => {
  it('finds the string inputs of the endpoints', () => {
    // Guards the walk itself: a zod change that hid the strings would make the next test empty.
    expect(inputs.length).toBeGreaterThan(40);
  });

  it.each(['a\u0000b', 'a\ud800b', '\udc00', 'x\u0000'])(
    'every string input refuses %j',
    (value) => {
      const accepting = inputs
        .filter(({ schema }) => schema.safeParse(value).success)
        .map(({ where }) => where);
      expect(accepting).toEqual([]);
    },
  );

  it('text() keeps ordinary text, emoji and other scripts', () => {
    for (const value of ['Linen shirt', 'Größe 42 – grün', 'Рубашка', '👕 ✓', ''])
      expect(text().parse(value)).toBe(value);
    expect(isPlainText('a\ud83d\udc55')).toBe(true);
    expect(isPlainText('a\ud83d')).toBe(false);
  });
});

describe('bounded list inputs', () => {
  it('drops repeated ids', () => {
    expect(idListQuerySchema.parse('3,3,1,3')).toEqual([3, 1]);
    expect(idListQuerySchema.parse(['2', '2,2'])).toEqual([2]);
  });

  it(`accepts ${MAX_LIST_IDS} different ids, refuses one more`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    expect(idListQuerySchema.parse(ids(MAX_LIST_IDS))).toHaveLength(MAX_LIST_IDS);
    const refused = idListQuerySchema.safeParse(ids(MAX_LIST_IDS + 1));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('forms.tooManyValues');
    // 300 repeats of one id are one id.
    expect(idListQuerySchema.parse(Array(300).fill('7').join(','))).toEqual([7]);
  });

  it('refuses an array of more than the cap and a very long list text', () => {
    expect(idListQuerySchema.safeParse(Array(MAX_LIST_IDS + 1).fill('1')).success).toBe(false);
    expect(idListQuerySchema.safeParse('1,'.repeat(1000)).success).toBe(false);
  });

  it('caps page sizes and search texts', () => {
    expect(pageSizeQuerySchema(24).safeParse(String(MAX_PAGE_SIZE)).success).toBe(true);
    expect(pageSizeQuerySchema(24).safeParse(String(MAX_PAGE_SIZE + 1)).success).toBe(false);
    expect(searchTextSchema.safeParse('a'.repeat(201)).success).toBe(false);
  });
});
