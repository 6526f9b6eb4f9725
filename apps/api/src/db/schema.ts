// The whole shop in one pg-core schema. Translatable text lives in `<entity>_translations`
// tables keyed by (parent_id, locale): one row per language, English as the fallback row
// (docs/decisions/0003-translation-tables.md).
import { sql } from 'drizzle-orm';
import { IMAGE_TYPES, ORDER_STATUSES, SUPPORTED_LOCALES } from '@shop/domain';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
  type IndexBuilder,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';

export const localeEnum = pgEnum('locale', SUPPORTED_LOCALES);
export const imageTypeEnum = pgEnum('image_type', IMAGE_TYPES);
export const menuLocationEnum = pgEnum('menu_location', ['header', 'footer']);
export const widgetLocationEnum = pgEnum('widget_location', ['header', 'body', 'footer']);
export const discountTypeEnum = pgEnum('discount_type', ['percent', 'fixed']);
export const paymentKindEnum = pgEnum('payment_kind', ['cod', 'bank_transfer', 'test_card']);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const tokenKindEnum = pgEnum('token_kind', ['password_reset', 'email_confirm']);

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A translation table for `parent`: one row per (parent, locale). */
function translations<TColumns extends Record<string, PgColumnBuilderBase>>(
  name: string,
  parent: () => AnyPgColumn,
  columns: TColumns,
  /** Indexes beyond the key, on the columns by name. */
  indexes: (t: Record<string, AnyPgColumn>) => IndexBuilder[] = () => [],
) {
  return pgTable(
    name,
    {
      parentId: integer('parent_id').notNull().references(parent, { onDelete: 'cascade' }),
      locale: localeEnum('locale').notNull(),
      ...columns,
    },
    (t) => [
      primaryKey({ columns: [t.parentId, t.locale] }),
      ...indexes(t as unknown as Record<string, AnyPgColumn>),
    ],
  );
}

const metaColumns = () => ({
  metaTitle: text('meta_title'),
  metaDescription: text('meta_description'),
  metaKeywords: text('meta_keywords'),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The text-search configuration of a translation row's own language. */
const searchConfig = `CASE "locale" WHEN 'de' THEN 'german'::regconfig WHEN 'ru' THEN 'russian'::regconfig WHEN 'it' THEN 'italian'::regconfig ELSE 'english'::regconfig END`;

/** The text-search document of a translation row, stemmed in its language; titles weigh more. */
const searchDocument = () =>
  tsvector('search').generatedAlwaysAs(
    sql.raw(
      `setweight(to_tsvector(${searchConfig}, coalesce("title", '')), 'A') || setweight(to_tsvector(${searchConfig}, coalesce("description", '')), 'B')`,
    ),
  );

// ---------------------------------------------------------------- shop

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  visible: boolean('visible').notNull().default(true),
  active: boolean('active').notNull().default(true),
  cart: boolean('cart').notNull().default(true),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
  canonicalUrl: text('canonical_url'),
  gTag: text('g_tag'),
  googleSearchConsoleCode: text('google_search_console_code'),
  createdAt: createdAt(),
});

export const organizationTranslations = translations(
  'organization_translations',
  () => organizations.id,
  {
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    ...metaColumns(),
  },
);

