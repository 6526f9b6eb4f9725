import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Locale } from '@shop/contract';

type TranslationTable = PgTable & { parentId: AnyPgColumn; locale: AnyPgColumn };

/**
 * Joins a translation table twice, for the requested locale and for English, so that every text
 * falls back to English when the locale's row (or the field in it) is missing.
 *
 *   const t = translated(productTranslations, locale, 'pt');
 *   db.select({ title: t.text('title') }).from(products)
 *     .leftJoin(t.local, t.onLocal(products.id)).leftJoin(t.fallback, t.onFallback(products.id))
 */
export function translated<TTable extends TranslationTable>(
  table: TTable,
  locale: Locale,
  name: string,
) {
  const local = alias(table, `${name}_l`);
  const fallback = alias(table, `${name}_en`);
  type Field = Exclude<keyof TTable['_']['columns'], 'parentId' | 'locale'> & string;
  // Aliases keep the table's columns under the same keys; drizzle's alias types are too deep to
  // index generically, so look the column up by name.
  const column = (t: unknown, field: string) =>
    (t as Record<string, AnyPgColumn>)[field] as AnyPgColumn;
  return {
    local,
    fallback,
    onLocal: (id: AnyPgColumn): SQL | undefined =>
      and(eq(column(local, 'parentId'), id), eq(column(local, 'locale'), locale)),
    onFallback: (id: AnyPgColumn): SQL | undefined =>
      and(eq(column(fallback, 'parentId'), id), eq(column(fallback, 'locale'), 'en')),
    /** The field in the locale, else in English, else ''. */
    text: (field: Field): SQL<string> =>
      sql<string>`coalesce(nullif(${column(local, field)}, ''), ${column(fallback, field)}, '')`,
    /** Like text(), but null when neither language has it. */
    optional: (field: Field): SQL<string | null> =>
      sql<
        string | null
      >`coalesce(nullif(${column(local, field)}, ''), nullif(${column(fallback, field)}, ''))`,
  };
}
