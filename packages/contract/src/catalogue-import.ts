import { z } from 'zod';
import { CsvError, parseCsv, SUPPORTED_LOCALES, toCsv, type Locale } from '@shop/domain';
import { text } from './common.ts';
import { issueMessage, type MessageRef } from './field-errors.ts';

/*
 * The catalogue file (issue 24, docs/import-format.md, decision 0058): one row per product or
 * variation, keyed by its slug, in CSV or JSON with the same columns. The import checks every row
 * with `catalogueRowSchema` before anything is written; the export writes the same rows, so an
 * exported file imported again changes nothing.
 */

export const CATALOGUE_FORMATS = ['csv', 'json'] as const;
export const catalogueFormatSchema = z.enum(CATALOGUE_FORMATS);
export type CatalogueFormat = z.infer<typeof catalogueFormatSchema>;

export const CATALOGUE_TEXT_FIELDS = [
  'title',
  'description',
  'meta_title',
  'meta_description',
  'meta_keywords',
] as const;
export type CatalogueTextField = (typeof CATALOGUE_TEXT_FIELDS)[number];
export type CatalogueTextColumn = `${CatalogueTextField}_${Locale}`;

export const textColumn = (field: CatalogueTextField, locale: Locale): CatalogueTextColumn =>
  `${field}_${locale}`;