export const languages = pgTable('languages', {
  code: localeEnum('code').primaryKey(),
  name: text('name').notNull(),
  sorting: integer('sorting').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

// ---------------------------------------------------------------- catalogue

export const vendors = pgTable('vendors', {
  id: serial('id').primaryKey(),
  /** A vendor that groups others (a brand house) is their parent: the spec's `children`. */
  parentId: integer('parent_id').references((): AnyPgColumn => vendors.id, {
    onDelete: 'set null',
  }),
  slug: text('slug').notNull().unique(),
  email: text('email').notNull(),
  sorting: integer('sorting').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const vendorTranslations = translations('vendor_translations', () => vendors.id, {
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  ...metaColumns(),
});

export const attributes = pgTable('attributes', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  sorting: integer('sorting').notNull().default(0),
});

export const attributeTranslations = translations('attribute_translations', () => attributes.id, {
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
});

export const attributeValues = pgTable(
  'attribute_values',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    sorting: integer('sorting').notNull().default(0),
  },
  (t) => [
    unique().on(t.attributeId, t.slug),
    index('attribute_values_attribute_idx').on(t.attributeId),
  ],
);

export const attributeValueTranslations = translations(
  'attribute_value_translations',
  () => attributeValues.id,
  { title: text('title').notNull() },
);

export const vats = pgTable('vats', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  percent: percent('percent').notNull(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => products.id, {
      onDelete: 'cascade',
    }),
    slug: text('slug').notNull().unique(),
    sku: text('sku'),
    price: money('price').notNull(),
    profit: money('profit').notNull().default(0),
    vatId: integer('vat_id')
      .notNull()
      .references(() => vats.id),
    /** null: stock is not tracked. */
    stock: integer('stock'),
    sorting: integer('sorting').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Moves with every staff save: a save from an older version is refused (decision 0056). */
    version: integer('version').notNull().default(1),
    /**
     * The ids of the values the product carries (its product_values rows), ascending: kept by
     * statement triggers on product_values (migration 0024, decision 0077), never written by the
     * application but for the catalogue generator's COPY. A value filter is then a condition on
     * the product row, `value_ids && '{…}'`, answered from a GIN index at a million products.
     */
    valueIds: integer('value_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
  },
  (t) => [
    // A vendor's products newest first, straight from the index (the staff list).
    index('products_vendor_idx').on(t.vendorId, t.id),
    index('products_parent_idx').on(t.parentId),
    // Lists show active parent products only: partial indexes per sort order.
    index('products_list_sorting_idx')
      .on(t.sorting, t.id)
      .where(sql`${t.active} AND ${t.parentId} IS NULL`),
    index('products_list_price_idx')
      .on(t.price, t.id)
      .where(sql`${t.active} AND ${t.parentId} IS NULL`),
    index('products_list_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.active} AND ${t.parentId} IS NULL`),
    // The few products no list shows (inactive ones, variations): the filter panel counts every
    // product's values less theirs (migration 0022, decision 0065).
    index('products_unlisted_idx')
      .on(t.id)
      .where(sql`NOT (${t.active} AND ${t.parentId} IS NULL)`),
    // Listed products by the values they carry: ticked values of each attribute are a bitmap of
    // this index, several attributes a BitmapAnd (decision 0077).
    index('products_list_value_ids_idx')
      .using('gin', t.valueIds)
      .where(sql`${t.active} AND ${t.parentId} IS NULL`),
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_stock_non_negative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
  ],
);

export const productTranslations = pgTable(
  'product_translations',
  {
    parentId: integer('parent_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: localeEnum('locale').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ...metaColumns(),
    search: searchDocument(),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.locale] }),
    index('product_translations_search_idx').using('gin', t.search),
    index('product_translations_locale_title_idx').on(t.locale, t.title),
    // Staff search any part of a title (decision 0056).
    index('product_translations_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/**
 * The title a product shows in each locale (its own, else the English one, else ''), one row per
 * product and locale, so that "sort by title" reads a page from an index instead of sorting every
 * listed product (issue 26, decision 0069). Kept by triggers on products and product_translations
 * (migration `product_sort_titles`); nothing in the code writes it.
 */
export const productSortTitles = pgTable(
  'product_sort_titles',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: localeEnum('locale').notNull(),
    title: text('title').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locale] }),
    // The list's title order: alphabetical in every language (ICU root collation), then the id.
    index('product_sort_titles_order_idx').on(
      t.locale,
      sql`${t.title} COLLATE "und-x-icu"`,
      t.productId,
    ),
  ],
);

