-- Issue 26 (sorting a million products by title, decision 0069). The title a product shows in
-- each locale (its own if not empty, else the English one, else '') as a row of its own, so that
-- "sort by title" walks an index in the order of the ICU root collation, as the list always
-- sorted, instead of computing and sorting the titles of every listed product.
-- The backfill writes four rows per product (4 million at a million products: minutes), longer
-- than the server's 5 s per statement: migrate a large catalogue with DB_STATEMENT_TIMEOUT_MS=0
-- (`npm run bench -- --reuse` does).
CREATE TABLE "product_sort_titles" (
	"product_id" integer NOT NULL,
	"locale" "locale" NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "product_sort_titles_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);
--> statement-breakpoint
ALTER TABLE "product_sort_titles" ADD CONSTRAINT "product_sort_titles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by statement triggers on product_translations: a changed row recomputes its own locale,
-- an English one every locale of its product (the fallback). A product being deleted is skipped
-- (its rows go with it, by the cascade). Only a title that differs is written.
CREATE FUNCTION "product_sort_titles_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_sort_titles" ("product_id", "locale", "title")
  SELECT k.parent_id, k.locale, coalesce(nullif(own."title", ''), en."title", '')
  FROM (
    SELECT DISTINCT c."parent_id" AS parent_id, l.locale
    FROM "changed_titles" c CROSS JOIN unnest(enum_range(NULL::"locale")) AS l(locale)
    WHERE c."locale" = 'en' OR l.locale = c."locale"
  ) k
  JOIN "products" p ON p."id" = k.parent_id
  LEFT JOIN "product_translations" own ON own."parent_id" = k.parent_id AND own."locale" = k.locale
  LEFT JOIN "product_translations" en ON en."parent_id" = k.parent_id AND en."locale" = 'en'
  ON CONFLICT ("product_id", "locale") DO UPDATE SET "title" = excluded."title"
    WHERE "product_sort_titles"."title" IS DISTINCT FROM excluded."title";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_translations_sort_titles_insert" AFTER INSERT ON "product_translations"
  REFERENCING NEW TABLE AS "changed_titles" FOR EACH STATEMENT EXECUTE FUNCTION "product_sort_titles_refresh"();--> statement-breakpoint
CREATE TRIGGER "product_translations_sort_titles_update" AFTER UPDATE ON "product_translations"
  REFERENCING NEW TABLE AS "changed_titles" FOR EACH STATEMENT EXECUTE FUNCTION "product_sort_titles_refresh"();--> statement-breakpoint
CREATE TRIGGER "product_translations_sort_titles_delete" AFTER DELETE ON "product_translations"
  REFERENCING OLD TABLE AS "changed_titles" FOR EACH STATEMENT EXECUTE FUNCTION "product_sort_titles_refresh"();--> statement-breakpoint
-- Every product with a translation, before the index (one sort instead of a million inserts into it).
INSERT INTO "product_sort_titles" ("product_id", "locale", "title")
SELECT p."id", l.locale, coalesce(nullif(own."title", ''), en."title", '')
FROM "products" p
CROSS JOIN unnest(enum_range(NULL::"locale")) AS l(locale)
LEFT JOIN "product_translations" own ON own."parent_id" = p."id" AND own."locale" = l.locale
LEFT JOIN "product_translations" en ON en."parent_id" = p."id" AND en."locale" = 'en'
WHERE EXISTS (SELECT 1 FROM "product_translations" t WHERE t."parent_id" = p."id");--> statement-breakpoint
CREATE INDEX "product_sort_titles_order_idx" ON "product_sort_titles" USING btree ("locale","title" COLLATE "und-x-icu","product_id");
