// Synthetic catalogue for benchmarks: adds vendors, attributes and N products (four translations,
// 2–4 attribute values, an image row, ~10 % discounts) to a shop the demo seed already created.
//
// Every random choice comes from mulberry32 seeded with (seed, product number), so a product's data
// depends only on the seed and its number, not on batching. Rows travel to the database through
// COPY (issue 26): on PostgreSQL `COPY … FROM STDIN` (pg-copy-streams), on PGlite `COPY … FROM
// '/dev/blob'` with the same text, a 5,000-product batch at a time, its products' ids taken from
// their sequence first so child rows name them directly. A run that at least doubles the
// catalogue loads every batch in one transaction with the secondary indexes, foreign keys and
// derived-data triggers set aside, and rebuilds them after (decision 0078); a smaller one commits
// each batch with everything in place.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { mulberry32 } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import type { T } from './data/types.ts';

export type CatalogueOptions = {
  products: number;
  /** Vendors to create for this run; default 20. */
  vendors?: number;
  /** Attributes to create for this run; default 8. */
  attributes?: number;
  /** Values per attribute; default 8. */
  valuesPerAttribute?: number;
  /** PRNG seed; default 1. */
  seed?: number;
  /**
   * `bulk`: one transaction with the indexes, foreign keys and derived-data triggers set aside
   * and rebuilt after (decision 0078); `rows`: a transaction per batch with everything in place;
   * `auto` (default): bulk when the run at least doubles the catalogue.
   */
  load?: 'auto' | 'bulk' | 'rows';
  /** The clock the rows' `created_at` and discounts' dates count from; default now. */
  now?: number;
  /** Products per COPY batch; default 5,000 (tests take fewer, to cover several batches). */
  batchSize?: number;
  /**
   * `bulk`: how long setting the tables' indexes, keys and triggers aside may wait for the
   * tables' locks before the load gives up (BULK_LOCK_TIMEOUT_MS).
   */
  lockTimeoutMs?: number;
  log?: (message: string) => void;
};

const LOCALES = ['en', 'de', 'ru', 'it'] as const;
type Locale = (typeof LOCALES)[number];
/** Big enough to amortise a round trip and a commit, small enough to keep one batch's JSON at a few MB. */
const BATCH_SIZE = 5_000;
/** Product slugs are `synthetic-{n}`. */
const PRODUCT_PREFIX = 'synthetic';
const VENDOR_PREFIX = 'synthetic-vendor';
const ATTRIBUTE_PREFIX = 'synthetic-attribute';

// ---------------------------------------------------------------- word lists

// Titles are adjective + material + noun in every language, with the adjective agreeing in gender
// with the noun, so a search for "Tasse" or "льна" finds real, grammatical titles.
type Gender = 'm' | 'f' | 'n';
type Noun = { en: string; de: [string, Gender]; ru: [string, Gender]; it: [string, 'm' | 'f'] };
type Adjective = {
  en: string;
  de: string;
  ru: Record<Gender, string>;
  it: Record<'m' | 'f', string>;
};
/** de and it name the material after the noun ("aus Leinen", "in lino"); ru needs the genitive. */
type Material = { en: string; de: string; ru: string; it: string };
type Category = { nouns: Noun[]; materials: Material[] };

const adjectives: Adjective[] = [
  {
    en: 'Classic',
    de: 'Klassisch',
    ru: { m: 'классический', f: 'классическая', n: 'классическое' },
    it: { m: 'classico', f: 'classica' },
  },
  {
    en: 'Small',
    de: 'Klein',
    ru: { m: 'маленький', f: 'маленькая', n: 'маленькое' },
    it: { m: 'piccolo', f: 'piccola' },
  },
  {
    en: 'Large',
    de: 'Groß',
    ru: { m: 'большой', f: 'большая', n: 'большое' },
    it: { m: 'grande', f: 'grande' },
  },
  {
    en: 'Modern',
    de: 'Modern',
    ru: { m: 'современный', f: 'современная', n: 'современное' },
    it: { m: 'moderno', f: 'moderna' },
  },
  {
    en: 'Simple',
    de: 'Schlicht',
    ru: { m: 'простой', f: 'простая', n: 'простое' },
    it: { m: 'semplice', f: 'semplice' },
  },
  {
    en: 'Elegant',
    de: 'Elegant',
    ru: { m: 'элегантный', f: 'элегантная', n: 'элегантное' },
    it: { m: 'elegante', f: 'elegante' },
  },
  {
    en: 'Light',
    de: 'Leicht',
    ru: { m: 'лёгкий', f: 'лёгкая', n: 'лёгкое' },
    it: { m: 'leggero', f: 'leggera' },
  },
  {
    en: 'Rustic',
    de: 'Rustikal',
    ru: { m: 'деревенский', f: 'деревенская', n: 'деревенское' },
    it: { m: 'rustico', f: 'rustica' },
  },
  {
    en: 'Natural',
    de: 'Natürlich',
    ru: { m: 'натуральный', f: 'натуральная', n: 'натуральное' },
    it: { m: 'naturale', f: 'naturale' },
  },
  {
    en: 'Nordic',
    de: 'Nordisch',
    ru: { m: 'скандинавский', f: 'скандинавская', n: 'скандинавское' },
    it: { m: 'nordico', f: 'nordica' },
  },
  {
    en: 'Practical',
    de: 'Praktisch',
    ru: { m: 'практичный', f: 'практичная', n: 'практичное' },
    it: { m: 'pratico', f: 'pratica' },
  },
  {
    en: 'Sturdy',
    de: 'Robust',
    ru: { m: 'прочный', f: 'прочная', n: 'прочное' },
    it: { m: 'robusto', f: 'robusta' },
  },
];

