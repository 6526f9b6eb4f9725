// The demo catalogue's main attribute: what kind of thing each product is. The header menu lists
// its values (content.ts), so shoppers browse by category rather than by colour or material.
import type { SeedAttribute } from './types.ts';

export const categoryAttribute: SeedAttribute = {
  key: 'category',
  slug: 'category',
  title: { en: 'Category', de: 'Kategorie', ru: 'Категория', it: 'Categoria' },
  values: [
    {
      key: 'bed-bath',
      slug: 'bed-and-bath',
      title: { en: 'Bed & bath', de: 'Bett & Bad', ru: 'Спальня и ванная', it: 'Letto e bagno' },
    },
    {
      key: 'kitchen-table',
      slug: 'kitchen-and-table',
      title: {
        en: 'Kitchen & table',
        de: 'Küche & Tisch',
        ru: 'Кухня и сервировка',
        it: 'Cucina e tavola',
      },
    },
    {
      key: 'home-decor',
      slug: 'home-decor',
      title: { en: 'Home decor', de: 'Wohnen & Deko', ru: 'Декор для дома', it: 'Arredo casa' },
    },
    {
      key: 'clothing',
      slug: 'clothing',
      title: { en: 'Clothing', de: 'Bekleidung', ru: 'Одежда', it: 'Abbigliamento' },
    },
    {
      key: 'outdoor',
      slug: 'outdoor-gear',
      title: {
        en: 'Outdoor gear',
        de: 'Outdoor-Ausrüstung',
        ru: 'Снаряжение для отдыха на природе',
        it: 'Attrezzatura outdoor',
      },
    },
    {
      key: 'coffee-tea',
      slug: 'coffee-and-tea',
      title: { en: 'Coffee & tea', de: 'Kaffee & Tee', ru: 'Кофе и чай', it: 'Caffè e tè' },
    },
    {
      key: 'books',
      slug: 'books',
      title: { en: 'Books', de: 'Bücher', ru: 'Книги', it: 'Libri' },
    },
  ],
};

const byCategory: Record<string, string[]> = {
  'bed-bath': [
    'linen-duvet-cover',
    'linen-pillowcase-pair',
    'linen-fitted-sheet',
    'cotton-waffle-throw',
    'cotton-bath-towel',
    'merino-wool-blanket',
  ],
  'kitchen-table': [
    'linen-tea-towel-set',
    'linen-tablecloth',
    'linen-napkin-set',
    'linen-apron',
    'stoneware-mug',
    'cappuccino-cup-pair',
    'stoneware-dinner-plate',
    'speckled-breakfast-bowl',
    'oval-serving-platter',
    'porcelain-teapot',
    'pour-over-dripper',
    'olive-oil-cruet',
    'large-salad-bowl',
    'porcelain-tea-bowls',
    'glazed-water-carafe',
    'covered-butter-dish',
  ],
  'home-decor': [
    'linen-market-tote',
    'linen-cushion-cover',
    'linen-sheer-curtain',
    'tall-ribbed-vase',
    'stoneware-candle-holders',
    'glazed-herb-planter',
  ],
  clothing: [
    'linen-shirt',
    'linen-dress',
    'trail-jacket',
    'merino-base-layer',
    'merino-hiking-socks',
    'alpine-wool-beanie',
    'softshell-trousers',
    'packable-rain-poncho',
    'recycled-fleece-pullover',
    'cotton-sun-hat',
  ],
  outdoor: [
    'alpine-daypack',
    'insulated-steel-bottle',
    'waterproof-picnic-blanket',
    'enamel-camp-mug',
    'carbon-trekking-poles',
    'roll-top-dry-bags',
  ],
  'coffee-tea': [
    'house-espresso-blend',
    'ethiopia-yirgacheffe',
    'colombia-huila',
    'brazil-cerrado',
    'decaf-espresso',
    'moka-dark-roast',
    'guatemala-antigua',
    'kenya-aa-filter',
    'cold-brew-bags',
    'organic-earl-grey',
    'japanese-sencha',
    'winter-spice-chai',
    'insulated-travel-tumbler',
    'unbleached-paper-filters',
  ],
  books: ['dolomites-hiking-guide', 'coffee-at-home-handbook'],
};

/** Each product's category value, as `category:<value key>` (its attribute-value pair). */
export const productCategory = new Map(
  Object.entries(byCategory).flatMap(([category, keys]) =>
    keys.map((key) => [key, `${categoryAttribute.key}:${category}`] as const),
  ),
);
