import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bundles, products } from '../data/catalogue.ts';
import { blogs } from '../data/content.ts';
import type { SeedObject } from '../data/types.ts';
import { buildSvg, renderImage } from '../images.ts';
import { galleryPictures } from '../seed.ts';
import { Defs, lookOf } from './kit.ts';
import { drawingOf, SEED_OBJECTS } from './objects.ts';
import { BUNDLE_VIEWS, PRODUCT_VIEWS } from './scenes.ts';

/**
 * The words that name each kind of object in a product's English slug, title or description: a
 * product's picture must show the thing the shopper reads about (issue 13: no gift box for an olive
 * oil cruet, no leaf for a tea towel set).
 */
const NAMED_BY: Record<SeedObject, RegExp> = {
  'duvet-cover': /duvet cover/,
  pillowcases: /pillowcase/,
  'fitted-sheet': /fitted sheet/,
  'tea-towel': /tea towel/,
  tablecloth: /tablecloth/,
  napkins: /napkin/,
  apron: /apron/,
  shirt: /\bshirt/,
  dress: /dress/,
  throw: /\bthrow\b/,
  'bath-towel': /bath towel/,
  blanket: /\bblanket/,
  tote: /tote/,
  cushion: /cushion/,
  curtain: /curtain/,
  mug: /\bmug/,
  cups: /\bcups\b/,
  plate: /\bplate/,
  bowl: /\bbowl/,
  platter: /platter/,
  teapot: /teapot/,
  dripper: /dripper/,
  vase: /\bvase/,
  cruet: /cruet/,
  'salad-bowl': /salad bowl/,
  'tea-bowls': /tea bowls/,
  carafe: /carafe/,
  'butter-dish': /butter dish/,
  'candle-holders': /candle holder/,
  planter: /planter/,
  jacket: /jacket/,
  'base-layer': /base layer/,
  socks: /socks/,
  daypack: /daypack/,
  'steel-bottle': /bottle/,
  'picnic-blanket': /picnic blanket/,
  beanie: /beanie/,
  trousers: /trousers/,
  'camp-mug': /camp mug/,
  poncho: /poncho/,
  'trekking-poles': /trekking poles/,
  guidebook: /guide/,
  handbook: /handbook/,
  pullover: /pullover/,
  'sun-hat': /sun hat/,
  'dry-bags': /dry bags/,
  'coffee-bag': /coffee|espresso|roast/,
  'tea-tin': /\btea\b|chai/,
  tumbler: /tumbler/,
  'paper-filters': /paper filters/,
};

const words = (p: (typeof products)[number]) =>
  `${p.slug.replace(/-/g, ' ')} ${p.title.en} ${p.description.en}`.toLowerCase();

describe('demo product pictures', () => {
  it.each(products.map((p) => [p.key, p] as const))(
    '%s is drawn as the object its words name',
    (_, p) => {
      expect(SEED_OBJECTS).toContain(p.object);
      expect(words(p)).toMatch(NAMED_BY[p.object]);
    },
  );

  it('maps the products named in issue 13 to their own objects', () => {
    const objectOf = (key: string) => products.find((p) => p.key === key)?.object;
    expect(objectOf('olive-oil-cruet')).toBe('cruet');
    expect(objectOf('merino-base-layer')).toBe('base-layer');
    expect(objectOf('linen-tea-towel-set')).toBe('tea-towel');
  });

  it('has a drawing of its own for every kind, none shared or generic', () => {
    const drawn = new Map<string, SeedObject>();
    for (const kind of SEED_OBJECTS) {
      const svg = drawingOf(kind).draw(lookOf('#8fa68a'), new Defs());
      expect(svg.length, kind).toBeGreaterThan(200);
      expect(drawn.get(svg), `${kind} draws the same as another kind`).toBeUndefined();
      drawn.set(svg, kind);
    }
    // Every drawing is used: the kinds are the demo shop's, not a clip-art library.
    expect(new Set(products.map((p) => p.object))).toEqual(new Set(SEED_OBJECTS));
  });

  it('draws products in the product colour and as well-formed SVG', () => {
    for (const p of products) {
      const svg = buildSvg({
        kind: 'product',
        label: '',
        color: p.color,
        seed: 1,
        scene: [{ object: p.object, color: p.color }],
      });
      expect(svg, p.key).toContain(p.color.toLowerCase());
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });

  it('refuses a product picture without an object instead of drawing a generic icon', () => {
    expect(() => buildSvg({ kind: 'product', label: 'Mug', color: '#888888', seed: 1 })).toThrow(
      /without an object/,
    );
  });

  it('renders three different 800 × 800 WebP views per product', async () => {
    const cruet = products.find((p) => p.key === 'olive-oil-cruet');
    if (!cruet) throw new Error('demo data lost the cruet');
    const pictures = galleryPictures(
      'products',
      cruet.slug,
      [{ object: cruet.object, color: cruet.color }],
      PRODUCT_VIEWS,
      3,
    );
    expect(pictures.map((p) => p.path)).toEqual([
      'products/olive-oil-cruet-front.webp',
      'products/olive-oil-cruet-detail.webp',
      'products/olive-oil-cruet-context.webp',
    ]);
    const buffers = await Promise.all(pictures.map((p) => renderImage(p)));
    for (const buffer of buffers) {
      const meta = await sharp(buffer).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([800, 800]);
    }
    expect(new Set(buffers.map((b) => b.toString('base64'))).size).toBe(3);
  });

  it('shows a bundle as its items together, in two views', () => {
    const bundle = bundles[0];
    if (!bundle) throw new Error('demo data lost its bundles');
    const scene = bundle.items.map((item) => {
      const p = products.find((x) => x.key === item.product);
      return { object: p?.object ?? 'mug', color: p?.color ?? '#888888' };
    });
    const pictures = galleryPictures('bundles', bundle.slug, scene, BUNDLE_VIEWS, 1);
    expect(pictures).toHaveLength(2);
    const svg = buildSvg(pictures[0] ?? { kind: 'product', label: '', color: '#888', seed: 1 });
    // Each item's drawing is in the picture, in its own colour.
    for (const item of scene) expect(svg).toContain(item.color.toLowerCase());
  });

  it('gives every blog post a still life of objects related to its subject', () => {
    for (const b of blogs) expect(b.scene.length, b.slug).toBeGreaterThanOrEqual(2);
    const objectsOf = (slug: string) =>
      blogs.find((b) => b.slug === slug)?.scene.map((x) => x.object);
    expect(objectsOf('perfect-pour-over-at-home')).toEqual(expect.arrayContaining(['dripper']));
    expect(objectsOf('weekend-hike-packing-list')).toEqual(expect.arrayContaining(['daypack']));
    expect(objectsOf('how-to-care-for-linen')).toEqual(expect.arrayContaining(['bath-towel']));
    expect(objectsOf('from-clay-to-cup')).toEqual(expect.arrayContaining(['mug']));
  });
});
