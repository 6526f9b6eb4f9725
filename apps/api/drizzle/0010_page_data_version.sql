-- The pages' change count (row 2 of shop_data_versions): bumped by every write to anything a page
-- shows a visitor without a session, whoever writes it (the API, a script, psql); the storefront's
-- page cache compares it (apps/server/src/page-cache.ts, docs/decisions/0035-page-cache.md).
-- Unlike row 1 it follows the stock and the discounts too. Tables that only ever belong to one
-- shopper (sessions, carts, wishlists, orders, addresses, feedback) are left out: a visitor
-- served from the cache has none. A table added later gets the trigger in its own migration
-- (apps/api/src/db/page-data-version.test.ts fails until it has).
INSERT INTO "shop_data_versions" ("id", "version") VALUES (2, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_page_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "shop_data_versions" SET "version" = "version" + 1 WHERE "id" = 2;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOR watched IN
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      AND table_name NOT IN (
        'shop_data_versions', 'sessions', 'user_tokens', 'user_addresses', 'carts', 'cart_items',
        'wishlist_items', 'feedbacks', 'orders', 'order_items', 'order_status_changes',
        'search_words'
      )
  LOOP
    EXECUTE format(
      'CREATE TRIGGER "page_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_data_version"()', watched);
  END LOOP;
END;
$$;
