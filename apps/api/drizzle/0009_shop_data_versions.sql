CREATE TABLE "shop_data_versions" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);

--> statement-breakpoint
INSERT INTO "shop_data_versions" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Every write to what shop-wide answers are made of (shop info, languages, menus, widgets, the
-- catalogue's filters, counts, price range and search counts) bumps the one version, whoever writes it: the API,
-- a script, psql. Caches compare it (apps/api/src/plugins/shop-data.ts). Once per statement.
CREATE FUNCTION "bump_shop_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "shop_data_versions" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY[
    'organizations', 'organization_translations', 'languages', 'menus', 'menu_translations',
    'widgets', 'widget_translations', 'images', 'vendors', 'vendor_translations', 'attributes',
    'attribute_translations', 'attribute_values', 'attribute_value_translations', 'product_values',
    'product_translations'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER "shop_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_shop_data_version"()', watched);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Products: every change but the stock, which each order moves and no shop-wide answer shows.
CREATE TRIGGER "shop_data_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_shop_data_version"();
--> statement-breakpoint
CREATE TRIGGER "shop_data_changed_update" AFTER UPDATE OF "vendor_id", "parent_id", "slug", "sku",
"price", "profit", "vat_id", "sorting", "active" ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_shop_data_version"();
