import { asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Attribute, ContentItem, Locale, Value } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import { slugWithId } from '@shop/domain';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';

const meta = (title: string, description: string) => ({
  title,
  description,
  keywords: '',
  image: null,
});

export async function attributeList(
  db: Database,
  locale: Locale,
  where: SQL | undefined,
  page: number,
  pageSize: number,
) {
  const t = translated(s.attributeTranslations, locale, 'at');
  const [total] = await db.select({ n: count() }).from(s.attributes).where(where);
  const rows = await db
    .select({
      id: s.attributes.id,
      slug: s.attributes.slug,
      title: t.text('title'),
      description: t.text('description'),
    })
    .from(s.attributes)
    .leftJoin(t.local, t.onLocal(s.attributes.id))
    .leftJoin(t.fallback, t.onFallback(s.attributes.id))
    .where(where)
    .orderBy(asc(s.attributes.sorting), asc(s.attributes.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const results: Attribute[] = rows.map((r) => {
    const slug = slugWithId(r.slug, r.id);
    return {
      id: r.id,
      ref: 'attribute',
      slug,
      slugUri: `/attributes/${slug}/`,
      title: r.title,
      description: r.description,
      images: [],
      meta: meta(r.title, r.description),
    };
  });
  return { count: total?.n ?? 0, results };
}

export async function valueList(
  db: Database,
  locale: Locale,
  where: SQL | undefined,
  page: number,
  pageSize: number,
) {
  const vt = translated(s.attributeValueTranslations, locale, 'vt');
  const at = translated(s.attributeTranslations, locale, 'at');
  const [total] = await db.select({ n: count() }).from(s.attributeValues).where(where);
  const rows = await db
    .select({
      id: s.attributeValues.id,
      slug: s.attributeValues.slug,
      title: vt.text('title'),
      attributeId: s.attributeValues.attributeId,
      attributeTitle: at.text('title'),
    })
    .from(s.attributeValues)
    .innerJoin(s.attributes, eq(s.attributes.id, s.attributeValues.attributeId))
    .leftJoin(vt.local, vt.onLocal(s.attributeValues.id))
    .leftJoin(vt.fallback, vt.onFallback(s.attributeValues.id))
    .leftJoin(at.local, at.onLocal(s.attributes.id))
    .leftJoin(at.fallback, at.onFallback(s.attributes.id))
    .where(where)
    .orderBy(asc(s.attributes.sorting), asc(s.attributeValues.sorting), asc(s.attributeValues.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const results: Value[] = rows.map((r) => {
    const slug = slugWithId(r.slug, r.id);
    const description = `${r.attributeTitle}: ${r.title}`;
    return {
      id: r.id,
      ref: 'value',
      slug,
      slugUri: `/values/${slug}/`,
      title: r.title,
      description,
      attribute: { id: r.attributeId, title: r.attributeTitle },
      images: [],
      meta: meta(r.title, description),
    };
  });
  return { count: total?.n ?? 0, results };
}

/** Attributes or values whose title (in the locale or English) contains or resembles the text. */
export async function searchTitles(
  db: Database,
  locale: Locale,
  kind: 'attribute' | 'value',
  text: string,
  page: number,
  pageSize: number,
) {
  const table = kind === 'attribute' ? s.attributeTranslations : s.attributeValueTranslations;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The tables are small: plain word_similarity at 0.4 catches 'colr' and 'indgo'.
  const matches = await db
    .selectDistinct({ id: table.parentId })
    .from(table)
    .where(
      sql`${table.locale} IN (${locale}, 'en') AND (${table.title} ILIKE ${pattern} OR word_similarity(${text}, ${table.title}) >= 0.4)`,
    );
  const ids = matches.map((m) => m.id);
  if (ids.length === 0) return { count: 0, results: [] as ContentItem[] };
  const list =
    kind === 'attribute'
      ? await attributeList(db, locale, inArray(s.attributes.id, ids), page, pageSize)
      : await valueList(db, locale, or(inArray(s.attributeValues.id, ids)), page, pageSize);
  return {
    count: list.count,
    results: list.results.map((item): ContentItem => ({
      ref: item.ref,
      id: item.id,
      slugUri: item.slugUri,
      meta: item.meta,
      title: item.title,
      description: item.description,
      images: item.images,
    })),
  };
}
