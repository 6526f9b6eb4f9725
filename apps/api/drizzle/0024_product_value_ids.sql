-- Issue 26 (new filters and scoped filter panels at a million products, decision 0077).
-- Each product's value ids on its own row, ascending: a value filter becomes a condition on the
-- product (`value_ids && '{92,93}' AND value_ids && '{100}'`), which a GIN index answers as a
-- BitmapAnd, and the panel of a vendor or a price range counts the values of the scope's rows
-- instead of joining them with product_values. product_values stays the truth; the column follows
-- it by statement triggers. The default is constant: adding the column rewrites nothing.
ALTER TABLE "products" ADD COLUMN "value_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- Recomputes the column of the products whose value rows a statement changed; writes only a
-- product whose set differs (the catalogue generator writes the column itself). A product being
-- deleted is not found (its rows go with it, by the cascade).
CREATE FUNCTION "products_value_ids_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The products' rows first, locked in id order: two statements changing the values of
  -- overlapping products wait for each other instead of deadlocking, and the UPDATE below, a
  -- statement of its own (a snapshot of its own under READ COMMITTED), reads the values of a
  -- transaction that held a row as committed. Without it, an UPDATE that waited for such a row
  -- wrote the set it had read before the wait, missing the other transaction's values.
  PERFORM 1 FROM "products"
  WHERE "id" IN (SELECT DISTINCT "product_id" FROM "changed_values")
  ORDER BY "id" FOR UPDATE;
  UPDATE "products" p SET "value_ids" = k.ids
  FROM (
    SELECT c.product_id, coalesce(
      (SELECT array_agg(v."value_id" ORDER BY v."value_id") FROM "product_values" v
       WHERE v."product_id" = c.product_id),
      '{}'::integer[]) AS ids
    FROM (SELECT DISTINCT "product_id" AS product_id FROM "changed_values") c
  ) k
  WHERE p."id" = k.product_id AND p."value_ids" IS DISTINCT FROM k.ids;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_values_value_ids_insert" AFTER INSERT ON "product_values"
  REFERENCING NEW TABLE AS "changed_values" FOR EACH STATEMENT EXECUTE FUNCTION "products_value_ids_refresh"();--> statement-breakpoint
CREATE TRIGGER "product_values_value_ids_update_old" AFTER UPDATE ON "product_values"
  REFERENCING OLD TABLE AS "changed_values" FOR EACH STATEMENT EXECUTE FUNCTION "products_value_ids_refresh"();--> statement-breakpoint
CREATE TRIGGER "product_values_value_ids_update_new" AFTER UPDATE ON "product_values"
  REFERENCING NEW TABLE AS "changed_values" FOR EACH STATEMENT EXECUTE FUNCTION "products_value_ids_refresh"();--> statement-breakpoint
CREATE TRIGGER "product_values_value_ids_delete" AFTER DELETE ON "product_values"
  REFERENCING OLD TABLE AS "changed_values" FOR EACH STATEMENT EXECUTE FUNCTION "products_value_ids_refresh"();--> statement-breakpoint
-- The backfill: every product with values, in one statement before the index (one build instead
-- of a million insertions into it). It rewrites every such row (3 minutes at a million products,
-- bench/README.md): migrate a large catalogue with DB_STATEMENT_TIMEOUT_MS=0, as for 0023. The
-- column is not what the shop's kept answers show, so the row trigger that bumps their versions
-- (comparing each whole row as JSON) is left out of it.
ALTER TABLE "products" DISABLE TRIGGER "shop_data_changed_update";--> statement-breakpoint
UPDATE "products" p SET "value_ids" = v.ids
FROM (
  SELECT "product_id", array_agg("value_id" ORDER BY "value_id") AS ids
  FROM "product_values" GROUP BY "product_id"
) v
WHERE p."id" = v."product_id";--> statement-breakpoint
ALTER TABLE "products" ENABLE TRIGGER "shop_data_changed_update";--> statement-breakpoint
CREATE INDEX "products_list_value_ids_idx" ON "products" USING gin ("value_ids") WHERE "products"."active" AND "products"."parent_id" IS NULL;--> statement-breakpoint
-- Statistics of the new column (its most common elements) before any filter is planned on it:
-- without them the planner guesses every overlap's selectivity.
ANALYZE "products";
