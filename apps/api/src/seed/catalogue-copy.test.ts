import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import {
  buildBatch,
  centsText,
  copyBatchText,
  copyField,
  copyRows,
  type CopyValue,
} from './catalogue-generator.ts';

describe('COPY text encoding', () => {
  it('escapes what would end a field or a row, and writes NULL as \\N', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(42)).toBe('42');
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(() => copyField(Number.NaN)).toThrow(RangeError);
    expect(
      copyRows([
        [1, 'x', null],
        [2, 'y', 'z'],
      ]),
    ).toBe('1\tx\t\\N\n2\ty\tz\n');
  });

  it('writes cents as exact numeric literals', () => {
    expect(centsText(1299)).toBe('12.99');
    expect(centsText(300)).toBe('3.00');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(-150)).toBe('-1.50');
  });

  it('round-trips awkward strings through a real COPY', async () => {
    const rows: CopyValue[][] = [
      [1, 'tab\there', 'new\nline'],
      [2, 'back\\slash \\N', null],
      [3, 'Лёгкая сумка из льна', 'carriage\rreturn'],
      [4, '', 'ends with backslash\\'],
    ];
    const db = new PGlite();
    try {
      await db.exec('CREATE TABLE t (id int, a text, b text)');
      await db.query(`COPY t (id, a, b) FROM '/dev/blob'`, [], {
        blob: new Blob([copyRows(rows)]),
      });
      const back = await db.query<{ id: number; a: string; b: string | null }>(
        'SELECT id, a, b FROM t ORDER BY id',
      );
      expect(back.rows.map((r) => [r.id, r.a, r.b])).toEqual(rows);
    } finally {
      await db.close();
    }
  });

  it('encodes a generated batch with one row per product, translation, value and image', () => {
    const batch = buildBatch(
      10,
      50,
      3,
      [7, 8],
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
    );
    const ids = new Map(batch.products.map((p, i) => [p.n, 1000 + i]));
    const text = copyBatchText(batch, ids, 9, Date.UTC(2026, 0, 1));
    const lines = (s: string) => s.split('\n').filter(Boolean);
    expect(lines(text.products)).toHaveLength(50);
    expect(lines(text.images)).toHaveLength(50);
    expect(lines(text.translations)).toHaveLength(200);
    expect(lines(text.values)).toHaveLength(batch.values.length);
    expect(lines(text.discounts)).toHaveLength(batch.discounts.length);
    const first = lines(text.products)[0]?.split('\t') ?? [];
    expect(first.slice(0, 4)).toEqual([
      '1000',
      String(batch.products[0]?.vendor_id),
      'synthetic-10',
      'SYN-10',
    ]);
    expect(first[6]).toBe('9');
    expect(() => copyBatchText(batch, new Map(), 9, 0)).toThrow(/no id reserved/);
  });
});