// Materials are grouped with the nouns they make sense for: no porcelain scarves.
const categories: Category[] = [
  {
    materials: [
      { en: 'linen', de: 'Leinen', ru: 'льна', it: 'lino' },
      { en: 'cotton', de: 'Baumwolle', ru: 'хлопка', it: 'cotone' },
      { en: 'wool', de: 'Wolle', ru: 'шерсти', it: 'lana' },
      { en: 'silk', de: 'Seide', ru: 'шёлка', it: 'seta' },
    ],
    nouns: [
      { en: 'bag', de: ['Tasche', 'f'], ru: ['сумка', 'f'], it: ['borsa', 'f'] },
      { en: 'scarf', de: ['Schal', 'm'], ru: ['шарф', 'm'], it: ['sciarpa', 'f'] },
      { en: 'blanket', de: ['Decke', 'f'], ru: ['плед', 'm'], it: ['coperta', 'f'] },
      { en: 'cushion', de: ['Kissen', 'n'], ru: ['подушка', 'f'], it: ['cuscino', 'm'] },
      { en: 'towel', de: ['Handtuch', 'n'], ru: ['полотенце', 'n'], it: ['asciugamano', 'm'] },
      { en: 'shirt', de: ['Hemd', 'n'], ru: ['рубашка', 'f'], it: ['camicia', 'f'] },
      { en: 'apron', de: ['Schürze', 'f'], ru: ['фартук', 'm'], it: ['grembiule', 'm'] },
      { en: 'tablecloth', de: ['Tischdecke', 'f'], ru: ['скатерть', 'f'], it: ['tovaglia', 'f'] },
    ],
  },
  {
    materials: [
      { en: 'stoneware', de: 'Steinzeug', ru: 'керамики', it: 'gres' },
      { en: 'porcelain', de: 'Porzellan', ru: 'фарфора', it: 'porcellana' },
      { en: 'glass', de: 'Glas', ru: 'стекла', it: 'vetro' },
      { en: 'terracotta', de: 'Terrakotta', ru: 'терракоты', it: 'terracotta' },
    ],
    nouns: [
      { en: 'cup', de: ['Tasse', 'f'], ru: ['чашка', 'f'], it: ['tazza', 'f'] },
      { en: 'bowl', de: ['Schale', 'f'], ru: ['миска', 'f'], it: ['ciotola', 'f'] },
      { en: 'plate', de: ['Teller', 'm'], ru: ['тарелка', 'f'], it: ['piatto', 'm'] },
      { en: 'vase', de: ['Vase', 'f'], ru: ['ваза', 'f'], it: ['vaso', 'm'] },
      { en: 'jug', de: ['Krug', 'm'], ru: ['кувшин', 'm'], it: ['brocca', 'f'] },
      { en: 'teapot', de: ['Teekanne', 'f'], ru: ['чайник', 'm'], it: ['teiera', 'f'] },
      { en: 'lamp', de: ['Lampe', 'f'], ru: ['лампа', 'f'], it: ['lampada', 'f'] },
      {
        en: 'candle holder',
        de: ['Kerzenhalter', 'm'],
        ru: ['подсвечник', 'm'],
        it: ['portacandele', 'm'],
      },
    ],
  },
  {
    materials: [
      { en: 'oak', de: 'Eiche', ru: 'дуба', it: 'rovere' },
      { en: 'walnut', de: 'Nussbaum', ru: 'ореха', it: 'noce' },
      { en: 'beech', de: 'Buche', ru: 'бука', it: 'faggio' },
      { en: 'bamboo', de: 'Bambus', ru: 'бамбука', it: 'bambù' },
    ],
    nouns: [
      { en: 'tray', de: ['Tablett', 'n'], ru: ['поднос', 'm'], it: ['vassoio', 'm'] },
      {
        en: 'chopping board',
        de: ['Schneidebrett', 'n'],
        ru: ['разделочная доска', 'f'],
        it: ['tagliere', 'm'],
      },
      { en: 'stool', de: ['Hocker', 'm'], ru: ['табурет', 'm'], it: ['sgabello', 'm'] },
      { en: 'shelf', de: ['Regal', 'n'], ru: ['полка', 'f'], it: ['mensola', 'f'] },
      { en: 'box', de: ['Schachtel', 'f'], ru: ['шкатулка', 'f'], it: ['scatola', 'f'] },
      { en: 'spoon', de: ['Löffel', 'm'], ru: ['ложка', 'f'], it: ['cucchiaio', 'm'] },
      { en: 'picture frame', de: ['Bilderrahmen', 'm'], ru: ['рамка', 'f'], it: ['cornice', 'f'] },
      { en: 'side table', de: ['Beistelltisch', 'm'], ru: ['столик', 'm'], it: ['tavolino', 'm'] },
    ],
  },
];

/** German adjectives without an article take the strong nominative endings. */
const germanEnding: Record<Gender, string> = { m: 'er', f: 'e', n: 'es' };

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function productTitle(adjective: Adjective, material: Material, noun: Noun): T {
  const [deNoun, deGender] = noun.de;
  const [ruNoun, ruGender] = noun.ru;
  const [itNoun, itGender] = noun.it;
  return {
    en: `${adjective.en} ${material.en} ${noun.en}`,
    de: `${adjective.de}${germanEnding[deGender]} ${deNoun} aus ${material.de}`,
    ru: capitalize(`${adjective.ru[ruGender]} ${ruNoun} из ${material.ru}`),
    it: `${capitalize(itNoun)} ${adjective.it[itGender]} in ${material.it}`,
  };
}

