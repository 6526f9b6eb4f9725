import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { count } from 'drizzle-orm';
import { slugWithId } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import type { SeedDiscount, SeedMenu, SeedScene, T } from './data/types.ts';
import * as catalogue from './data/catalogue.ts';
import { categoryAttribute, productCategory } from './data/categories.ts';
import * as content from './data/content.ts';
import { renderImage, renderPng, writeImage, type ImageKind } from './images.ts';
import { BUNDLE_VIEWS, PRODUCT_VIEWS, type ProductView } from './pictures/scenes.ts';

export const DEMO_PASSWORD = 'demo1234';
const LOCALES = ['en', 'de', 'ru', 'it'] as const;

export type SeedOptions = {
  /** Where generated pictures go (DATA_DIR/media); without it only the image rows are written. */
  mediaDir?: string;
  /**
   * Encoded pictures kept between fresh shops (default: `shop-demo-images` in the system's temp
   * folder; `false` renders everything). See docs/decisions/0034-demo-pictures.md.
   */
  imageCacheDir?: string | false;
  now?: Date;
  log?: (message: string) => void;
};

const days = (now: Date, n: number | undefined) =>
  n === undefined ? null : new Date(now.getTime() + n * 86_400_000);

/** One translation row per locale for `parentId`. */
function rows<F extends Record<string, T>>(parentId: number, fields: F) {
  return LOCALES.map((locale) => {
    const row: Record<string, unknown> = { parentId, locale };
    for (const [key, text] of Object.entries(fields)) row[key] = text[locale];
    return row as { parentId: number; locale: (typeof LOCALES)[number] } & {
      [K in keyof F]: string;
    };
  });
}

