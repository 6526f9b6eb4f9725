import { sql, type SQL } from 'drizzle-orm';
import {
  CATALOGUE_TEXT_FIELDS,
  checkCatalogueRecords,
  readCatalogueFile,
  textColumn,
  type CatalogueFormat,
  type CatalogueImportResult,
  type CatalogueIssue,
  type CatalogueRow,
} from '@shop/contract';
import { SUPPORTED_LOCALES, type Locale } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import { rowsOf } from '#api/db/rows.ts';
import { inTransaction } from '#api/lib/transactions.ts';
import { logStaffAction } from './staff-log.ts';

/*
 * The catalogue file's import and export (issue 24, decision 0058), one code path for the API and
 * `npm run import`. The import first checks every row (the contract's row schema, then what the
 * rows name: vendors, VAT rates, attribute values, parents) and writes nothing while any row is
 * wrong; then it applies the whole file in one transaction, in batches of rows sent as one JSON
 * parameter per statement (json_to_recordset, as the catalogue generator does). Every write
 * compares first (`IS DISTINCT FROM`), so a row that already matches is not touched: the same file
 * imported twice changes nothing, and moves no change count (no cache drops) the second time.
 */

/**
 * The advisory lock key two imports queue on (any bigint nobody else uses; the start's is in
 * db/client.ts): the ASCII of "catimprt".
 */
export const IMPORT_LOCK_KEY = 0x636174696d707274n;

/** Another import is being applied: nothing of this one was written. */
export class ImportBusyError extends Error {
  constructor() {
    super('another catalogue import is running');
  }
}

/** Rows per statement: a few MB of JSON, well inside a statement timeout on a busy server. */
export const IMPORT_BATCH_ROWS = 2_000;