/**
 * Every word of the product titles, per locale: search forgives a typo by looking the misspelt
 * word up here (pg_trgm, nearest first) and searching for the words it resembles, rather than by
 * comparing the word with every title (docs/decisions/0024-bounded-search.md). Filled by a
 * trigger on product_translations (migration `search_words`); a word whose titles are gone stays,
 * harmlessly: it finds nothing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    locale: localeEnum('locale').notNull(),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.word] }),
    // Orders by trigram distance (KNN, `<<->`), which GIN cannot.
    index('search_words_word_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`),
  ],
);

export const productValues = pgTable(
  'product_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    valueId: integer('value_id')
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.valueId] }),
    // A value's carriers straight from the index, without the table (migration 0022: the filter
    // panel's ticked values, a value filter's matches). The same size as on value_id alone.
    index('product_values_value_idx').on(t.valueId, t.productId),
  ],
);

export const bundles = pgTable(
  'bundles',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    price: money('price').notNull(),
    vatId: integer('vat_id')
      .notNull()
      .references(() => vats.id),
    sorting: integer('sorting').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Moves with every staff save: a save from an older version is refused (decision 0056). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('bundles_vendor_idx').on(t.vendorId, t.id)],
);

export const bundleTranslations = translations(
  'bundle_translations',
  () => bundles.id,
  {
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ...metaColumns(),
  },
  // Staff search any part of a title (decision 0056).
  (t) => [index('bundle_translations_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`)],
);

export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.productId] })],
);

// ---------------------------------------------------------------- people

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Stored lower-cased so that logins are case-insensitive. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  isStaff: boolean('is_staff').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  emailConfirmed: boolean('email_confirmed').notNull().default(false),
  noCache: boolean('no_cache').notNull().default(false),
  newsletter: boolean('newsletter').notNull().default(false),
  locale: localeEnum('locale').notNull().default('en'),
  /** When the password last changed: sessions that logged in before it are signed out. */
  credentialsChangedAt: timestamp('credentials_changed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The newsletter's readers, with or without an account (issue 23): an address is on the list once
 * its signed link was opened (double opt-in, `confirmedAt`); until then it is only asked. An
 * account's own switch (users.newsletter) is kept the same as its address's row here.
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  /** Lower-cased, like users.email. */
  email: text('email').notNull().unique(),
  /** The language of the mails. */
  locale: localeEnum('locale').notNull().default('en'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Product discounts (user null), a user's own discount on one product (both set), or a user's
 * discount on everything (product and bundle null).
 */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id').references(() => bundles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    value: percent('value').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [
    index('discounts_product_idx').on(t.productId),
    index('discounts_bundle_idx').on(t.bundleId),
    index('discounts_user_idx').on(t.userId),
    // The biggest product discount, which bounds an ascending price sort's discounted part
    // (repos/product-lists.ts): read from the top of this index instead of every discount
    // (100,000 at a million products, on every new price-sorted page; decision 0082).
    index('discounts_product_value_idx')
      .on(t.value)
      .where(sql`${t.productId} IS NOT NULL`),
    check('discounts_value_range', sql`${t.value} > 0 AND ${t.value} <= 100`),
  ],
);

/** The address book: where the user has things delivered; at most one is the checkout default. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    /** As typed: the region's cities are suggestions, not the only places delivered to. */
    city: text('city').notNull().default(''),
    address: text('address').notNull(),
    postcode: text('postcode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_addresses_user_idx').on(t.userId),
    // The database, not only the code, keeps "one default per user" true under concurrent writes.
    uniqueIndex('user_addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a leaked table does not leak live sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);

export const userTokens = pgTable('user_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: tokenKindEnum('kind').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Login attempts counted per key (an account and address pair, an address, an account) when no
 * Redis is configured: one atomic upsert reserves an attempt before its password is checked, so
 * every process on the database sees each attempt (plugins/auth-limits.ts, decision 0043).
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_attempts_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------- content

export const blogs = pgTable(
  'blogs',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    author: text('author').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('blogs_vendor_idx').on(t.vendorId)],
);

export const blogTranslations = translations('blog_translations', () => blogs.id, {
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  content: text('content').notNull().default(''),
  ...metaColumns(),
});

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [unique('pages_vendor_slug_unique').on(t.vendorId, t.slug).nullsNotDistinct()],
);

export const pageTranslations = translations('page_translations', () => pages.id, {
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  content: text('content').notNull().default(''),
  ...metaColumns(),
});

export const faqCategories = pgTable('faq_categories', {
  id: serial('id').primaryKey(),
  sorting: integer('sorting').notNull().default(0),
});

export const faqCategoryTranslations = translations(
  'faq_category_translations',
  () => faqCategories.id,
  { title: text('title').notNull() },
);

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => faqCategories.id, { onDelete: 'cascade' }),
  sorting: integer('sorting').notNull().default(0),
});

export const faqTranslations = translations('faq_translations', () => faqs.id, {
  question: text('question').notNull(),
  answer: text('answer').notNull(),
});

export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').references((): AnyPgColumn => menus.id, { onDelete: 'cascade' }),
  location: menuLocationEnum('location').notNull(),
  url: text('url').notNull(),
  sorting: integer('sorting').notNull().default(0),
});

export const menuTranslations = translations('menu_translations', () => menus.id, {
  title: text('title').notNull(),
});