function required<V>(map: Map<string, V>, key: string, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data refers to unknown ${what} '${key}'`);
  return value;
}

type PendingImage = {
  path: string;
  kind: ImageKind;
  label: string;
  color: string;
  seed: number;
  png?: number[];
  scene?: SeedScene;
  view?: ProductView;
};

/**
 * Colours of the `colour` attribute's values, so a variation in another colour (a sage duvet
 * cover, a charcoal mug) gets pictures in that colour.
 */
export const COLOUR_VALUE_HEX: Readonly<Record<string, string>> = {
  'colour:natural': '#d9cfc1',
  'colour:white': '#f4f2ee',
  'colour:sand': '#d8c3a0',
  'colour:sage': '#9caf88',
  'colour:indigo': '#34477a',
  'colour:charcoal': '#3d3d3f',
};

/**
 * The gallery of one product or bundle: a picture per view of its scene, in gallery order.
 * Pictures carry no words: the page shows the title in the shopper's language.
 */
export function galleryPictures(
  folder: string,
  slug: string,
  scene: SeedScene,
  views: readonly ProductView[],
  seed: number,
): PendingImage[] {
  return views.map((view) => ({
    path: `${folder}/${slug}-${view}.webp`,
    kind: 'product',
    label: '',
    color: scene[0]?.color ?? '#888888',
    seed,
    scene,
    view,
  }));
}

/** The demo objects a vendor's banner shows: its first products of different kinds. */
function vendorScene(vendor: string): SeedScene {
  const seen = new Set<string>();
  return catalogue.products
    .filter((p) => p.vendor === vendor && !seen.has(p.object) && seen.add(p.object))
    .slice(0, 3)
    .map((p) => ({ object: p.object, color: p.color }));
}

const SLIDER_SCENES: SeedScene[] = [
  [
    { object: 'blanket', color: '#4a4a4d' },
    { object: 'cushion', color: '#3b4f86' },
    { object: 'bath-towel', color: '#f7f7f4' },
  ],
  [
    { object: 'vase', color: '#3a3a3c' },
    { object: 'teapot', color: '#f5f3ee' },
    { object: 'mug', color: '#8fa68a' },
    { object: 'cruet', color: '#7f8f5a' },
  ],
  [
    { object: 'daypack', color: '#6f8a62' },
    { object: 'coffee-bag', color: '#a8714a' },
    { object: 'camp-mug', color: '#f1f1ee' },
  ],
];

/**
 * Writes the demo shop in one transaction, so a failed seed leaves nothing half-written.
 * Idempotent: a database that already has the shop info record is left as it is.
 */
export async function seedDemoShop(
  db: Database,
  options: SeedOptions = {},
): Promise<{ seeded: boolean }> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const [existing] = await db.select({ n: count() }).from(s.organizations);
  if ((existing?.n ?? 0) > 0) return { seeded: false };

  // Hash outside the transaction: argon2 is slow on purpose.
  const passwordHashes = await Promise.all(content.users.map(() => hash(DEMO_PASSWORD)));
  const pending: PendingImage[] = [];

  await db.transaction(async (tx) => {
    await tx.insert(s.languages).values(content.languages.map((l) => ({ ...l, active: true })));

    const [org] = await tx
      .insert(s.organizations)
      .values({
        email: content.shop.email,
        phone: content.shop.phone,
        currency: content.shop.currency,
        canonicalUrl: content.shop.canonicalUrl,
        gTag: content.shop.gTag,
        googleSearchConsoleCode: content.shop.googleSearchConsoleCode,
      })
      .returning({ id: s.organizations.id });
    if (!org) throw new Error('organization not inserted');
    await tx.insert(s.organizationTranslations).values(
      rows(org.id, {
        title: content.shop.title,
        description: content.shop.description,
        address: content.shop.address,
      }),
    );
    const shopImages: {
      type: (typeof s.imageTypeEnum.enumValues)[number];
      kind: ImageKind;
      color: string;
      bg?: string;
      scene?: SeedScene;
    }[] = [
      { type: 'logo', kind: 'logo', color: '#0760e0' },
      { type: 'header_logo', kind: 'logo', color: '#0760e0' },
      { type: 'footer_logo', kind: 'logo', color: '#0760e0' },
      { type: 'email_logo', kind: 'logo', color: '#0760e0' },
      { type: 'icon', kind: 'icon', color: '#0760e0' },
      {
        type: 'banner',
        kind: 'banner',
        color: '#0760e0',
        scene: [
          { object: 'tote', color: '#c9b99b' },
          { object: 'carafe', color: '#93a98f' },
          { object: 'coffee-bag', color: '#4a2c1d' },
          { object: 'beanie', color: '#cbb48f' },
        ],
      },
      ...SLIDER_SCENES.map((scene, i) => {
        const color = ['#0b7a75', '#b45309', '#7c3aed'][i] ?? '#0b7a75';
        return {
          type: 'slider_background' as const,
          kind: 'slider' as const,
          color,
          bg: color,
          scene,
        };
      }),
      { type: 'page_title_bg', kind: 'banner', color: '#334155' },
      { type: 'maintenance_background', kind: 'background', color: '#0760e0' },
    ];
    await tx.insert(s.images).values(
      shopImages.map((img, i) => {
        const path = `shop/${img.type}-${i}.webp`;
        pending.push({
          path,
          kind: img.kind,
          // Only the logo and icon carry the brand; other pictures have no words, since the page
          // shows its texts in the shopper's language.
          label: img.kind === 'logo' || img.kind === 'icon' ? content.shop.title.en : '',
          color: img.color,
          seed: i,
          ...(img.scene ? { scene: img.scene } : {}),
          ...(img.kind === 'icon' ? { png: [192, 512] } : {}),
        });
        return {
          path,
          imageType: img.type,
          backgroundColor: img.bg ?? null,
          sorting: i,
          organizationId: org.id,
        };
      }),
    );

    // People first: discounts and reviews refer to them.
    const userIds = new Map<string, number>();
    for (const [i, u] of content.users.entries()) {
      const [row] = await tx
        .insert(s.users)
        .values({
          email: u.email.toLowerCase(),
          passwordHash: passwordHashes[i] ?? '',
          firstName: u.firstName,
          lastName: u.lastName,
          isStaff: u.isStaff,
          emailConfirmed: true,
          locale: u.locale,
        })
        .returning({ id: s.users.id });
      if (row) userIds.set(u.key, row.id);
    }

    const vatIds = new Map<string, number>();
    for (const v of catalogue.vats) {
      const [row] = await tx
        .insert(s.vats)
        .values({ key: v.key, percent: v.percent })
        .returning({ id: s.vats.id });
      if (row) vatIds.set(v.key, row.id);
    }

    const vendorIds = new Map<string, number>();
    for (const [i, v] of catalogue.vendors.entries()) {
      const [row] = await tx
        .insert(s.vendors)
        .values({
          slug: v.slug,
          email: v.email,
          sorting: i,
          createdAt: days(now, -200 + i * 30) ?? now,
        })
        .returning({ id: s.vendors.id });
      if (!row) continue;
      vendorIds.set(v.key, row.id);
      await tx
        .insert(s.vendorTranslations)
        .values(rows(row.id, { title: v.title, description: v.description }));
      const logo = `vendors/${v.slug}-logo.webp`;
      const banner = `vendors/${v.slug}-banner.webp`;
      pending.push({ path: logo, kind: 'vendor-logo', label: v.title.en, color: v.color, seed: i });
      // The banner carries no words: the vendor's name is on the page, in the shopper's language.
      pending.push({
        path: banner,
        kind: 'banner',
        label: '',
        color: v.color,
        seed: i,
        scene: vendorScene(v.key),
      });
      await tx.insert(s.images).values([
        { path: logo, imageType: 'logo', vendorId: row.id, backgroundColor: v.color },
        {
          path: banner,
          imageType: 'banner',
          vendorId: row.id,
          backgroundColor: v.color,
          sorting: 1,
        },
      ]);
    }

    const valueIds = new Map<string, number>();
    // Menu links to each value's products, by attribute (a menu's `valuesOf`).
    const valueLinks = new Map<string, { key: string; title: T; url: string }[]>();
    // The category first: it is the catalogue's main attribute (filters list it first).
    for (const [i, a] of [categoryAttribute, ...catalogue.attributes].entries()) {
      const [row] = await tx
        .insert(s.attributes)
        .values({ slug: a.slug, sorting: i })
        .returning({ id: s.attributes.id });
      if (!row) continue;
      await tx.insert(s.attributeTranslations).values(rows(row.id, { title: a.title }));
      for (const [j, v] of a.values.entries()) {
        const [value] = await tx
          .insert(s.attributeValues)
          .values({ attributeId: row.id, slug: v.slug, sorting: j })
          .returning({ id: s.attributeValues.id });
        if (!value) continue;
        valueIds.set(`${a.key}:${v.key}`, value.id);
        valueLinks.set(a.key, [
          ...(valueLinks.get(a.key) ?? []),
          { key: v.key, title: v.title, url: `/values/${slugWithId(v.slug, value.id)}/` },
        ]);
        await tx.insert(s.attributeValueTranslations).values(rows(value.id, { title: v.title }));
      }
    }

    const productIds = new Map<string, number>();
    const discountRows: (typeof s.discounts.$inferInsert)[] = [];
    const discountFor = (d: SeedDiscount, target: { productId?: number; bundleId?: number }) => {
      discountRows.push({
        ...target,
        value: d.value,
        startsAt: days(now, d.startInDays),
        endsAt: days(now, d.endInDays),
        userId: d.forUser ? required(userIds, d.forUser, 'user') : null,
      });
    };
    for (const [i, item] of catalogue.products.entries()) {
      const p = {
        ...item,
        values: [required(productCategory, item.key, 'category'), ...item.values],
      };
      const base = {
        vendorId: required(vendorIds, p.vendor, 'vendor'),
        price: p.price,
        profit: p.profit,
        vatId: required(vatIds, p.vat, 'vat'),
        sorting: p.sorting,
        createdAt: days(now, -90 + i) ?? now,
      };
      const [row] = await tx
        .insert(s.products)
        .values({ ...base, slug: p.slug, sku: p.key.toUpperCase(), stock: p.stock })
        .returning({ id: s.products.id });
      if (!row) continue;
      productIds.set(p.key, row.id);
      await tx
        .insert(s.productTranslations)
        .values(rows(row.id, { title: p.title, description: p.description }));
      const values = p.values.map((v) => ({
        productId: row.id,
        valueId: required(valueIds, v, 'attribute value'),
      }));
      if (values.length) await tx.insert(s.productValues).values(values).onConflictDoNothing();
      for (const d of p.discounts ?? []) discountFor(d, { productId: row.id });
      const pictures = galleryPictures(
        'products',
        p.slug,
        [{ object: p.object, color: p.color }],
        PRODUCT_VIEWS,
        i,
      );
      pending.push(...pictures);
      const gallery = (productId: number, list: PendingImage[]) =>
        tx.insert(s.images).values(
          list.map((picture, sorting) => ({
            path: picture.path,
            imageType: 'page_gallery' as const,
            productId,
            sorting,
          })),
        );
      await gallery(row.id, pictures);

      for (const [j, v] of (p.variations ?? []).entries()) {
        const [child] = await tx
          .insert(s.products)
          .values({
            ...base,
            parentId: row.id,
            slug: v.slug,
            sku: v.key.toUpperCase(),
            price: v.price ?? p.price,
            stock: v.stock,
            sorting: p.sorting * 100 + j + 1,
          })
          .returning({ id: s.products.id });
        if (!child) continue;
        productIds.set(v.key, child.id);
        await tx
          .insert(s.productTranslations)
          .values(rows(child.id, { title: p.title, description: p.description }));
        const childValues = [
          ...new Set([
            ...p.values.filter(
              (pv) => !v.values.some((vv) => vv.split(':')[0] === pv.split(':')[0]),
            ),
            ...v.values,
          ]),
        ];
        await tx
          .insert(s.productValues)
          .values(
            childValues.map((cv) => ({
              productId: child.id,
              valueId: required(valueIds, cv, 'attribute value'),
            })),
          )
          .onConflictDoNothing();
        // A variation in another colour gets its own pictures; the others share the parent's.
        const colour = v.values.find((value) => value.startsWith('colour:'));
        const own = colour && !p.values.includes(colour) ? COLOUR_VALUE_HEX[colour] : undefined;
        const childPictures = own
          ? galleryPictures(
              'products',
              v.slug,
              [{ object: p.object, color: own }],
              PRODUCT_VIEWS,
              i,
            )
          : pictures;
        pending.push(...(own ? childPictures : []));
        await gallery(child.id, childPictures);
      }
    }

    for (const [i, b] of catalogue.bundles.entries()) {
      const [row] = await tx
        .insert(s.bundles)
        .values({
          vendorId: required(vendorIds, b.vendor, 'vendor'),
          slug: b.slug,
          price: b.price,
          vatId: required(vatIds, b.vat, 'vat'),
          sorting: b.sorting,
        })
        .returning({ id: s.bundles.id });
      if (!row) continue;
      await tx
        .insert(s.bundleTranslations)
        .values(rows(row.id, { title: b.title, description: b.description }));
      await tx.insert(s.bundleItems).values(
        b.items.map((item) => ({
          bundleId: row.id,
          productId: required(productIds, item.product, 'product'),
          quantity: item.quantity,
        })),
      );
      for (const d of b.discounts ?? []) discountFor(d, { bundleId: row.id });
      const scene = b.items.map((item) => {
        const product = catalogue.products.find((p) => p.key === item.product);
        if (!product) throw new Error(`Seed data refers to unknown product '${item.product}'`);
        return { object: product.object, color: product.color };
      });
      const pictures = galleryPictures('bundles', b.slug, scene, BUNDLE_VIEWS, 100 + i);
      pending.push(...pictures);
      await tx.insert(s.images).values(
        pictures.map((picture, sorting) => ({
          path: picture.path,
          imageType: 'page_gallery' as const,
          bundleId: row.id,
          sorting,
        })),
      );
    }
    if (discountRows.length) await tx.insert(s.discounts).values(discountRows);

    for (const [i, b] of content.blogs.entries()) {
      const [row] = await tx
        .insert(s.blogs)
        .values({
          slug: b.slug,
          vendorId: b.vendor ? required(vendorIds, b.vendor, 'vendor') : null,
          author: b.author,
          publishedAt: days(now, -b.publishedDaysAgo) ?? now,
        })
        .returning({ id: s.blogs.id });
      if (!row) continue;
      await tx
        .insert(s.blogTranslations)
        .values(rows(row.id, { title: b.title, description: b.description, content: b.content }));
      const picture = `blogs/${b.slug}.webp`;
      // No words in the picture: the post's title is on the page, in the shopper's language.
      pending.push({
        path: picture,
        kind: 'blog',
        label: '',
        color: b.color,
        seed: i,
        scene: b.scene,
      });
      await tx.insert(s.images).values({ path: picture, imageType: 'banner', blogId: row.id });
    }

    for (const p of content.pages) {
      const [row] = await tx
        .insert(s.pages)
        .values({
          slug: p.slug,
          vendorId: p.vendor ? required(vendorIds, p.vendor, 'vendor') : null,
        })
        .returning({ id: s.pages.id });
      if (row) {
        await tx
          .insert(s.pageTranslations)
          .values(rows(row.id, { title: p.title, description: p.description, content: p.content }));
      }
    }

    for (const [i, c] of content.faqCategories.entries()) {
      const [row] = await tx
        .insert(s.faqCategories)
        .values({ sorting: i })
        .returning({ id: s.faqCategories.id });
      if (!row) continue;
      await tx.insert(s.faqCategoryTranslations).values(rows(row.id, { title: c.title }));
      for (const [j, item] of c.items.entries()) {
        const [faq] = await tx
          .insert(s.faqs)
          .values({ categoryId: row.id, sorting: j })
          .returning({ id: s.faqs.id });
        if (faq)
          await tx
            .insert(s.faqTranslations)
            .values(rows(faq.id, { question: item.question, answer: item.answer }));
      }
    }

    const insertMenus = async (items: SeedMenu[], parentId: number | null) => {
      for (const [i, m] of items.entries()) {
        const [row] = await tx
          .insert(s.menus)
          .values({ parentId, location: m.location, url: m.url, sorting: i })
          .returning({ id: s.menus.id });
        if (!row) continue;
        await tx.insert(s.menuTranslations).values(rows(row.id, { title: m.title }));
        const generated = (m.valuesOf ? (valueLinks.get(m.valuesOf) ?? []) : []).map(
          (v): SeedMenu => ({ ...v, key: `${m.key}-${v.key}`, location: m.location }),
        );
        await insertMenus([...(m.children ?? []), ...generated], row.id);
      }
    };
    await insertMenus(content.menus, null);

    for (const [i, w] of content.widgets.entries()) {
      const [row] = await tx
        .insert(s.widgets)
        .values({ name: w.name, location: w.location, sorting: i })
        .returning({ id: s.widgets.id });
      if (row)
        await tx
          .insert(s.widgetTranslations)
          .values(rows(row.id, { title: w.title, content: w.content }));
    }

    for (const [i, d] of content.deliveries.entries()) {
      const [row] = await tx
        .insert(s.deliveries)
        .values({
          key: d.key,
          price: d.price,
          freeFrom: d.freeFrom,
          pickup: d.pickupPoint !== undefined,
          sorting: i,
        })
        .returning({ id: s.deliveries.id });
      if (row)
        await tx.insert(s.deliveryTranslations).values(
          rows(row.id, {
            title: d.title,
            description: d.description,
            pickupPoint: d.pickupPoint ?? { en: '', de: '', ru: '', it: '' },
          }),
        );
    }

    for (const [i, p] of content.payments.entries()) {
      const [row] = await tx
        .insert(s.payments)
        .values({ kind: p.kind, sorting: i })
        .returning({ id: s.payments.id });
      if (row)
        await tx
          .insert(s.paymentTranslations)
          .values(rows(row.id, { title: p.title, description: p.description }));
    }

    for (const [i, c] of content.countries.entries()) {
      const [country] = await tx
        .insert(s.countries)
        .values({ code: c.code, sorting: i })
        .returning({ id: s.countries.id });
      if (!country) continue;
      await tx.insert(s.countryTranslations).values(rows(country.id, { title: c.title }));
      for (const r of c.regions) {
        const [region] = await tx
          .insert(s.regions)
          .values({ countryId: country.id, key: r.key })
          .returning({ id: s.regions.id });
        if (!region) continue;
        await tx.insert(s.regionTranslations).values(rows(region.id, { title: r.title }));
        for (const city of r.cities) {
          const [cityRow] = await tx
            .insert(s.cities)
            .values({ regionId: region.id, key: city.key })
            .returning({ id: s.cities.id });
          if (cityRow)
            await tx.insert(s.cityTranslations).values(rows(cityRow.id, { title: city.title }));
        }
      }
    }

    await tx.insert(s.promoCodes).values(
      content.promoCodes.map((p) => ({
        code: p.code.toUpperCase(),
        discountType: p.discountType,
        discountValue: p.discountValue,
        fromPrice: p.fromPrice,
        startsAt: days(now, p.startInDays),
        endsAt: days(now, p.endInDays),
      })),
    );

    // A review is stored in the language its author wrote it in: the author's own.
    const userLocales = new Map(content.users.map((u) => [u.key, u.locale]));
    await tx.insert(s.organizationReviews).values(
      content.shopReviews.map((r) => ({
        userId: required(userIds, r.user, 'user'),
        rating: r.rating,
        text: r.text,
        locale: required(userLocales, r.user, 'user'),
        createdAt: days(now, -r.daysAgo) ?? now,
      })),
    );
    // Spread product reviews over the first products, one review per user and product.
    const reviewed = catalogue.products
      .slice(0, 6)
      .map((p) => required(productIds, p.key, 'product'));
    await tx
      .insert(s.productReviews)
      .values(
        content.productReviewTexts.map((r, i) => ({
          productId: reviewed[i % reviewed.length] ?? 0,
          userId: required(userIds, r.user, 'user'),
          rating: r.rating,
          text: r.text,
          locale: required(userLocales, r.user, 'user'),
          createdAt: days(now, -r.daysAgo) ?? now,
        })),
      )
      .onConflictDoNothing();
  });

  if (options.mediaDir) {
    const started = Date.now();
    const mediaDir = options.mediaDir;
    const cache = {
      cacheDir:
        options.imageCacheDir === false
          ? undefined
          : (options.imageCacheDir ?? join(tmpdir(), 'shop-demo-images')),
    };
    const unique = [...new Map(pending.map((p) => [p.path, p])).values()];
    // Two at a time: sharp is already multi-threaded and the machine may have two cores.
    for (let i = 0; i < unique.length; i += 2) {
      await Promise.all(
        unique.slice(i, i + 2).map(async (img) => {
          await writeImage(mediaDir, img.path, await renderImage(img, cache));
          for (const size of img.png ?? []) {
            await writeImage(
              mediaDir,
              img.path.replace(/\.webp$/, `-${size}.png`),
              await renderPng(img, size, cache),
            );
          }
        }),
      );
    }
    log(`demo images written: ${unique.length} in ${Date.now() - started} ms`);
  }
  log('demo shop seeded');
  return { seeded: true };
}