/** The columns, in the order the export writes them. Only `slug`, `vendor`, `price`, `vat` and `title_en` are required. */
export const CATALOGUE_COLUMNS = [
  'slug',
  'parent',
  'vendor',
  'sku',
  'price',
  'vat',
  'stock',
  'active',
  'sorting',
  'attributes',
  ...SUPPORTED_LOCALES.flatMap((locale) =>
    CATALOGUE_TEXT_FIELDS.map((field) => textColumn(field, locale)),
  ),
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/** The most rows one file may hold (a bound on memory and on one transaction's size). */
export const CATALOGUE_MAX_ROWS = 200_000;
/** The largest file the import API reads (a 100,000-row file with four languages is ~40 MB). */
export const CATALOGUE_MAX_BYTES = 96 * 1024 * 1024;
/** Row errors an answer lists at most; `count` says how many there were. */
export const CATALOGUE_MAX_REPORTED_ERRORS = 100;

const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
const VALUE_REF = /^[a-z0-9]+(?:[-_][a-z0-9]+)*:[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

/** A JSON cell as text: numbers and booleans as written, null and missing as empty. */
const asText = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? value.join('|')
        : value;

const cell = <S extends z.ZodType>(schema: S) => z.preprocess(asText, schema);

/** A slug, or empty (then `required` refuses it as a missing value, not as a bad slug). */
const slugText = () =>
  text()
    .trim()
    .max(200)
    .refine((v) => v === '' || SLUG.test(v), 'staffImport.errors.slug');

const required = (max: number) => text().trim().min(1).max(max);

const textColumns = Object.fromEntries(
  SUPPORTED_LOCALES.flatMap((locale) =>
    CATALOGUE_TEXT_FIELDS.map((field) => {
      const max = field === 'description' ? 20_000 : field === 'title' ? 300 : 1_000;
      const schema =
        field === 'title' && locale === 'en'
          ? cell(
              text()
                .max(max)
                .refine((v) => v.trim() !== '', 'forms.required'),
            )
          : cell(text().max(max));
      return [textColumn(field, locale), schema];
    }),
  ),
) as unknown as Record<CatalogueTextColumn, z.ZodType<string, unknown>>;

/**
 * One row of the file. Input: CSV text, or JSON strings, numbers, booleans, null (and an array of
 * strings for `attributes`); output: the row as the import writes it and the export reads it.
 */
export const catalogueRowSchema = z
  .strictObject({
    /** The product's key: the same slug updates the same product. */
    slug: cell(slugText().refine((v) => v !== '', 'forms.required')),
    /** A variation's parent product (its slug); empty for a product. */
    parent: cell(slugText()).transform((v) => (v === '' ? null : v)),
    /** The vendor's slug. */
    vendor: cell(required(200)),
    sku: cell(text().trim().max(100)).transform((v) => (v === '' ? null : v)),
    /** Decimal with a point and at most two decimals: `12.5`, `12.50`. */
    price: cell(
      text()
        .trim()
        .min(1)
        .refine((v) => v === '' || /^\d{1,10}(\.\d{1,2})?$/.test(v), 'staffImport.errors.price'),
    ).transform((v) => Number(v).toFixed(2)),
    /** The VAT rate's key (`standard`, `reduced`…). */
    vat: cell(required(100)),
    /** Empty: stock is not counted (unlimited). */
    stock: cell(
      text()
        .trim()
        .refine((v) => /^(\d{1,9})?$/.test(v), 'staffImport.errors.stock'),
    ).transform((v) => (v === '' ? null : Number(v))),
    /** `true` or `false` (also `1`/`0`, `yes`/`no`); empty: true. */
    active: cell(
      text()
        .trim()
        .toLowerCase()
        .refine((v) => ['', 'true', 'false', '1', '0', 'yes', 'no'].includes(v), {
          message: 'staffImport.errors.active',
        }),
    ).transform((v) => !['false', '0', 'no'].includes(v)),
    /** Order in lists, an integer; empty: 0. */
    sorting: cell(
      text()
        .trim()
        .refine((v) => /^(-?\d{1,9})?$/.test(v), 'staffImport.errors.sorting'),
    ).transform((v) => (v === '' ? 0 : Number(v))),
    /** Attribute values, `attribute:value` by slug, separated by `|` (JSON: also an array). */
    attributes: cell(text().max(4_000))
      .transform((v) => [
        ...new Set(
          v
            .split('|')
            .map((part) => part.trim())
            .filter(Boolean),
        ),
      ])
      .refine((list) => list.every((ref) => VALUE_REF.test(ref)), 'staffImport.errors.attributes')
      .transform((list) => list.sort()),
    ...textColumns,
  })
  .superRefine((row, ctx) => {
    // Another language's texts need its title: a product has no nameless translation.
    for (const locale of SUPPORTED_LOCALES) {
      if (locale === 'en' || row[textColumn('title', locale)].trim() !== '') continue;
      if (CATALOGUE_TEXT_FIELDS.some((field) => row[textColumn(field, locale)] !== '')) {
        ctx.addIssue({
          code: 'custom',
          path: [textColumn('title', locale)],
          message: 'staffImport.errors.titleNeeded',
        });
      }
    }
  });
export type CatalogueRow = z.output<typeof catalogueRowSchema>;

/** What is wrong where: the row (CSV: the spreadsheet row, the header being 1; JSON: 1 = first), the column, the message. */
export type CatalogueIssue = { row: number; column: string } & MessageRef;

/** The file's rows with their numbers, or what keeps the file from being read at all. */
export type CatalogueRecords =
  | { ok: true; records: { row: number; record: Record<string, unknown> }[] }
  | { ok: false; error: MessageRef };

const fileError = (key: string, values: Record<string, string | number> = {}) =>
  ({ ok: false, error: { key, values } }) as const;

/** Reads a CSV or JSON catalogue file into its records; checks the header, not the cells. */
export function readCatalogueFile(content: string, format: CatalogueFormat): CatalogueRecords {
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      return fileError('staffImport.errors.badJson');
    }
    // `{ "rows": [...] }` or the bare array.
    const list =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'rows' in parsed
        ? parsed.rows
        : parsed;
    if (!Array.isArray(list)) return fileError('staffImport.errors.badJson');
    if (list.length === 0) return fileError('staffImport.errors.empty');
    if (list.length > CATALOGUE_MAX_ROWS) {
      return fileError('staffImport.errors.tooManyRows', { max: CATALOGUE_MAX_ROWS });
    }
    return {
      ok: true,
      records: list.map((record: unknown, i) => ({
        row: i + 1,
        record:
          record && typeof record === 'object' && !Array.isArray(record)
            ? (record as Record<string, unknown>)
            : { slug: record },
      })),
    };
  }
  let table: string[][];
  try {
    table = parseCsv(content);
  } catch (error) {
    if (error instanceof CsvError) {
      return fileError(`staffImport.errors.${error.reason}`, { row: error.record });
    }
    throw error;
  }
  const [header, ...body] = table;
  if (!header || body.length === 0) return fileError('staffImport.errors.empty');
  if (body.length > CATALOGUE_MAX_ROWS) {
    return fileError('staffImport.errors.tooManyRows', { max: CATALOGUE_MAX_ROWS });
  }
  const names = header.map((name) => name.trim());
  const known = new Set<string>(CATALOGUE_COLUMNS);
  const unknown = names.find((name) => !known.has(name));
  if (unknown !== undefined)
    return fileError('staffImport.errors.unknownColumn', { column: unknown });
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) return fileError('staffImport.errors.columnTwice', { column: twice });
  return {
    ok: true,
    records: body.map((cells, i) => {
      const record: Record<string, unknown> = {};
      names.forEach((name, j) => {
        record[name] = cells[j] ?? '';
      });
      // More cells than columns: kept under a name no column has, so the row is refused.
      if (cells.length > names.length) record['(extra)'] = cells.slice(names.length).join(',');
      return { row: i + 2, record };
    }),
  };
}

