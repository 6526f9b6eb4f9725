import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  STAFF_CATALOGUE_COUNT_CAP,
  STAFF_CATALOGUE_LOCALES,
  utcMoment,
  type Locale,
  type StaffCatalogueItem,
  type StaffCataloguePage,
  type StaffCatalogueRow,
  type StaffDiscountBody,
  type StaffTexts,
  type StockState,
} from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { inTransaction } from '#api/lib/transactions.ts';
import { logStaffAction } from './staff-log.ts';

/*
 * The back office's products and bundles (decision 0056). The list walks ids downwards from a
 * cursor (keyset paging): every page, the first or the 5,000th, reads its 20 rows from an index
 * (the primary key, `(vendor_id, id)` for a vendor, the titles' trigram index for a search), never
 * skipping rows with OFFSET. A save locks the row, checks the version the form showed, writes the
 * row, its texts and discounts, moves the version and records itself in the staff log, in one
 * transaction. The change counts' triggers (migration 0011) then drop the kept pages and cards
 * as it commits.
 */

export type CatalogueKind = 'product' | 'bundle';

export type CatalogueFilters = {
  q?: string | undefined;
  vendor?: number | undefined;
  stock?: StockState | undefined;
  after?: number | undefined;
  before?: number | undefined;
};

/** `%`, `_` and `\` typed into the search are letters, not patterns. */
const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const tables = (kind: CatalogueKind) =>
  kind === 'product'
    ? { item: s.products, texts: s.productTranslations }
    : { item: s.bundles, texts: s.bundleTranslations };

/**
 * A bundle's stock: how many whole bundles its items' stock makes; null (unlimited) when no item
 * counts its stock.
 */
const bundleStock = sql<number | null>`(
  SELECT min(${s.products.stock} / greatest(${s.bundleItems.quantity}, 1))
  FROM ${s.bundleItems} JOIN ${s.products} ON ${s.products.id} = ${s.bundleItems.productId}
  WHERE ${s.bundleItems.bundleId} = ${s.bundles.id} AND ${s.products.stock} IS NOT NULL
)`;

function stockCondition(kind: CatalogueKind, state: StockState): SQL {
  const stock = kind === 'product' ? sql`${s.products.stock}` : bundleStock;
  if (state === 'unlimited') return sql`${stock} IS NULL`;
  if (state === 'out') return sql`${stock} = 0`;
  return sql`${stock} > 0`;
}

/** The filters but the cursor: what the count counts. */
function filterConditions(kind: CatalogueKind, filters: CatalogueFilters): SQL[] {
  const { item, texts } = tables(kind);
  const conditions: SQL[] = [];
  if (filters.vendor) conditions.push(eq(item.vendorId, filters.vendor));
  if (filters.stock) conditions.push(stockCondition(kind, filters.stock));
  if (filters.q) {
    // Any language's title (the trigram index), or the id itself: one set of ids, so the
    // primary key still drives the walk (an `OR` beside it made PostgreSQL scan every row).
    const typed = /^\d{1,10}$/.test(filters.q) ? Number(filters.q) : null;
    const id = typed !== null && typed <= 2_147_483_647 ? typed : null;
    const titled = sql`SELECT ${texts.parentId} FROM ${texts} WHERE ${texts.title} ILIKE ${likeText(filters.q)}`;
    conditions.push(
      inArray(
        item.id,
        id === null ? sql`(${titled})` : sql`(${titled} UNION ALL SELECT ${id}::integer)`,
      ),
    );
  }
  return conditions;
}