export const widgets = pgTable('widgets', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  location: widgetLocationEnum('location').notNull(),
  sorting: integer('sorting').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const widgetTranslations = translations('widget_translations', () => widgets.id, {
  title: text('title').notNull().default(''),
  content: text('content').notNull().default(''),
});

/** Every image of the shop; exactly one owner column is set. */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    imageType: imageTypeEnum('image_type').notNull(),
    backgroundColor: text('background_color'),
    width: integer('width'),
    height: integer('height'),
    sorting: integer('sorting').notNull().default(0),
    organizationId: integer('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id').references(() => bundles.id, { onDelete: 'cascade' }),
    blogId: integer('blog_id').references(() => blogs.id, { onDelete: 'cascade' }),
    pageId: integer('page_id').references(() => pages.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check(
      'images_one_owner',
      sql`num_nonnulls(${t.organizationId}, ${t.vendorId}, ${t.productId}, ${t.bundleId}, ${t.blogId}, ${t.pageId}) = 1`,
    ),
    index('images_product_idx').on(t.productId),
    index('images_vendor_idx').on(t.vendorId),
    index('images_bundle_idx').on(t.bundleId),
    index('images_blog_idx').on(t.blogId),
    index('images_page_idx').on(t.pageId),
    index('images_organization_idx').on(t.organizationId),
  ],
);

// ---------------------------------------------------------------- reviews, wishlist, feedback

/** A review staff hid, when and why (shown again: both null; the staff log keeps the story). */
const moderation = () => ({
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason').notNull().default(''),
});

export const organizationReviews = pgTable(
  'organization_reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    locale: localeEnum('locale').notNull().default('en'),
    ...moderation(),
    createdAt: createdAt(),
  },
  (t) => [
    // One shop review per user: a second one edits the first.
    unique('organization_reviews_user_id_unique').on(t.userId),
    index('organization_reviews_created_idx').on(t.createdAt),
    check('organization_reviews_rating', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    locale: localeEnum('locale').notNull().default('en'),
    ...moderation(),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.productId, t.userId),
    index('product_reviews_product_idx').on(t.productId, t.createdAt),
    check('product_reviews_rating', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.userId, t.productId)],
);

export const feedbacks = pgTable('feedbacks', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  subject: text('subject').notNull().default(''),
  message: text('message').notNull(),
  locale: localeEnum('locale').notNull().default('en'),
  /** When staff first read it, and when they marked it answered (the inbox's state). */
  readAt: timestamp('read_at', { withTimezone: true }),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- sales

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-cased; shoppers may type any case. */
    code: text('code').notNull().unique(),
    discountType: discountTypeEnum('discount_type').notNull(),
    discountValue: money('discount_value').notNull(),
    fromPrice: money('from_price'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('promo_codes_value_positive', sql`${t.discountValue} > 0`)],
);

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    /** Anonymous carts belong to a session; they move to the user at login. */
    /** Session ids live in PostgreSQL or Redis, so this is not a foreign key. */
    sessionId: text('session_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, {
      onDelete: 'set null',
    }),
    /**
     * The order that last emptied this cart, until the cart changes again: a second checkout of
     * the same cart (another tab, another Idempotency-Key) is answered with it (decision 0039).
     */
    lastOrderId: integer('last_order_id').references((): AnyPgColumn => orders.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_user_unique').on(t.userId),
    uniqueIndex('carts_session_unique').on(t.sessionId),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id').references(() => bundles.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('cart_items_cart_product').on(t.cartId, t.productId),
    unique('cart_items_cart_bundle').on(t.cartId, t.bundleId),
    check('cart_items_one_item', sql`num_nonnulls(${t.productId}, ${t.bundleId}) = 1`),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const deliveries = pgTable('deliveries', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  price: money('price').notNull(),
  freeFrom: money('free_from'),
  /** Collected at the shop's pickup point: the order takes no shipping address. */
  pickup: boolean('pickup').notNull().default(false),
  sorting: integer('sorting').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const deliveryTranslations = translations('delivery_translations', () => deliveries.id, {
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** A pickup delivery's point: its name and address, as the shopper reads it. */
  pickupPoint: text('pickup_point').notNull().default(''),
});

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  kind: paymentKindEnum('kind').notNull().unique(),
  sorting: integer('sorting').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const paymentTranslations = translations('payment_translations', () => payments.id, {
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 2 }).notNull().unique(),
  sorting: integer('sorting').notNull().default(0),
});

export const countryTranslations = translations('country_translations', () => countries.id, {
  title: text('title').notNull(),
});

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
  },
  (t) => [index('regions_country_idx').on(t.countryId)],
);

export const regionTranslations = translations('region_translations', () => regions.id, {
  title: text('title').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
  },
  (t) => [index('cities_region_idx').on(t.regionId)],
);