/**
 * Every record through the row schema, then the checks across rows: a slug once, a parent that is
 * a product (not a variation) of the file or of the shop. `known` tells what the shop has (the API
 * asks the database); issues come sorted by row.
 */
export function checkCatalogueRecords(records: { row: number; record: Record<string, unknown> }[]) {
  const rows: { row: number; value: CatalogueRow }[] = [];
  const issues: CatalogueIssue[] = [];
  for (const { row, record } of records) {
    const result = catalogueRowSchema.safeParse(record);
    if (result.success) {
      rows.push({ row, value: result.data });
      continue;
    }
    for (const issue of result.error.issues) {
      const column =
        issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : String(issue.path[0] ?? '');
      issues.push({ row, column, ...issueMessage(issue) });
    }
  }
  const firstRow = new Map<string, number>();
  const parentOf = new Map<string, string | null>();
  for (const { row, value } of rows) {
    const seen = firstRow.get(value.slug);
    if (seen !== undefined) {
      issues.push({
        row,
        column: 'slug',
        key: 'staffImport.errors.slugTwice',
        values: { row: seen },
      });
    } else {
      firstRow.set(value.slug, row);
      parentOf.set(value.slug, value.parent);
    }
  }
  for (const { row, value } of rows) {
    if (value.parent === null) continue;
    if (value.parent === value.slug || (parentOf.get(value.parent) ?? null) !== null) {
      issues.push({
        row,
        column: 'parent',
        key: 'staffImport.errors.parentIsVariation',
        values: { parent: value.parent },
      });
    }
  }
  issues.sort((a, b) => a.row - b.row);
  return { rows, issues };
}

/** A row as the CSV export writes it: every column, in order. */
export function catalogueRowCells(row: CatalogueRow): string[] {
  return CATALOGUE_COLUMNS.map((column) => {
    const value = row[column];
    if (value === null) return '';
    if (Array.isArray(value)) return value.join('|');
    return String(value);
  });
}

/** Rows as the export writes them. JSON: `{ "rows": [...] }`, each row with every column. */
export function writeCatalogueFile(rows: readonly CatalogueRow[], format: CatalogueFormat): string {
  if (format === 'json') {
    return `${JSON.stringify({ rows: rows.map((row) => Object.fromEntries(CATALOGUE_COLUMNS.map((c) => [c, row[c]]))) }, null, 1)}\n`;
  }
  return toCsv([[...CATALOGUE_COLUMNS], ...rows.map(catalogueRowCells)]);
}

/* ---------- the calls ---------- */

export const catalogueImportBodySchema = z.object({
  format: catalogueFormatSchema,
  /** The file's text (UTF-8). */
  content: text().min(1).max(CATALOGUE_MAX_BYTES),
});
export type CatalogueImportBody = z.infer<typeof catalogueImportBodySchema>;

export const catalogueImportResultSchema = z.object({
  /** Rows in the file. */
  total: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  /** Rows whose product, texts or attribute values differed and were written. */
  updated: z.number().int().nonnegative(),
  /** Rows that already matched the shop: nothing written. */
  unchanged: z.number().int().nonnegative(),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;

export const catalogueRowErrorSchema = z.object({
  row: z.number().int().nonnegative(),
  column: z.string(),
  message: z.string(),
});
export type CatalogueRowError = z.infer<typeof catalogueRowErrorSchema>;

/** A refused file: nothing was changed. `rows` lists the first errors, `count` all of them. */
export const catalogueRefusalSchema = z.object({
  detail: z.string(),
  count: z.number().int().nonnegative(),
  rows: z.array(catalogueRowErrorSchema),
});
export type CatalogueRefusal = z.infer<typeof catalogueRefusalSchema>;

/**
 * The lines of a streamed import (`Accept: application/x-ndjson`): progress while it applies,
 * then the result, or the failure (the transaction rolled back: nothing changed).
 */
export const catalogueImportEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('progress'),
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
  z.object({ kind: z.literal('done'), result: catalogueImportResultSchema }),
  z.object({ kind: z.literal('failed'), detail: z.string() }),
]);
export type CatalogueImportEvent = z.infer<typeof catalogueImportEventSchema>;

export const catalogueExportQuerySchema = z.object({
  format: catalogueFormatSchema.default('csv'),
});
export type CatalogueExportQuery = z.input<typeof catalogueExportQuerySchema>;

/** A file's format from its name (`.csv`, `.json`, any case); undefined for anything else. */
export function catalogueFormatOf(name: string): CatalogueFormat | undefined {
  const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'json' ? extension : undefined;
}