/** One page of products or bundles, newest first, after or before a cursor. */
export async function listStaffCatalogue(
  db: Database,
  kind: CatalogueKind,
  locale: Locale,
  filters: CatalogueFilters,
  pageSize: number,
): Promise<StaffCataloguePage> {
  const { item, texts } = tables(kind);
  const conditions = filterConditions(kind, filters);
  const backwards = filters.before !== undefined && filters.after === undefined;
  const cursor =
    filters.after !== undefined
      ? lt(item.id, filters.after)
      : filters.before !== undefined
        ? gt(item.id, filters.before)
        : undefined;
  const tt = translated(texts, locale, 'it');
  const vt = translated(s.vendorTranslations, locale, 'vt');
  const where = and(...conditions, cursor);
  const [rows, counted, vendors] = await Promise.all([
    db
      .select({
        id: item.id,
        title: tt.text('title'),
        vendor: vt.text('title'),
        parentId: kind === 'product' ? s.products.parentId : sql<number | null>`NULL::integer`,
        price: item.price,
        stock: kind === 'product' ? s.products.stock : bundleStock,
        active: item.active,
      })
      .from(item)
      .leftJoin(tt.local, tt.onLocal(item.id))
      .leftJoin(tt.fallback, tt.onFallback(item.id))
      .leftJoin(vt.local, vt.onLocal(item.vendorId))
      .leftJoin(vt.fallback, vt.onFallback(item.vendorId))
      .where(where)
      .orderBy(backwards ? asc(item.id) : desc(item.id))
      .limit(pageSize + 1),
    // Counted up to the cap: past it the list says "more than 1,000", and the count costs at
    // most that many index entries.
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(item)
        .where(and(...conditions))
        .limit(STAFF_CATALOGUE_COUNT_CAP + 1)
        .as('matches'),
    ),
    listVendorOptions(db, locale),
  ]);
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (backwards) page.reverse();
  const n = counted[0]?.n ?? 0;
  const first = page[0]?.id ?? null;
  const last = page.at(-1)?.id ?? null;
  return {
    count: Math.min(n, STAFF_CATALOGUE_COUNT_CAP),
    countCapped: n > STAFF_CATALOGUE_COUNT_CAP,
    // Walking down (the first page, or `after`): a next page when a row was left over; a previous
    // one whenever this page started after a cursor. Walking up (`before`): the reverse.
    after: backwards ? last : more ? last : null,
    before: backwards ? (more ? first : null) : filters.after !== undefined ? first : null,
    results: page.map((row): StaffCatalogueRow => ({
      id: row.id,
      title: row.title,
      vendor: row.vendor,
      parentId: row.parentId,
      price: row.price,
      stock: row.stock === null ? null : Number(row.stock),
      active: row.active,
    })),
    vendors,
  };
}

async function listVendorOptions(db: Database, locale: Locale) {
  const vt = translated(s.vendorTranslations, locale, 'vt');
  const rows = await db
    .select({ id: s.vendors.id, title: vt.text('title') })
    .from(s.vendors)
    .leftJoin(vt.local, vt.onLocal(s.vendors.id))
    .leftJoin(vt.fallback, vt.onFallback(s.vendors.id))
    .orderBy(asc(vt.text('title')), asc(s.vendors.id));
  return rows.map((row) => ({ id: row.id, title: row.title || `#${row.id}` }));
}

/* ---------------------------------------------------------------- one item */

const emptyTexts = (): StaffTexts => ({
  title: '',
  description: '',
  metaTitle: '',
  metaDescription: '',
});

type Snapshot = {
  price: number;
  vatId: number;
  stock: number | null;
  active: boolean;
  version: number;
  texts: Record<(typeof STAFF_CATALOGUE_LOCALES)[number], StaffTexts>;
  discounts: { value: number; start: string | null; end: string | null }[];
};