export const cityTranslations = translations('city_translations', () => cities.id, {
  title: text('title').notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    countryId: integer('country_id').references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    /** As typed; '' (as the other address fields) for a pickup order, which ships nowhere. */
    city: text('city').notNull().default(''),
    address: text('address').notNull(),
    postcode: text('postcode').notNull().default(''),
    comment: text('comment').notNull().default(''),
    deliveryId: integer('delivery_id').references(() => deliveries.id),
    paymentId: integer('payment_id').references(() => payments.id),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    status: orderStatusEnum('status').notNull().default('pending'),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default(0),
    promoDiscount: money('promo_discount').notNull().default(0),
    deliveryPrice: money('delivery_price').notNull().default(0),
    totalVat: money('total_vat').notNull().default(0),
    total: money('total').notNull(),
    locale: localeEnum('locale').notNull().default('en'),
    /** The carrier's tracking number, filled in by staff once shipped; empty until then. */
    trackingNumber: text('tracking_number').notNull().default(''),
    /** Who placed it (`user:{id}` or `session:{id}`) and the Idempotency-Key they sent. */
    ownerKey: text('owner_key').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * Counts the order's status moves: staff send the version they saw, and a move made meanwhile
     * by someone else refuses theirs ("changed meanwhile") instead of acting on a stale screen.
     */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    // Guest orders by address: confirming an account claims them (decision 0050).
    index('orders_guest_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.userId} is null`),
    index('orders_created_idx').on(t.createdAt),
    // A repeated submit with the same key finds the first order instead of placing a second.
    unique('orders_owner_idempotency_key').on(t.ownerKey, t.idempotencyKey),
  ],
);

/** Every status an order went through, with its time: statuses only move forward. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatusEnum('status').notNull(),
    /** Why, when the status alone does not say it ("paid after cancel: refund due"). */
    note: text('note').notNull().default(''),
    /** The staff member who moved it; null when the shop did (checkout, a payment provider). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Every payment a provider confirmed, as it confirmed it: kept even when the order can no longer
 * take it (cancelled meanwhile), then with `refundDue` for staff to pay back.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: paymentKindEnum('kind').notNull(),
    /** The provider's id of the payment: a confirmation delivered twice is recorded once. */
    reference: text('reference').notNull(),
    amount: money('amount').notNull(),
    refundDue: boolean('refund_due').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    unique('order_payments_kind_reference').on(t.kind, t.reference),
    index('order_payments_order_idx').on(t.orderId),
  ],
);

/** Every mail the shop sent about an order (the staff's order detail lists them). */
export const orderMails = pgTable(
  'order_mails',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'confirmation', or the status the mail told of ('paid', 'shipped', 'cancelled'). */
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    locale: localeEnum('locale').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_mails_order_idx').on(t.orderId)],
);

/**
 * The staff log: who changed what, when, the record before and after, and why (decision 0053).
 * `vendorId` is the vendor a change belonged to, so a vendor's own staff later read their part.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'order', 'shop', 'product_review', 'shop_review', 'feedback'. */
    subject: text('subject').notNull(),
    subjectId: integer('subject_id').notNull(),
    action: text('action').notNull(),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('staff_actions_subject_idx').on(t.subject, t.subjectId, t.createdAt)],
);

export const orderItems = pgTable('order_items', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  bundleId: integer('bundle_id').references(() => bundles.id, { onDelete: 'set null' }),
  /** Snapshot, so an order still reads right after the product changes. */
  title: text('title').notNull(),
  quantity: integer('quantity').notNull(),
  unitPrice: money('unit_price').notNull(),
  discountPercent: percent('discount_percent').notNull().default(0),
  unitDiscountPrice: money('unit_discount_price').notNull(),
  total: money('total').notNull(),
  totalVat: money('total_vat').notNull(),
});

/**
 * How often the shop-wide data (row 1) and what pages show (row 2) changed: triggers bump
 * `version` once per transaction, as it commits, whoever writes (migrations 0009-0011, decision
 * 0038). In-process caches and the page cache compare it (plugins/shop-data.ts).
 */
export const shopDataVersions = pgTable('shop_data_versions', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

// ---------------------------------------------------------------- media (decision 0057)

/** Bytes as each driver hands them (pg: Buffer, PGlite: Uint8Array), always a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The originals under /media/, by their path there: every process serves them (issue 26). An
 * upload's path carries its content hash, so its URL is never reused for other bytes.
 */
export const mediaFiles = pgTable('media_files', {
  path: text('path').primaryKey(),
  /** sha256 of `data`, hex: the key of the resized variants each process caches. */
  hash: text('hash').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});
