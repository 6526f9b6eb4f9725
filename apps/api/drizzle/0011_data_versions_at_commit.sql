-- The change counts of shop_data_versions (row 1: shop-wide answers, migration 0009; row 2: pages
-- and cards, 0010) are bumped at COMMIT, once per transaction, and only by writes to what a
-- visitor without a session is shown (docs/decisions/0038-change-counts-at-commit.md).
--
-- 0009 and 0010 bumped them with statement triggers: the first write of a transaction locked the
-- counter row until it committed, so every order (its stock updates) held row 2 while it
-- decremented the next product, two orders deadlocked (product, counter, next product), and every
-- review, sign-up or settings change queued behind every open order. Each order, sign-up and
-- review also emptied every kept page and card.
--
-- Now a row change only notes, in a setting local to its transaction, which counts it moves
-- (`note_data_change`, the WHEN of a deferred constraint trigger: only the first change of a
-- transaction queues an event), and `bump_changed_data_versions` bumps those counts as the
-- transaction commits, in id order: the row lock lasts as long as the commit, and two committing
-- transactions take it in the same order. What a rolled-back savepoint noted is forgotten with it.
--
-- Which table moves which count: `shop_data_changed` moves both (whatever a shop-wide answer is
-- made of is on the pages too), `page_data_changed` the pages' only. A table with neither belongs
-- to one shopper, or to nothing a page shows (apps/api/src/db/page-data-version.test.ts names
-- each; a new table fails it until it is classified here or in its own migration).
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT g.tgname, c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND NOT g.tgisinternal
      AND g.tgname IN ('page_data_changed', 'shop_data_changed', 'shop_data_changed_update')
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t.tgname, t.relname);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP FUNCTION "bump_page_data_version"();
--> statement-breakpoint
DROP FUNCTION "bump_shop_data_version"();
--> statement-breakpoint
-- The WHEN of every change trigger: notes that this transaction moves `counters`, true only for
-- the first note of each (so one event per count is queued, not one per changed row).
CREATE FUNCTION "note_data_change"(VARIADIC counters integer[]) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  counter integer;
  first boolean := false;
BEGIN
  FOREACH counter IN ARRAY counters LOOP
    IF current_setting('shop.data_changed_' || counter, true) IS DISTINCT FROM '1' THEN
      PERFORM set_config('shop.data_changed_' || counter, '1', true);
      first := true;
    END IF;
  END LOOP;
  RETURN first;
END;
$$;
--> statement-breakpoint
-- Runs as the transaction commits (deferred): bumps every count it noted, once, in id order.
CREATE FUNCTION "bump_changed_data_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counter smallint;
BEGIN
  FOR counter IN SELECT "id" FROM "shop_data_versions" ORDER BY "id" LOOP
    IF current_setting('shop.data_changed_' || counter, true) = '1'
       AND current_setting('shop.data_bumped_' || counter, true) IS DISTINCT FROM '1' THEN
      UPDATE "shop_data_versions" SET "version" = "version" + 1 WHERE "id" = counter;
      PERFORM set_config('shop.data_bumped_' || counter, '1', true);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE fires no row trigger, and a constraint trigger cannot fire on it: a statement trigger
-- bumps every count at once, in id order (an operator's rare act; its table lock is heavier).
CREATE FUNCTION "bump_all_data_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counter smallint;
BEGIN
  FOR counter IN SELECT "id" FROM "shop_data_versions" ORDER BY "id" LOOP
    IF current_setting('shop.data_bumped_' || counter, true) IS DISTINCT FROM '1' THEN
      UPDATE "shop_data_versions" SET "version" = "version" + 1 WHERE "id" = counter;
      PERFORM set_config('shop.data_changed_' || counter, '1', true);
      PERFORM set_config('shop.data_bumped_' || counter, '1', true);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text;
  counters text;
BEGIN
  -- Shop-wide answers (shop info, languages, menus, widgets, filters, counts, price range, search
  -- counts) and pages: both counts.
  FOREACH watched IN ARRAY ARRAY[
    'organizations', 'organization_translations', 'languages', 'menus', 'menu_translations',
    'widgets', 'widget_translations', 'images', 'vendors', 'vendor_translations', 'attributes',
    'attribute_translations', 'attribute_values', 'attribute_value_translations', 'product_values',
    'product_translations'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER "shop_data_changed" AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("note_data_change"(1, 2)) '
      'EXECUTE FUNCTION "bump_changed_data_versions"()', watched);
  END LOOP;
  -- Only on pages and cards: prices of bundles and VAT, discounts, content, reviews (ratings and
  -- review lists), what checkout offers.
  FOREACH watched IN ARRAY ARRAY[
    'vats', 'bundles', 'bundle_translations', 'bundle_items', 'discounts', 'blogs',
    'blog_translations', 'pages', 'page_translations', 'faq_categories',
    'faq_category_translations', 'faqs', 'faq_translations', 'organization_reviews',
    'product_reviews', 'deliveries', 'delivery_translations', 'payments', 'payment_translations',
    'countries', 'country_translations', 'regions', 'region_translations', 'cities',
    'city_translations'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER "page_data_changed" AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("note_data_change"(2)) '
      'EXECUTE FUNCTION "bump_changed_data_versions"()', watched);
  END LOOP;
  FOREACH watched IN ARRAY ARRAY[
    'organizations', 'organization_translations', 'languages', 'menus', 'menu_translations',
    'widgets', 'widget_translations', 'images', 'vendors', 'vendor_translations', 'attributes',
    'attribute_translations', 'attribute_values', 'attribute_value_translations', 'product_values',
    'product_translations', 'products', 'vats', 'bundles', 'bundle_translations', 'bundle_items',
    'discounts', 'blogs', 'blog_translations', 'pages', 'page_translations', 'faq_categories',
    'faq_category_translations', 'faqs', 'faq_translations', 'organization_reviews',
    'product_reviews', 'deliveries', 'delivery_translations', 'payments', 'payment_translations',
    'countries', 'country_translations', 'regions', 'region_translations', 'cities',
    'city_translations'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER "data_truncated" AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_data_versions"()', watched);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Products: every change but the stock moves both counts. The stock (every order moves it) moves
-- neither: cards and kept pages may show it up to PAGE_CACHE_SECONDS late, the cart and checkout
-- read it as it is (decision 0038). Compared as a whole row less `stock`, so a column added later
-- counts without a change here. A constraint trigger's WHEN is checked as the row changes: a
-- stock-only update queues nothing.
CREATE CONSTRAINT TRIGGER "shop_data_changed" AFTER INSERT OR DELETE ON "products"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("note_data_change"(1, 2))
EXECUTE FUNCTION "bump_changed_data_versions"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shop_data_changed_update" AFTER UPDATE ON "products"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (CASE WHEN (to_jsonb(OLD) - 'stock') IS DISTINCT FROM (to_jsonb(NEW) - 'stock')
      THEN "note_data_change"(1, 2) ELSE false END)
EXECUTE FUNCTION "bump_changed_data_versions"();