/** What the edit form edits, as stored now (also the staff log's before and after). */
async function snapshot(db: Database, kind: CatalogueKind, id: number) {
  const { item, texts } = tables(kind);
  const [row] = await db
    .select({
      id: item.id,
      slug: item.slug,
      vendorId: item.vendorId,
      parentId: kind === 'product' ? s.products.parentId : sql<number | null>`NULL::integer`,
      price: item.price,
      vatId: item.vatId,
      stock: kind === 'product' ? s.products.stock : bundleStock,
      active: item.active,
      version: item.version,
    })
    .from(item)
    .where(eq(item.id, id));
  if (!row) return null;
  const discountColumn = kind === 'product' ? s.discounts.productId : s.discounts.bundleId;
  const [textRows, discountRows] = await Promise.all([
    db.select().from(texts).where(eq(texts.parentId, id)),
    db
      .select()
      .from(s.discounts)
      .where(and(eq(discountColumn, id), isNull(s.discounts.userId)))
      .orderBy(asc(s.discounts.id)),
  ]);
  const byLocale = Object.fromEntries(
    STAFF_CATALOGUE_LOCALES.map((locale) => {
      const t = textRows.find((r) => r.locale === locale);
      return [
        locale,
        t
          ? {
              title: t.title,
              description: t.description,
              metaTitle: t.metaTitle ?? '',
              metaDescription: t.metaDescription ?? '',
            }
          : emptyTexts(),
      ];
    }),
  ) as Snapshot['texts'];
  const state: Snapshot = {
    price: row.price,
    vatId: row.vatId,
    stock: row.stock === null ? null : Number(row.stock),
    active: row.active,
    version: row.version,
    texts: byLocale,
    discounts: discountRows.map((d) => ({
      value: d.value,
      start: d.startsAt?.toISOString() ?? null,
      end: d.endsAt?.toISOString() ?? null,
    })),
  };
  return { row, state };
}

/** One product or bundle as its edit form shows it, or null. */
export async function findStaffCatalogueItem(
  db: Database,
  kind: CatalogueKind,
  locale: Locale,
  id: number,
): Promise<StaffCatalogueItem | null> {
  const found = await snapshot(db, kind, id);
  if (!found) return null;
  const vt = translated(s.vendorTranslations, locale, 'vt');
  const [[vendor], vats] = await Promise.all([
    db
      .select({ id: s.vendors.id, title: vt.text('title') })
      .from(s.vendors)
      .leftJoin(vt.local, vt.onLocal(s.vendors.id))
      .leftJoin(vt.fallback, vt.onFallback(s.vendors.id))
      .where(eq(s.vendors.id, found.row.vendorId)),
    db.select().from(s.vats).orderBy(asc(s.vats.percent), asc(s.vats.id)),
  ]);
  const { state, row } = found;
  return {
    id: row.id,
    kind,
    slug: row.slug,
    vendor: { id: row.vendorId, title: vendor?.title || `#${row.vendorId}` },
    parentId: row.parentId,
    version: state.version,
    price: state.price,
    vatId: state.vatId,
    stock: state.stock,
    active: state.active,
    texts: state.texts,
    discounts: state.discounts,
    vats: vats.map((v) => ({ id: v.id, key: v.key, percent: v.percent })),
  };
}

/* ---------------------------------------------------------------- a save */

type TextsBody = {
  title?: string | undefined;
  description?: string | undefined;
  metaTitle?: string | undefined;
  metaDescription?: string | undefined;
};

export type CatalogueSave = {
  version: number;
  texts: Record<(typeof STAFF_CATALOGUE_LOCALES)[number], TextsBody>;
  price: number;
  vatId: number;
  active: boolean;
  discounts: StaffDiscountBody[];
  /** Products only: the stock wanted (null: unlimited) and the one the form showed. */
  stock?: number | null | undefined;
  stockSeen?: number | null | undefined;
};

export type SaveResult =
  | { kind: 'saved' }
  | { kind: 'missing' }
  | { kind: 'stale' }
  | { kind: 'stockMoved' }
  | { kind: 'invalid'; field: 'vatId' };

/**
 * Saves what the form sends, in one transaction: the row locked (`FOR UPDATE`), refused when its
 * version is not the one the form showed (another save came first), the row, texts and discounts
 * written, the version moved, the staff log written with the state before and after.
 */
