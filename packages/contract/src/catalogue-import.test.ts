import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_COLUMNS,
  catalogueFormatOf,
  catalogueRowSchema,
  checkCatalogueRecords,
  readCatalogueFile,
  writeCatalogueFile,
} from './catalogue-import.ts';
import { issueMessage } from './field-errors.ts';

const minimal = { slug: 'mug', vendor: 'clay', price: '9.5', vat: 'standard', title_en: 'Mug' };

describe('the catalogue row (docs/import-format.md)', () => {
  it('reads CSV text and JSON values into the same row', () => {
    const fromCsv = catalogueRowSchema.parse({
      ...minimal,
      stock: '',
      active: 'no',
      sorting: '-2',
      attributes: 'size:l| colour:red |size:l',
    });
    const fromJson = catalogueRowSchema.parse({
      ...minimal,
      price: 9.5,
      stock: null,
      active: false,
      sorting: -2,
      attributes: ['colour:red', 'size:l'],
    });
    expect(fromCsv).toEqual(fromJson);
    expect(fromCsv).toMatchObject({
      parent: null,
      sku: null,
      price: '9.50',
      stock: null,
      active: false,
      sorting: -2,
      attributes: ['colour:red', 'size:l'],
      title_de: '',
    });
  });

  it.each([
    ['price', { price: '12,50' }, 'staffImport.errors.price'],
    ['price', { price: '' }, 'forms.required'],
    ['stock', { stock: '-1' }, 'staffImport.errors.stock'],
    ['active', { active: 'maybe' }, 'staffImport.errors.active'],
    ['attributes', { attributes: 'red' }, 'staffImport.errors.attributes'],
    ['slug', { slug: 'Big Mug' }, 'staffImport.errors.slug'],
    ['title_en', { title_en: '  ' }, 'forms.required'],
    ['title_de', { description_de: 'Eine Tasse' }, 'staffImport.errors.titleNeeded'],
  ])('refuses a bad %s', (column, change, message) => {
    const result = catalogueRowSchema.safeParse({ ...minimal, ...change });
    expect(result.success).toBe(false);
    // One message per bad cell, as the import reports it.
    expect(result.error?.issues.map((i) => [i.path[0], issueMessage(i).key])).toEqual([
      [column, message],
    ]);
  });

  it('numbers CSV rows as a spreadsheet does and checks the header', () => {
    const file = readCatalogueFile(
      'slug,vendor,price,vat,title_en\r\na,v,1,s,A\r\nb,v,x,s,B\r\n',
      'csv',
    );
    expect(file.ok && file.records.map((r) => r.row)).toEqual([2, 3]);
    const { issues } = checkCatalogueRecords(file.ok ? file.records : []);
    expect(issues).toMatchObject([{ row: 3, column: 'price', key: 'staffImport.errors.price' }]);
    expect(readCatalogueFile('slug,colour\na,b\n', 'csv')).toEqual({
      ok: false,
      error: { key: 'staffImport.errors.unknownColumn', values: { column: 'colour' } },
    });
    expect(readCatalogueFile('slug\n', 'csv')).toMatchObject({ ok: false });
  });

  it('refuses a slug twice and a variation of a variation', () => {
    const records = [
      { ...minimal },
      { ...minimal, slug: 'mug-s', parent: 'mug' },
      { ...minimal, slug: 'mug-xs', parent: 'mug-s' },
      { ...minimal },
    ].map((record, i) => ({ row: i + 1, record }));
    expect(checkCatalogueRecords(records).issues).toMatchObject([
      { row: 3, column: 'parent', key: 'staffImport.errors.parentIsVariation' },
      { row: 4, column: 'slug', key: 'staffImport.errors.slugTwice', values: { row: 1 } },
    ]);
  });

  it('writes rows that read back the same, in CSV and JSON', () => {
    const row = catalogueRowSchema.parse({
      ...minimal,
      description_en: 'Line one,\n"two"',
      attributes: 'size:l',
    });
    for (const format of ['csv', 'json'] as const) {
      const file = readCatalogueFile(writeCatalogueFile([row], format), format);
      const { rows, issues } = checkCatalogueRecords(file.ok ? file.records : []);
      expect(issues).toEqual([]);
      expect(rows.map((r) => r.value)).toEqual([row]);
    }
    expect(writeCatalogueFile([row], 'csv').split('\r\n')[0]).toBe(CATALOGUE_COLUMNS.join(','));
  });

  it('tells the format by the file name', () => {
    expect(['a.csv', 'B.JSON', 'c.txt', 'csv'].map(catalogueFormatOf)).toEqual([
      'csv',
      'json',
      undefined,
      undefined,
    ]);
  });
});