const productDescription: T = {
  en: 'Item {n} of the synthetic catalogue for load tests.',
  de: 'Artikel {n} des synthetischen Katalogs für Lasttests.',
  ru: 'Товар № {n} синтетического каталога для нагрузочных тестов.',
  it: 'Articolo n. {n} del catalogo sintetico per i test di carico.',
};

const vendorNames = [
  'Alder',
  'Birch',
  'Cedar',
  'Elm',
  'Fern',
  'Hazel',
  'Juniper',
  'Larch',
  'Linden',
  'Maple',
  'Meadow',
  'Pine',
  'Rowan',
  'Spruce',
  'Willow',
  'Aspen',
  'Heather',
  'Thistle',
  'Poplar',
  'Clover',
];
const vendorTitle: T = {
  en: '{name} Workshop',
  de: 'Werkstatt {name}',
  ru: 'Мастерская {name}',
  it: 'Laboratorio {name}',
};
const vendorDescription: T = {
  en: 'A synthetic vendor for load tests.',
  de: 'Ein synthetischer Händler für Lasttests.',
  ru: 'Синтетический продавец для нагрузочных тестов.',
  it: 'Un venditore sintetico per i test di carico.',
};

const attributeNames: T[] = [
  { en: 'Finish', de: 'Oberfläche', ru: 'Отделка', it: 'Finitura' },
  { en: 'Pattern', de: 'Muster', ru: 'Узор', it: 'Motivo' },
  { en: 'Style', de: 'Stil', ru: 'Стиль', it: 'Stile' },
  { en: 'Shape', de: 'Form', ru: 'Форма', it: 'Forma' },
  { en: 'Edition', de: 'Edition', ru: 'Серия', it: 'Edizione' },
  { en: 'Grade', de: 'Güteklasse', ru: 'Сорт', it: 'Qualità' },
  { en: 'Packaging', de: 'Verpackung', ru: 'Упаковка', it: 'Confezione' },
  { en: 'Care', de: 'Pflege', ru: 'Уход', it: 'Cura' },
];
const valueTitle: T = {
  en: 'Variant {n}',
  de: 'Variante {n}',
  ru: 'Вариант {n}',
  it: 'Variante {n}',
};

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** Cycles through a word list; later rounds get a number so repeated runs stay distinguishable. */
function cycled<W>(list: readonly W[], n: number): { word: W; suffix: string } {
  const round = Math.floor(n / list.length);
  return { word: list[n % list.length] as W, suffix: round > 0 ? ` ${round + 1}` : '' };
}

// ---------------------------------------------------------------- randomness

const pick = <V>(rand: () => number, list: readonly V[]): V =>
  list[Math.floor(rand() * list.length)] as V;

/** k distinct elements of `list` (partial Fisher–Yates on a copy). */
function sample<V>(rand: () => number, list: readonly V[], k: number): V[] {
  const copy = [...list];
  const n = Math.min(k, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rand() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j] as V, copy[i] as V];
  }
  return copy.slice(0, n);
}

// ---------------------------------------------------------------- rows

type ProductRow = {
  n: number;
  vendor_id: number;
  price_cents: number;
  profit_cents: number;
  stock: number | null;
  sorting: number;
  age_minutes: number;
};
type TranslationRow = { n: number; locale: Locale; title: string; description: string };
type ValueRow = { n: number; value_id: number };
type DiscountRow = {
  n: number;
  value: number;
  started_days_ago: number;
  ends_in_days: number | null;
};

export type Batch = {
  products: ProductRow[];
  translations: TranslationRow[];
  values: ValueRow[];
  discounts: DiscountRow[];
};

const PRICE_ENDINGS = [0, 50, 90, 99];
const DISCOUNTS = [5, 10, 15, 20, 25, 30, 40, 50];
const MINUTES_PER_YEAR = 365 * 24 * 60;

export function buildBatch(
  first: number,
  size: number,
  seed: number,
  vendorIds: number[],
  valueIds: number[][],
): Batch {
  const batch: Batch = { products: [], translations: [], values: [], discounts: [] };
  const allValues = valueIds.flat();
  for (let n = first; n < first + size; n++) {
    // One generator per product: its data depends on (seed, n) only.
    const rand = mulberry32(seed ^ Math.imul(n, 0x9e3779b1));
    // Squared: a few vendors own most of the catalogue, as on real marketplaces.
    const vendor = vendorIds[Math.floor(rand() ** 2 * vendorIds.length)] as number;
    // Log-uniform 3–600 €: many cheap items, a long tail of expensive ones.
    const euros = Math.floor(Math.exp(Math.log(3) + rand() * Math.log(200)));
    const priceCents = euros * 100 + pick(rand, PRICE_ENDINGS);
    const stockRoll = rand();
    batch.products.push({
      n,
      vendor_id: vendor,
      price_cents: priceCents,
      profit_cents: Math.round(priceCents * (0.1 + rand() * 0.3)),
      // ~10 % untracked, ~5 % sold out: listings and filters meet both cases.
      stock: stockRoll < 0.1 ? null : stockRoll < 0.15 ? 0 : 1 + Math.floor(rand() * 250),
      sorting: Math.floor(rand() * 1000),
      age_minutes: Math.floor(rand() * MINUTES_PER_YEAR),
    });

    const category = pick(rand, categories);
    const title = productTitle(
      pick(rand, adjectives),
      pick(rand, category.materials),
      pick(rand, category.nouns),
    );
    for (const locale of LOCALES) {
      batch.translations.push({
        n,
        locale,
        title: title[locale],
        description: `${title[locale]}. ${fill(productDescription[locale], { n })}`,
      });
    }

    // 2–4 values from distinct attributes, like a real product's properties; with fewer
    // attributes than that, distinct values of the same attribute.
    const k = 2 + Math.floor(rand() * 3);
    const chosen =
      valueIds.length >= k
        ? sample(rand, valueIds, k).map((values) => pick(rand, values))
        : sample(rand, allValues, k);
    for (const valueId of chosen) batch.values.push({ n, value_id: valueId });

    if (rand() < 0.1) {
      batch.discounts.push({
        n,
        value: pick(rand, DISCOUNTS),
        started_days_ago: Math.floor(rand() * 30),
        ends_in_days: rand() < 0.5 ? null : 1 + Math.floor(rand() * 60),
      });
    }
  }
  return batch;
}