export async function saveStaffCatalogueItem(
  db: Database,
  kind: CatalogueKind,
  id: number,
  body: CatalogueSave,
  who: { userId: number; now: Date },
): Promise<SaveResult> {
  const { item, texts } = tables(kind);
  return inTransaction(db, async (tx) => {
    const [locked] = await tx
      .select({ version: item.version, vendorId: item.vendorId })
      .from(item)
      .where(eq(item.id, id))
      .for('update');
    if (!locked) return { kind: 'missing' };
    if (locked.version !== body.version) return { kind: 'stale' };
    const [vat] = await tx.select({ id: s.vats.id }).from(s.vats).where(eq(s.vats.id, body.vatId));
    if (!vat) return { kind: 'invalid', field: 'vatId' };
    const before = await snapshot(tx, kind, id);
    if (!before) return { kind: 'missing' };

    const next = {
      price: body.price,
      vatId: body.vatId,
      active: body.active,
      version: body.version + 1,
    };
    if (kind === 'product') {
      // Orders move the stock while the form is open: a stock left as the form showed it keeps
      // what it is now; a changed one is refused if the stock moved since.
      const wanted = body.stock ?? null;
      let stock = before.state.stock;
      if (body.stockSeen === undefined) stock = wanted;
      else if (wanted !== (body.stockSeen ?? null)) {
        if (before.state.stock !== (body.stockSeen ?? null)) return { kind: 'stockMoved' };
        stock = wanted;
      }
      await tx
        .update(s.products)
        .set({ ...next, stock })
        .where(eq(s.products.id, id));
    } else {
      await tx.update(s.bundles).set(next).where(eq(s.bundles.id, id));
    }

    for (const locale of STAFF_CATALOGUE_LOCALES) {
      const t = body.texts[locale];
      const values = {
        title: t.title ?? '',
        description: t.description ?? '',
        metaTitle: t.metaTitle || null,
        metaDescription: t.metaDescription || null,
      };
      // A language left empty has no row: the storefront falls back to English.
      if (
        locale !== 'en' &&
        !values.title &&
        !values.description &&
        !t.metaTitle &&
        !t.metaDescription
      ) {
        await tx.delete(texts).where(and(eq(texts.parentId, id), eq(texts.locale, locale)));
        continue;
      }
      await tx
        .insert(texts)
        .values({ parentId: id, locale, ...values })
        .onConflictDoUpdate({ target: [texts.parentId, texts.locale], set: values });
    }

    const discountColumn = kind === 'product' ? s.discounts.productId : s.discounts.bundleId;
    const wantedDiscounts = body.discounts.filter(
      (d): d is StaffDiscountBody & { value: number } => d.value !== undefined,
    );
    const shownDiscounts = before.state.discounts;
    const sameDiscounts =
      wantedDiscounts.length === shownDiscounts.length &&
      wantedDiscounts.every((d, i) => {
        const was = shownDiscounts[i]!;
        const at = (v: string | undefined) => (v ? utcMoment(v).toISOString() : null);
        return d.value === was.value && at(d.start) === was.start && at(d.end) === was.end;
      });
    // Rewritten only when they changed: an unchanged list moves no change count.
    if (!sameDiscounts) {
      await tx.delete(s.discounts).where(and(eq(discountColumn, id), isNull(s.discounts.userId)));
      if (wantedDiscounts.length > 0)
        await tx.insert(s.discounts).values(
          wantedDiscounts.map((d) => ({
            ...(kind === 'product' ? { productId: id } : { bundleId: id }),
            value: d.value,
            startsAt: d.start ? utcMoment(d.start) : null,
            endsAt: d.end ? utcMoment(d.end) : null,
          })),
        );
    }

    const after = await snapshot(tx, kind, id);
    await logStaffAction(tx, {
      userId: who.userId,
      subject: kind,
      subjectId: id,
      action: 'update',
      vendorId: locked.vendorId,
      before: before.state,
      after: after?.state ?? null,
      now: who.now,
    });
    return { kind: 'saved' };
  });
}
