// Shapes of the hand-written demo shop. The seed (../seed.ts) maps them to tables; every
// human-readable text is written in all four languages, never copied from English.
export type T = { en: string; de: string; ru: string; it: string };

export type SeedShop = {
  title: T;
  description: T;
  address: T;
  email: string;
  phone: string;
  currency: string;
  canonicalUrl: string | null;
  gTag: string | null;
  googleSearchConsoleCode: string | null;
};

export type SeedLanguage = { code: 'en' | 'de' | 'ru' | 'it'; name: string; sorting: number };

export type SeedVendor = {
  key: string;
  slug: string;
  title: T;
  description: T;
  email: string;
  /** Hex colour used by the image generator for the vendor's logo and banner. */
  color: string;
};

export type SeedAttribute = {
  key: string;
  slug: string;
  title: T;
  values: { key: string; slug: string; title: T }[];
};

export type SeedVat = { key: string; percent: number };

/** Days relative to the seed run; negative = in the past. */
export type SeedDiscount = {
  value: number;
  startInDays?: number;
  endInDays?: number;
  forUser?: 'shopper';
};

/** What a product's demo picture shows: one drawing per kind (seed/pictures/objects.ts). */
export type SeedObject =
  | 'duvet-cover'
  | 'pillowcases'
  | 'fitted-sheet'
  | 'tea-towel'
  | 'tablecloth'
  | 'napkins'
  | 'apron'
  | 'shirt'
  | 'dress'
  | 'throw'
  | 'bath-towel'
  | 'blanket'
  | 'tote'
  | 'cushion'
  | 'curtain'
  | 'mug'
  | 'cups'
  | 'plate'
  | 'bowl'
  | 'platter'
  | 'teapot'
  | 'dripper'
  | 'vase'
  | 'cruet'
  | 'salad-bowl'
  | 'tea-bowls'
  | 'carafe'
  | 'butter-dish'
  | 'candle-holders'
  | 'planter'
  | 'jacket'
  | 'base-layer'
  | 'socks'
  | 'daypack'
  | 'steel-bottle'
  | 'picnic-blanket'
  | 'beanie'
  | 'trousers'
  | 'camp-mug'
  | 'poncho'
  | 'trekking-poles'
  | 'guidebook'
  | 'handbook'
  | 'pullover'
  | 'sun-hat'
  | 'dry-bags'
  | 'coffee-bag'
  | 'tea-tin'
  | 'tumbler'
  | 'paper-filters';

export type SeedProduct = {
  key: string;
  slug: string;
  vendor: string;
  title: T;
  description: T;
  price: number;
  profit: number;
  vat: string;
  /** null = not tracked (always available when the shop cart is enabled). */
  stock: number | null;
  sorting: number;
  /** `attributeKey:valueKey` pairs. */
  values: string[];
  discounts?: SeedDiscount[];
  /** Child products that differ by some values (e.g. size); they inherit title/description. */
  variations?: {
    key: string;
    slug: string;
    values: string[];
    price?: number;
    stock: number | null;
  }[];
  /** Hex colour for the generated product picture. */
  color: string;
  /** The object the generated pictures draw, in `color`. */
  object: SeedObject;
};

export type SeedBundle = {
  key: string;
  slug: string;
  vendor: string;
  title: T;
  description: T;
  price: number;
  vat: string;
  sorting: number;
  items: { product: string; quantity: number }[];
  discounts?: SeedDiscount[];
  color: string;
};

/** Objects arranged in a demo picture (a blog post's or a banner's still life), left to right. */
export type SeedScene = readonly { object: SeedObject; color: string }[];

export type SeedBlog = {
  key: string;
  slug: string;
  vendor: string | null;
  author: string;
  publishedDaysAgo: number;
  title: T;
  description: T;
  /** HTML: <p>, <h2>, <ul>, <a> only. */
  content: T;
  color: string;
  /** What the post's picture shows, on a wall of `color`. */
  scene: SeedScene;
};

export type SeedPage = {
  slug: string;
  vendor: string | null;
  title: T;
  description: T;
  content: T;
};

export type SeedFaqCategory = { key: string; title: T; items: { question: T; answer: T }[] };

export type SeedMenu = {
  key: string;
  location: 'header' | 'footer';
  title: T;
  /** Path after the locale prefix, starting and ending with '/', e.g. '/products/'. */
  url: string;
  children?: SeedMenu[];
  /** An attribute's key: one child per value of it, linking to the value's products. */
  valuesOf?: string;
};

export type SeedWidget = {
  name: string;
  location: 'header' | 'body' | 'footer';
  title: T;
  content: T;
};

export type SeedDelivery = {
  key: string;
  title: T;
  description: T;
  price: number;
  freeFrom: number | null;
  /** A pickup delivery: where it is collected (name and address); no shipping address needed. */
  pickupPoint?: T;
};

export type SeedPayment = {
  key: string;
  kind: 'cod' | 'bank_transfer' | 'test_card';
  title: T;
  description: T;
};

export type SeedCountry = {
  code: string;
  title: T;
  regions: { key: string; title: T; cities: { key: string; title: T }[] }[];
};

export type SeedPromoCode = {
  code: string;
  discountType: 'percent' | 'fixed';
  discountValue: number;
  fromPrice: number | null;
  startInDays?: number;
  endInDays?: number;
};

export type SeedUser = {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  isStaff: boolean;
  locale: 'en' | 'de' | 'ru' | 'it';
};

export type SeedReview = { user: string; rating: number; text: string; daysAgo: number };
export type SeedProductReview = SeedReview & { product: string };
