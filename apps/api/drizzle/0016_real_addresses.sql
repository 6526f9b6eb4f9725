-- Issue 23, real addresses. Numbered 0016: 0014 and 0015 are other branches' migrations.
-- The city is free text (the region's cities become suggestions): the id a shopper picked is
-- kept as its name, in the order's language (English where that is missing), then dropped.
-- A delivery may be a pickup, collected at its pickup point (a text per language), which needs
-- no shipping address.
ALTER TABLE "deliveries" ADD COLUMN "pickup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_translations" ADD COLUMN "pickup_point" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "orders" AS o SET "city" = COALESCE(
  (SELECT t."title" FROM "city_translations" t WHERE t."parent_id" = o."city_id" AND t."locale" = o."locale"),
  (SELECT t."title" FROM "city_translations" t WHERE t."parent_id" = o."city_id" AND t."locale" = 'en'),
  '')
WHERE o."city_id" IS NOT NULL;--> statement-breakpoint
UPDATE "user_addresses" AS a SET "city" = COALESCE(
  (SELECT t."title" FROM "city_translations" t
   JOIN "users" u ON u."id" = a."user_id"
   WHERE t."parent_id" = a."city_id" AND t."locale"::text = u."locale"::text),
  (SELECT t."title" FROM "city_translations" t WHERE t."parent_id" = a."city_id" AND t."locale" = 'en'),
  '')
WHERE a."city_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_city_id_cities_id_fk";--> statement-breakpoint
ALTER TABLE "user_addresses" DROP CONSTRAINT "user_addresses_city_id_cities_id_fk";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "city_id";--> statement-breakpoint
ALTER TABLE "user_addresses" DROP COLUMN "city_id";--> statement-breakpoint
-- The demo shop's pickup delivery (seeded with the key 'pickup') becomes one, with its point.
UPDATE "deliveries" SET "pickup" = true WHERE "key" = 'pickup';--> statement-breakpoint
UPDATE "delivery_translations" AS t SET "pickup_point" = CASE t."locale"
    WHEN 'de' THEN 'Lager des Manufakturmarkts, Musterstraße 12, 10115 Berlin, Deutschland (Mo.–Fr. 9–17 Uhr)'
    WHEN 'ru' THEN 'Склад Makers Market, Musterstraße 12, 10115 Берлин, Германия (пн–пт 9:00–17:00)'
    WHEN 'it' THEN 'Magazzino del Mercato degli Artigiani, Musterstraße 12, 10115 Berlino, Germania (lun–ven 9:00–17:00)'
    ELSE 'Makers Market warehouse, Musterstraße 12, 10115 Berlin, Germany (Mon–Fri 9:00–17:00)'
  END
FROM "deliveries" d WHERE d."id" = t."parent_id" AND d."key" = 'pickup';--> statement-breakpoint
-- The shop sits in Berlin, yet the demo's Germany had no Berlin: a shop seeded before gets it.
INSERT INTO "regions" ("country_id", "key")
  SELECT c."id", 'de-be' FROM "countries" c
  WHERE c."code" = 'DE' AND NOT EXISTS (SELECT 1 FROM "regions" WHERE "key" = 'de-be');--> statement-breakpoint
INSERT INTO "region_translations" ("parent_id", "locale", "title")
  SELECT r."id", v."locale"::"locale", v."title" FROM "regions" r
  CROSS JOIN (VALUES ('en', 'Berlin'), ('de', 'Berlin'), ('ru', 'Берлин'), ('it', 'Berlino')) AS v("locale", "title")
  WHERE r."key" = 'de-be'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "cities" ("region_id", "key")
  SELECT r."id", 'berlin' FROM "regions" r
  WHERE r."key" = 'de-be' AND NOT EXISTS (SELECT 1 FROM "cities" WHERE "key" = 'berlin');--> statement-breakpoint
INSERT INTO "city_translations" ("parent_id", "locale", "title")
  SELECT y."id", v."locale"::"locale", v."title" FROM "cities" y
  CROSS JOIN (VALUES ('en', 'Berlin'), ('de', 'Berlin'), ('ru', 'Берлин'), ('it', 'Berlino')) AS v("locale", "title")
  WHERE y."key" = 'berlin'
  ON CONFLICT DO NOTHING;