const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::json`;

/** A file that passed every check, with the ids its names stand for. */
export type CataloguePlan = {
  /** Products first, then variations (a variation's parent is written before it). */
  rows: CatalogueRow[];
  vendorIds: Map<string, number>;
  vatIds: Map<string, number>;
  valueIds: Map<string, number>;
};

export type CatalogueCheck =
  { ok: true; plan: CataloguePlan } | { ok: false; issues: CatalogueIssue[] };

async function idsByName(db: Database, query: SQL): Promise<Map<string, number>> {
  const rows = rowsOf<{ name: string; id: number }>(await db.execute(query));
  return new Map(rows.map((r) => [r.name, Number(r.id)]));
}

/**
 * Reads and checks a whole file without writing anything: the file's form, every row against the
 * contract's schema, then the names the rows use against the shop.
 */
export async function checkCatalogue(
  db: Database,
  content: string,
  format: CatalogueFormat,
): Promise<CatalogueCheck> {
  const file = readCatalogueFile(content, format);
  if (!file.ok) return { ok: false, issues: [{ row: 0, column: '', ...file.error }] };
  const { rows, issues } = checkCatalogueRecords(file.records);

  const names = (pick: (row: CatalogueRow) => (string | null)[]) => [
    ...new Set(rows.flatMap(({ value }) => pick(value)).filter((v): v is string => v !== null)),
  ];
  const vendorIds = await idsByName(
    db,
    sql`SELECT slug AS name, id FROM vendors
        WHERE slug IN (SELECT json_array_elements_text(${json(names((r) => [r.vendor]))}))`,
  );
  const vatIds = await idsByName(
    db,
    sql`SELECT key AS name, id FROM vats
        WHERE key IN (SELECT json_array_elements_text(${json(names((r) => [r.vat]))}))`,
  );
  const valueIds = await idsByName(
    db,
    sql`SELECT a.slug || ':' || v.slug AS name, v.id FROM attribute_values v
        JOIN attributes a ON a.id = v.attribute_id
        WHERE a.slug || ':' || v.slug IN
          (SELECT json_array_elements_text(${json(names((r) => r.attributes))}))`,
  );
  const inFile = new Set(rows.map(({ value }) => value.slug));
  // Parents the file does not hold must be products of the shop (not variations).
  const shopParents = rowsOf<{ slug: string; variation: boolean }>(
    await db.execute(sql`
      SELECT slug, parent_id IS NOT NULL AS variation FROM products
      WHERE slug IN (SELECT json_array_elements_text(
        ${json(names((r) => [r.parent]).filter((p) => !inFile.has(p)))}))`),
  );
  const parentIsVariation = new Map(shopParents.map((p) => [p.slug, p.variation]));
  // A product with variations in the shop cannot become a variation itself.
  const withVariations = new Set(
    rowsOf<{ slug: string }>(
      await db.execute(sql`
        SELECT DISTINCT p.slug FROM products p JOIN products c ON c.parent_id = p.id
        WHERE p.slug IN (SELECT json_array_elements_text(
          ${json(rows.filter(({ value }) => value.parent !== null).map(({ value }) => value.slug))}))`),
    ).map((r) => r.slug),
  );

  for (const { row, value } of rows) {
    if (!vendorIds.has(value.vendor)) {
      issues.push({
        row,
        column: 'vendor',
        key: 'staffImport.errors.unknownVendor',
        values: { vendor: value.vendor },
      });
    }
    if (!vatIds.has(value.vat)) {
      issues.push({
        row,
        column: 'vat',
        key: 'staffImport.errors.unknownVat',
        values: { vat: value.vat },
      });
    }
    for (const ref of value.attributes) {
      if (!valueIds.has(ref)) {
        issues.push({
          row,
          column: 'attributes',
          key: 'staffImport.errors.unknownValue',
          values: { value: ref },
        });
      }
    }
    if (value.parent !== null && !inFile.has(value.parent)) {
      const variation = parentIsVariation.get(value.parent);
      if (variation === undefined) {
        issues.push({
          row,
          column: 'parent',
          key: 'staffImport.errors.unknownParent',
          values: { parent: value.parent },
        });
      } else if (variation) {
        issues.push({
          row,
          column: 'parent',
          key: 'staffImport.errors.parentIsVariation',
          values: { parent: value.parent },
        });
      }
    }
    if (value.parent !== null && withVariations.has(value.slug)) {
      issues.push({ row, column: 'parent', key: 'staffImport.errors.hasVariations', values: {} });
    }
  }
  if (issues.length > 0) {
    issues.sort((a, b) => a.row - b.row);
    return { ok: false, issues };
  }
  const ordered = [
    ...rows.filter(({ value }) => value.parent === null),
    ...rows.filter(({ value }) => value.parent !== null),
  ].map(({ value }) => value);
  return { ok: true, plan: { rows: ordered, vendorIds, vatIds, valueIds } };
}

export type ApplyOptions = {
  /** The staff member (null: the command line). */
  userId: number | null;
  now: Date;
  /** Told after each batch: rows written so far, of all. */
  onProgress?: (done: number, total: number) => void;
};

type Ids = { id: number | string }[];

/**
 * Writes a checked file in one transaction and records it in the staff log with its counts.
 * Rows that match the shop already are not written at all.
 */
export async function applyCatalogue(
  db: Database,
  plan: CataloguePlan,
  options: ApplyOptions,
): Promise<CatalogueImportResult> {
  const total = plan.rows.length;
  return inTransaction(db, async (tx) => {
    // One import at a time: two files naming the same products in different orders would each
    // hold rows the other needs (a deadlock, rolled back and run again from the start, its
    // progress shown anew). The second is refused rather than made to wait: a large import takes
    // longer than a statement may wait (DB_STATEMENT_TIMEOUT_MS), so waiting would fail anyway.
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(
        sql`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK_KEY.toString()}::bigint) AS ok`,
      ),
    );
    if (!lock?.ok) throw new ImportBusyError();
    const created = new Set<number>();
    const changed = new Set<number>();
    const note = (result: unknown) => {
      for (const r of rowsOf<{ id: number | string }>(result) as Ids) changed.add(Number(r.id));
    };
    options.onProgress?.(0, total);
    for (let start = 0; start < total; start += IMPORT_BATCH_ROWS) {
      const batch = plan.rows.slice(start, start + IMPORT_BATCH_ROWS);
      // Products before variations: a variation's parent must exist when its row is written.
      for (const group of [
        batch.filter((r) => r.parent === null),
        batch.filter((r) => r.parent !== null),
      ]) {
        if (group.length === 0) continue;
        const products = group.map((r) => ({
          slug: r.slug,
          parent: r.parent,
          vendor_id: plan.vendorIds.get(r.vendor),
          sku: r.sku,
          price: r.price,
          vat_id: plan.vatIds.get(r.vat),
          stock: r.stock,
          sorting: r.sorting,
          active: r.active,
        }));
        const written = rowsOf<{ id: number | string; inserted: boolean }>(
          await tx.execute(sql`
            INSERT INTO products AS p (vendor_id, parent_id, slug, sku, price, vat_id, stock, sorting, active)
            SELECT r.vendor_id, parent.id, r.slug, r.sku, r.price, r.vat_id, r.stock, r.sorting, r.active
            FROM json_to_recordset(${json(products)}) AS r(slug text, parent text, vendor_id int,
              sku text, price numeric, vat_id int, stock int, sorting int, active boolean)
            LEFT JOIN products parent ON parent.slug = r.parent
            ON CONFLICT (slug) DO UPDATE SET vendor_id = excluded.vendor_id,
              parent_id = excluded.parent_id, sku = excluded.sku, price = excluded.price,
              vat_id = excluded.vat_id, stock = excluded.stock, sorting = excluded.sorting,
              active = excluded.active
            WHERE (p.vendor_id, p.parent_id, p.sku, p.price, p.vat_id, p.stock, p.sorting, p.active)
              IS DISTINCT FROM (excluded.vendor_id, excluded.parent_id, excluded.sku,
                excluded.price, excluded.vat_id, excluded.stock, excluded.sorting, excluded.active)
            RETURNING p.id, (p.xmax = 0) AS inserted`),
        );
        for (const r of written) {
          changed.add(Number(r.id));
          if (r.inserted) created.add(Number(r.id));
        }
      }

      const texts: Record<string, string | null>[] = [];
      const locales: { slug: string; locales: string }[] = [];
      for (const r of batch) {
        const present: Locale[] = SUPPORTED_LOCALES.filter(
          (l) => r[textColumn('title', l)].trim() !== '',
        );
        locales.push({ slug: r.slug, locales: present.join(',') });
        for (const locale of present) {
          const entry: Record<string, string | null> = { slug: r.slug, locale };
          for (const field of CATALOGUE_TEXT_FIELDS) {
            const value = r[textColumn(field, locale)];
            // Empty meta is no meta (null), as a product written by hand has it.
            entry[field] = field.startsWith('meta_') && value === '' ? null : value;
          }
          texts.push(entry);
        }
      }
      note(
        await tx.execute(sql`
          DELETE FROM product_translations t
          USING products p, json_to_recordset(${json(locales)}) AS r(slug text, locales text)
          WHERE p.slug = r.slug AND t.parent_id = p.id
            AND NOT (t.locale::text = ANY (string_to_array(r.locales, ',')))
          RETURNING t.parent_id AS id`),
      );
      note(
        await tx.execute(sql`
          INSERT INTO product_translations AS t
            (parent_id, locale, title, description, meta_title, meta_description, meta_keywords)
          SELECT p.id, r.locale::locale, r.title, r.description, r.meta_title, r.meta_description,
            r.meta_keywords
          FROM json_to_recordset(${json(texts)}) AS r(slug text, locale text, title text,
            description text, meta_title text, meta_description text, meta_keywords text)
          JOIN products p ON p.slug = r.slug
          ON CONFLICT (parent_id, locale) DO UPDATE SET title = excluded.title,
            description = excluded.description, meta_title = excluded.meta_title,
            meta_description = excluded.meta_description, meta_keywords = excluded.meta_keywords
          WHERE (t.title, t.description, t.meta_title, t.meta_description, t.meta_keywords)
            IS DISTINCT FROM (excluded.title, excluded.description, excluded.meta_title,
              excluded.meta_description, excluded.meta_keywords)
          RETURNING t.parent_id AS id`),
      );

      const valueSets = batch.map((r) => ({
        slug: r.slug,
        ids: r.attributes.map((ref) => plan.valueIds.get(ref)).join(','),
      }));
      const pairs = batch.flatMap((r) =>
        r.attributes.map((ref) => ({ slug: r.slug, value_id: plan.valueIds.get(ref) })),
      );
      note(
        await tx.execute(sql`
          DELETE FROM product_values v
          USING products p, json_to_recordset(${json(valueSets)}) AS r(slug text, ids text)
          WHERE p.slug = r.slug AND v.product_id = p.id
            AND NOT (v.value_id = ANY (string_to_array(r.ids, ',')::int[]))
          RETURNING v.product_id AS id`),
      );
      if (pairs.length > 0) {
        note(
          await tx.execute(sql`
            INSERT INTO product_values (product_id, value_id)
            SELECT p.id, r.value_id
            FROM json_to_recordset(${json(pairs)}) AS r(slug text, value_id int)
            JOIN products p ON p.slug = r.slug
            ON CONFLICT DO NOTHING
            RETURNING product_id AS id`),
        );
      }
      options.onProgress?.(Math.min(start + batch.length, total), total);
    }
    const result: CatalogueImportResult = {
      total,
      created: created.size,
      updated: changed.size - created.size,
      unchanged: total - changed.size,
    };
    await logStaffAction(tx, {
      userId: options.userId,
      subject: 'catalogue',
      // The catalogue as a whole: there is no one row it belongs to.
      subjectId: 0,
      action: 'import',
      before: null,
      after: result,
      now: options.now,
    });
    return result;
  });
}

type ExportRow = {
  slug: string;
  parent: string | null;
  vendor: string;
  sku: string | null;
  price: string;
  vat: string;
  stock: number | null;
  active: boolean;
  sorting: number;
  attributes: string[] | null;
  texts: Record<string, (string | null)[]> | null;
};

/** The whole catalogue as import rows: products, each followed by its variations. */
export async function exportCatalogue(db: Database): Promise<CatalogueRow[]> {
  const rows = rowsOf<ExportRow>(
    await db.execute(sql`
      SELECT p.slug, parent.slug AS parent, v.slug AS vendor, p.sku, p.price::text AS price,
        vat.key AS vat, p.stock, p.active, p.sorting,
        (SELECT json_agg(a.slug || ':' || av.slug) FROM product_values pv
           JOIN attribute_values av ON av.id = pv.value_id
           JOIN attributes a ON a.id = av.attribute_id
           WHERE pv.product_id = p.id) AS attributes,
        (SELECT json_object_agg(t.locale, json_build_array(t.title, t.description, t.meta_title,
           t.meta_description, t.meta_keywords))
           FROM product_translations t WHERE t.parent_id = p.id) AS texts
      FROM products p
      JOIN vendors v ON v.id = p.vendor_id
      JOIN vats vat ON vat.id = p.vat_id
      LEFT JOIN products parent ON parent.id = p.parent_id
      ORDER BY coalesce(p.parent_id, p.id), p.parent_id NULLS FIRST, p.id`),
  );
  return rows.map((r) => {
    const texts = {} as Record<ReturnType<typeof textColumn>, string>;
    for (const locale of SUPPORTED_LOCALES) {
      const values = r.texts?.[locale];
      CATALOGUE_TEXT_FIELDS.forEach((field, i) => {
        texts[textColumn(field, locale)] = values?.[i] ?? '';
      });
    }
    return {
      slug: r.slug,
      parent: r.parent,
      vendor: r.vendor,
      sku: r.sku,
      price: Number(r.price).toFixed(2),
      vat: r.vat,
      stock: r.stock === null ? null : Number(r.stock),
      active: r.active,
      sorting: Number(r.sorting),
      attributes: [...(r.attributes ?? [])].sort(),
      ...texts,
    };
  });
}