// ---------------------------------------------------------------- database

/**
 * The first free number for `{prefix}-{n}` slugs: past the table's max id (so on a fresh run
 * `synthetic-{n}` usually is product n) and past any earlier synthetic slug, so a later run never
 * collides, even after rows were deleted.
 */
async function nextNumber(
  db: Database,
  table: typeof s.products | typeof s.vendors | typeof s.attributes,
  prefix: string,
): Promise<number> {
  const pattern = `^${prefix}-([0-9]+)$`;
  const result = await db
    .select({
      maxId: sql<number | null>`max(${table.id})`,
      maxNumber: sql<number | null>`max(substring(${table.slug} from ${pattern})::int)`,
    })
    .from(table);
  const row = result[0];
  return Math.max(row?.maxId ?? 0, row?.maxNumber ?? 0) + 1;
}

function* chunks<V>(list: V[], size: number): Generator<V[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

function checkCount(name: string, value: number, min: number) {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer ≥ ${min}, got ${value}`);
  }
}

type Setup = { vendorIds: number[]; valueIds: number[][] };

/** Vendors, attributes and values for this run, with translations, in one transaction. */
async function createSetup(
  db: Database,
  vendors: number,
  attributes: number,
  valuesPerAttribute: number,
  now: number,
): Promise<Setup> {
  const firstVendor = await nextNumber(db, s.vendors, VENDOR_PREFIX);
  const firstAttribute = await nextNumber(db, s.attributes, ATTRIBUTE_PREFIX);
  return db.transaction(async (tx) => {
    const vendorRows = Array.from({ length: vendors }, (_, i) => {
      const n = firstVendor + i;
      return { n, slug: `${VENDOR_PREFIX}-${n}`, email: `vendor-${n}@synthetic.example` };
    });
    const insertedVendors = await tx
      .insert(s.vendors)
      .values(
        vendorRows.map((v) => ({
          slug: v.slug,
          email: v.email,
          sorting: 100 + v.n,
          createdAt: new Date(now),
        })),
      )
      .returning({ id: s.vendors.id, slug: s.vendors.slug });
    const vendorIdBySlug = new Map(insertedVendors.map((v) => [v.slug, v.id]));
    const vendorIds = vendorRows.map((v) => vendorIdBySlug.get(v.slug) ?? 0);
    const vendorTranslations = vendorRows.flatMap((v, i) => {
      const { word, suffix } = cycled(vendorNames, v.n - 1);
      return LOCALES.map((locale) => ({
        parentId: vendorIds[i] ?? 0,
        locale,
        title: fill(vendorTitle[locale], { name: word + suffix }),
        description: vendorDescription[locale],
      }));
    });
    for (const part of chunks(vendorTranslations, BATCH_SIZE)) {
      await tx.insert(s.vendorTranslations).values(part);
    }

    const attributeRows = Array.from({ length: attributes }, (_, i) => {
      const n = firstAttribute + i;
      return { n, slug: `${ATTRIBUTE_PREFIX}-${n}` };
    });
    const insertedAttributes = await tx
      .insert(s.attributes)
      .values(attributeRows.map((a) => ({ slug: a.slug, sorting: 100 + a.n })))
      .returning({ id: s.attributes.id, slug: s.attributes.slug });
    const attributeIdBySlug = new Map(insertedAttributes.map((a) => [a.slug, a.id]));
    const attributeIds = attributeRows.map((a) => attributeIdBySlug.get(a.slug) ?? 0);
    const attributeTranslations = attributeRows.flatMap((a, i) => {
      const { word, suffix } = cycled(attributeNames, a.n - 1);
      return LOCALES.map((locale) => ({
        parentId: attributeIds[i] ?? 0,
        locale,
        title: word[locale] + suffix,
      }));
    });
    for (const part of chunks(attributeTranslations, BATCH_SIZE)) {
      await tx.insert(s.attributeTranslations).values(part);
    }

    const valueRows = attributeIds.flatMap((attributeId) =>
      Array.from({ length: valuesPerAttribute }, (_, j) => ({
        attributeId,
        slug: `variant-${j + 1}`,
        sorting: j,
      })),
    );
    const insertedValues: { id: number; attributeId: number; sorting: number }[] = [];
    for (const part of chunks(valueRows, BATCH_SIZE)) {
      insertedValues.push(
        ...(await tx.insert(s.attributeValues).values(part).returning({
          id: s.attributeValues.id,
          attributeId: s.attributeValues.attributeId,
          sorting: s.attributeValues.sorting,
        })),
      );
    }
    const valueTranslations = insertedValues.flatMap((v) =>
      LOCALES.map((locale) => ({
        parentId: v.id,
        locale,
        title: fill(valueTitle[locale], { n: v.sorting + 1 }),
      })),
    );
    for (const part of chunks(valueTranslations, BATCH_SIZE)) {
      await tx.insert(s.attributeValueTranslations).values(part);
    }
    const valueIds = attributeIds.map((attributeId) =>
      insertedValues.filter((v) => v.attributeId === attributeId).map((v) => v.id),
    );
    return { vendorIds, valueIds };
  });
}

// ---------------------------------------------------------------- COPY

/** A value of one column in PostgreSQL's COPY text format: a string, an integer or NULL. */
export type CopyValue = string | number | null;

const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/**
 * One field of COPY's text format: NULL is `\N`, and a backslash, tab, newline or carriage return
 * in a string is escaped, so a title can hold any of them without ending its field or its row.
 */
export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`COPY cannot carry the number ${value}`);
    return String(value);
  }
  return value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c] ?? c);
}

/** Rows in COPY's text format: fields separated by tabs, every row ended by a newline. */
export function copyRows(rows: readonly (readonly CopyValue[])[]): string {
  let text = '';
  for (const row of rows) text += row.map(copyField).join('\t') + '\n';
  return text;
}

/** Cents as a `numeric` literal ('1299' → '12.99'), exact where a float division is not. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The COPY text of each table of one batch, for products whose ids are already known. */
export function copyBatchText(
  batch: Batch,
  ids: ReadonlyMap<number, number>,
  vatId: number,
  now: number,
): Record<'products' | 'translations' | 'values' | 'images' | 'discounts', string> {
  const id = (n: number) => {
    const found = ids.get(n);
    if (found === undefined) throw new Error(`no id reserved for product ${n}`);
    return found;
  };
  const at = (ms: number) => new Date(ms).toISOString();
  const DAY = 86_400_000;
  // Each product's value ids as the product_values trigger would write them (ascending), so that
  // the trigger after the values' COPY finds nothing to change (migration 0024).
  const valuesOf = new Map<number, number[]>();
  for (const v of batch.values) valuesOf.set(v.n, [...(valuesOf.get(v.n) ?? []), v.value_id]);
  const valueIdsText = (n: number) =>
    `{${[...new Set(valuesOf.get(n) ?? [])].sort((a, b) => a - b).join(',')}}`;
  return {
    products: copyRows(
      batch.products.map((p) => [
        id(p.n),
        p.vendor_id,
        `${PRODUCT_PREFIX}-${p.n}`,
        `SYN-${p.n}`,
        centsText(p.price_cents),
        centsText(p.profit_cents),
        vatId,
        p.stock,
        p.sorting,
        at(now - p.age_minutes * 60_000),
        valueIdsText(p.n),
      ]),
    ),
    translations: copyRows(
      batch.translations.map((t) => [id(t.n), t.locale, t.title, t.description]),
    ),
    values: copyRows(batch.values.map((v) => [id(v.n), v.value_id])),
    images: copyRows(batch.products.map((p) => [`synthetic/${p.n}.webp`, 'page_gallery', id(p.n)])),
    discounts: copyRows(
      batch.discounts.map((d) => [
        id(d.n),
        d.value,
        at(now - d.started_days_ago * DAY),
        d.ends_in_days === null ? null : at(now + d.ends_in_days * DAY),
      ]),
    ),
  };
}

/** One connection that runs statements and `COPY … FROM STDIN` (PostgreSQL) or a blob (PGlite). */
type CopyConnection = {
  query(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  copyFrom(table: string, columns: readonly string[], text: string): Promise<void>;
  /** `error`: the connection may be broken or inside a transaction: the pool closes it. */
  release(error?: Error): void;
};

const COPY_COLUMNS = {
  products: [
    'id',
    'vendor_id',
    'slug',
    'sku',
    'price',
    'profit',
    'vat_id',
    'stock',
    'sorting',
    'created_at',
    'value_ids',
  ],
  product_translations: ['parent_id', 'locale', 'title', 'description'],
  product_values: ['product_id', 'value_id'],
  images: ['path', 'image_type', 'product_id'],
  discounts: ['product_id', 'value', 'starts_at', 'ends_at'],
} as const;

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source}`;

/** A COPY connection on the driver under `db`: a pool client of node-postgres, or PGlite itself. */
async function copyConnection(db: Database): Promise<CopyConnection> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    return {
      query: async (text, values) =>
        (await client.query<Record<string, unknown>>(text, values)).rows,
      // PGlite reads COPY FROM '/dev/blob' from the query's blob.
      copyFrom: async (table, columns, text) => {
        await client.query(copyStatement(table, columns, `'/dev/blob'`), [], {
          blob: new Blob([text]),
        });
      },
      release: () => {},
    };
  }
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    return {
      query: async (text, values) =>
        (await connection.query<Record<string, unknown>>(text, values)).rows,
      copyFrom: async (table, columns, text) => {
        await pipeline(
          Readable.from([Buffer.from(text)]),
          connection.query(copyFrom(copyStatement(table, columns, 'STDIN'))),
        );
      },
      release: (error) => connection.release(error),
    };
  }
  throw new Error('generateCatalogue needs a database opened by openDatabase (PGlite or pg)');
}

/**
 * The rows of one batch through COPY, in the caller's transaction. The products' ids are taken
 * from their sequence first, so every child row names its product directly (no lookup by slug).
 * Answers the ids taken, in product order.
 */
async function copyBatchRows(
  connection: CopyConnection,
  batch: Batch,
  vatId: number,
  now: number,
): Promise<number[]> {
  const rows = await connection.query(
    `SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id
     FROM generate_series(1, $1::int)`,
    [batch.products.length],
  );
  const taken = rows.map((row) => Number(row.id));
  const ids = new Map(batch.products.map((p, i) => [p.n, taken[i] ?? Number.NaN]));
  const text = copyBatchText(batch, ids, vatId, now);
  await connection.copyFrom('products', COPY_COLUMNS.products, text.products);
  await connection.copyFrom(
    'product_translations',
    COPY_COLUMNS.product_translations,
    text.translations,
  );
  await connection.copyFrom('product_values', COPY_COLUMNS.product_values, text.values);
  await connection.copyFrom('images', COPY_COLUMNS.images, text.images);
  if (batch.discounts.length > 0) {
    await connection.copyFrom('discounts', COPY_COLUMNS.discounts, text.discounts);
  }
  return taken;
}

/** Runs `work` in a transaction on `connection`: committed if it resolves, rolled back if not. */
async function inTransaction<R>(connection: CopyConnection, work: () => Promise<R>): Promise<R> {
  await connection.query('BEGIN');
  try {
    const result = await work();
    await connection.query('COMMIT');
    return result;
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

// ---------------------------------------------------------------- bulk load

/**
 * The tables a load writes: the five it copies into, and the sort titles the triggers on
 * product_translations fill (search_words gets a few hundred rows at most: left as it is).
 */
const LOADED_TABLES = [
  'products',
  'product_translations',
  'product_values',
  'images',
  'discounts',
  'product_sort_titles',
] as const;

/**
 * The functions of the INSERT triggers on LOADED_TABLES that a bulk load stands in for with
 * DERIVED_STATEMENTS. Any other INSERT trigger (a migration added one) stops a bulk load before it
 * writes anything: it would otherwise leave out what that trigger keeps. The change-count triggers
 * (bump_changed_data_versions, migration 0011) stay on: they cost one cheap WHEN per row and bump
 * the counts once, as for any write.
 */
const STOOD_IN_FOR = new Set([
  'search_words_from_titles',
  'product_sort_titles_refresh',
  'products_value_ids_refresh',
]);
const LEFT_ON = new Set(['bump_changed_data_versions']);

/**
 * What the triggers of STOOD_IN_FOR write for the new products (ids $1..$2), in one statement each
 * over all of them instead of once per COPY: the SELECTs of the trigger functions (migrations 0008
 * and 0023) with the new titles as their transition table. They read a narrow copy of the new
 * titles (product_translations' rows are wide: description and search vector): a new product's
 * translations are all new, so its own and its English title are in that copy too. The words
 * are taken from each distinct title once (titles repeat: a few thousand distinct ones per
 * locale). apps/api/src/seed/catalogue-bulk.test.ts compares the result with the triggers' own.
 */
const DERIVED_STATEMENTS: { text: string; ids?: true }[] = [
  {
    text: `CREATE TEMP TABLE loaded_titles (
      parent_id integer NOT NULL, locale locale NOT NULL, title text NOT NULL,
      PRIMARY KEY (parent_id, locale)) ON COMMIT DROP`,
  },
  {
    text: `INSERT INTO loaded_titles (parent_id, locale, title)
      SELECT parent_id, locale, title FROM product_translations WHERE parent_id BETWEEN $1 AND $2`,
    ids: true,
  },
  { text: 'ANALYZE loaded_titles' },
  {
    text: `INSERT INTO search_words (locale, word)
      SELECT DISTINCT n.locale, w.word
      FROM (SELECT DISTINCT locale, title FROM loaded_titles) n,
        unnest(tsvector_to_array(to_tsvector('simple', n.title))) AS w(word)
      WHERE char_length(w.word) >= 3
      ON CONFLICT DO NOTHING`,
  },
  {
    text: `INSERT INTO product_sort_titles (product_id, locale, title)
      SELECT k.parent_id, k.locale, coalesce(nullif(own.title, ''), en.title, '')
      FROM (
        SELECT DISTINCT c.parent_id AS parent_id, l.locale
        FROM loaded_titles c CROSS JOIN unnest(enum_range(NULL::locale)) AS l(locale)
        WHERE c.locale = 'en' OR l.locale = c.locale
      ) k
      JOIN products p ON p.id = k.parent_id
      LEFT JOIN loaded_titles own ON own.parent_id = k.parent_id AND own.locale = k.locale
      LEFT JOIN loaded_titles en ON en.parent_id = k.parent_id AND en.locale = 'en'
      ON CONFLICT (product_id, locale) DO UPDATE SET title = excluded.title
        WHERE product_sort_titles.title IS DISTINCT FROM excluded.title`,
  },
  {
    // products.value_ids (migration 0024): the generator writes it in its COPY already, so this
    // finds nothing to change; it is here so that the column is right even if that ever drifts,
    // as the statement trigger on product_values makes it for a load of rows.
    text: `UPDATE products p SET value_ids = v.ids
      FROM (
        SELECT product_id, array_agg(value_id ORDER BY value_id) AS ids
        FROM product_values WHERE product_id BETWEEN $1 AND $2 GROUP BY product_id
      ) v
      WHERE p.id = v.product_id AND p.value_ids IS DISTINCT FROM v.ids`,
    ids: true,
  },
];

type SetAside = { what: string; drop: string; restore: string };

/**
 * What a bulk load takes off LOADED_TABLES, with the statement that puts each back as it was
 * (the catalogue's own definitions, so a later migration's index or key is included): the
 * non-unique indexes (rebuilt in one sort each instead of one insert per row), the foreign keys
 * (checked in one join each instead of one lookup per row) and the INSERT triggers of
 * STOOD_IN_FOR. Primary keys and unique constraints stay: they guard the load itself.
 */
async function setAsideForLoad(connection: CopyConnection): Promise<SetAside[]> {
  const tables = [...LOADED_TABLES];
  const triggers = await connection.query(
    `SELECT t.tgrelid::regclass::text AS "table", t.tgname AS name, t.tgfoid::regproc::text AS fn,
       t.tgenabled AS enabled
     FROM pg_trigger t
     WHERE t.tgrelid = ANY($1::text[]::regclass[]) AND NOT t.tgisinternal
       AND t.tgenabled <> 'D' AND (t.tgtype & 4) <> 0
     ORDER BY 1, 2`,
    [tables],
  );
  const unknown = triggers.filter(
    (t) => !STOOD_IN_FOR.has(String(t.fn)) && !LEFT_ON.has(String(t.fn)),
  );
  if (unknown.length > 0) {
    const names = unknown.map((t) => `${String(t.name)} on ${String(t.table)} (${String(t.fn)})`);
    throw new Error(
      `a bulk load does not know the INSERT trigger(s) ${names.join(', ')}: add what they write ` +
        `to DERIVED_STATEMENTS in catalogue-generator.ts, or generate with --load rows`,
    );
  }
  const enable: Record<string, string> = { O: 'ENABLE', A: 'ENABLE ALWAYS', R: 'ENABLE REPLICA' };
  const setAside: SetAside[] = triggers
    .filter((t) => STOOD_IN_FOR.has(String(t.fn)))
    .map((t) => ({
      what: `trigger ${String(t.name)}`,
      drop: `ALTER TABLE ${String(t.table)} DISABLE TRIGGER ${quoteIdent(String(t.name))}`,
      restore:
        `ALTER TABLE ${String(t.table)} ${enable[String(t.enabled)] ?? 'ENABLE'} ` +
        `TRIGGER ${quoteIdent(String(t.name))}`,
    }));

  const indexes = await connection.query(
    `SELECT format('%I.%I', n.nspname, i.relname) AS name, pg_get_indexdef(x.indexrelid) AS definition
     FROM pg_index x
     JOIN pg_class i ON i.oid = x.indexrelid
     JOIN pg_namespace n ON n.oid = i.relnamespace
     WHERE x.indrelid = ANY($1::text[]::regclass[]) AND NOT x.indisunique AND NOT x.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
     ORDER BY 1`,
    [tables],
  );
  for (const index of indexes) {
    setAside.push({
      what: `index ${String(index.name)}`,
      drop: `DROP INDEX ${String(index.name)}`,
      restore: String(index.definition),
    });
  }

  const keys = await connection.query(
    `SELECT conrelid::regclass::text AS "table", conname AS name,
       pg_get_constraintdef(oid) AS definition
     FROM pg_constraint
     WHERE conrelid = ANY($1::text[]::regclass[]) AND contype = 'f'
     ORDER BY 1, 2`,
    [tables],
  );
  for (const key of keys) {
    // regclass as text is quoted and qualified as needed already: quoting it again would break a
    // name that needs quotes or lives outside the search path.
    const table = String(key.table);
    const name = quoteIdent(String(key.name));
    setAside.push({
      what: `foreign key ${String(key.name)}`,
      drop: `ALTER TABLE ${table} DROP CONSTRAINT ${name}`,
      restore: `ALTER TABLE ${table} ADD CONSTRAINT ${name} ${String(key.definition)}`,
    });
  }
  return setAside;
}

/** An SQL identifier as written: double quotes, an inner one doubled. */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * How long the bulk load waits for the ACCESS EXCLUSIVE locks its DROP INDEX / ALTER TABLE take.
 * A lock asked for waits behind the shop's open transactions on the table, and every request of
 * the shop that reads the table after it waits behind the ask: a load started beside a live shop
 * would stall it for as long as it waited. It gives up instead, with BulkLoadLockedError.
 */
export const BULK_LOCK_TIMEOUT_MS = 2_000;

/** The bulk load could not lock the catalogue's tables within its lock timeout. */
export class BulkLoadLockedError extends Error {
  constructor(waitedMs: number, options: { cause: unknown }) {
    super(
      `The bulk load gave up after waiting ${waitedMs} ms for the catalogue's tables: other ` +
        'sessions (a running shop) are using them, and waiting would have stalled their requests. ' +
        'Stop the shop and run it again, or load row by row (--load rows).',
      options,
    );
    this.name = 'BulkLoadLockedError';
  }
}

/** PostgreSQL's lock_not_available (55P03): lock_timeout ran out. */
const isLockTimeout = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55P03';

/**
 * Every batch in one transaction with the indexes, foreign keys and derived-data triggers of
 * LOADED_TABLES set aside, then the derived data in one statement each, then everything put back
 * (decision 0078). The transaction is what keeps a shop whole: killed at any point, the database
 * rolls back to before the load, indexes and keys included. While it runs, the loaded tables are
 * locked (a server reading them waits): a way to build a benchmark catalogue, not to add products
 * to a live shop.
 */
async function bulkLoad(
  connection: CopyConnection,
  batches: Iterable<Batch>,
  vatId: number,
  now: number,
  log: (message: string) => void,
  progress: (done: number) => void,
  lockTimeoutMs: number = BULK_LOCK_TIMEOUT_MS,
): Promise<void> {
  await inTransaction(connection, async () => {
    // Index builds sort in memory up to this (default 64 MB): the GIN indexes of 400,000 titles.
    await connection.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    const setAside = await setAsideForLoad(connection);
    // The first DROP or ALTER of each table takes its ACCESS EXCLUSIVE lock, held to COMMIT: those
    // waits are bounded; nothing after them waits for another session.
    await connection.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`);
    try {
      for (const item of setAside) await connection.query(item.drop);
    } catch (error) {
      if (isLockTimeout(error)) throw new BulkLoadLockedError(lockTimeoutMs, { cause: error });
      throw error;
    }
    await connection.query(`SET LOCAL lock_timeout TO DEFAULT`);
    log(`set aside for the load: ${setAside.map((item) => item.what).join(', ')}`);

    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    let done = 0;
    for (const batch of batches) {
      const ids = await copyBatchRows(connection, batch, vatId, now);
      for (const id of ids) {
        if (id < first) first = id;
        if (id > last) last = id;
      }
      done += batch.products.length;
      progress(done);
    }

    // The change counts' deferred triggers (one event queued for the whole load) fire now, not at
    // COMMIT: a table with a pending trigger event cannot be altered.
    await connection.query('SET CONSTRAINTS ALL IMMEDIATE');
    let started = performance.now();
    if (done > 0) {
      for (const statement of DERIVED_STATEMENTS) {
        await connection.query(statement.text, statement.ids ? [first, last] : []);
      }
    }
    const derivedS = (performance.now() - started) / 1000;
    started = performance.now();
    for (const item of setAside) await connection.query(item.restore);
    log(
      `search words and sort titles written in ${derivedS.toFixed(1)} s, ${setAside.length} ` +
        `indexes, keys and triggers put back in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  });
}

/**
 * Adds `options.products` synthetic products (and their own vendors and attributes) to a seeded
 * database. Safe to call again: each call continues numbering after the existing rows.
 */
export async function generateCatalogue(
  db: Database,
  options: CatalogueOptions,
): Promise<{ products: number; ms: number; load: 'bulk' | 'rows' }> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const total = options.products;
  const vendors = options.vendors ?? 20;
  const attributes = options.attributes ?? 8;
  const valuesPerAttribute = options.valuesPerAttribute ?? 8;
  const seed = options.seed ?? 1;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  checkCount('products', total, 0);
  checkCount('batchSize', batchSize, 1);
  checkCount('vendors', vendors, 1);
  checkCount('attributes', attributes, 1);
  checkCount('valuesPerAttribute', valuesPerAttribute, 1);
  checkCount('seed', seed, 0);

  const [vat] = await db.select({ id: s.vats.id }).from(s.vats).orderBy(s.vats.id).limit(1);
  if (!vat) throw new Error('No VAT rate found: seed the demo shop before generating a catalogue');

  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(s.products);
  const load = chooseLoad(options.load ?? 'auto', total, existing?.n ?? 0);

  const now = options.now ?? Date.now();
  const { vendorIds, valueIds } = await createSetup(
    db,
    vendors,
    attributes,
    valuesPerAttribute,
    now,
  );
  log(`created ${vendors} vendors, ${attributes} attributes × ${valuesPerAttribute} values`);

  const first = await nextNumber(db, s.products, PRODUCT_PREFIX);
  function* batches(): Generator<Batch> {
    for (let done = 0; done < total; done += batchSize) {
      const size = Math.min(batchSize, total - done);
      yield buildBatch(first + done, size, seed, vendorIds, valueIds);
    }
  }
  const progress = (done: number) => {
    const seconds = (performance.now() - started) / 1000;
    log(`products ${done}/${total} (${Math.round(done / seconds)}/s)`);
  };
  const connection = await copyConnection(db);
  let failed: Error | undefined;
  try {
    if (load === 'bulk') {
      log(`loading in one transaction, indexes rebuilt after it (--load bulk)`);
      await bulkLoad(connection, batches(), vat.id, now, log, progress, options.lockTimeoutMs);
    } else {
      let done = 0;
      for (const batch of batches()) {
        await inTransaction(connection, () => copyBatchRows(connection, batch, vat.id, now));
        done += batch.products.length;
        progress(done);
      }
    }
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    connection.release(failed);
  }

  // Fresh statistics, so the first benchmark query is planned for 100,000 rows, not for 40. VACUUM
  // too: PGlite has no autovacuum, and without it the first benchmark run would pay for setting
  // hint bits and the visibility map (no index-only scans) instead of measuring queries.
  await db.execute(sql`
    VACUUM (ANALYZE) products, product_translations, product_values, images, discounts, vendors,
      vendor_translations, attributes, attribute_translations, attribute_values,
      attribute_value_translations, search_words, product_sort_titles`);
  return { products: total, ms: Math.round(performance.now() - started), load };
}

/**
 * `auto` loads in bulk when the run at least doubles the catalogue (an empty shop, a benchmark's
 * data directory): rebuilding the indexes then costs less than keeping them row by row. A run that
 * adds a little to a big catalogue keeps them.
 */
export function chooseLoad(
  load: 'auto' | 'bulk' | 'rows',
  adding: number,
  existing: number,
): 'bulk' | 'rows' {
  if (load !== 'auto') return load;
  return adding > 0 && adding >= existing ? 'bulk' : 'rows';
}
