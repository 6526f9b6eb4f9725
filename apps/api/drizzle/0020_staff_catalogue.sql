-- Issue 24, the back office's products and bundles (decision 0056): a version per product and
-- bundle (a staff save sends the one it showed; a save made meanwhile refuses it, 409), and the
-- indexes the staff list walks over 100,000 products: vendor then id (a vendor's products,
-- newest first, read from the index in order), and trigram indexes on the titles (search by any
-- part of a title, in any language). Numbered 0020: 0014, 0015 belong to other branches.
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "products_vendor_idx";--> statement-breakpoint
CREATE INDEX "products_vendor_idx" ON "products" USING btree ("vendor_id","id");--> statement-breakpoint
DROP INDEX IF EXISTS "bundles_vendor_idx";--> statement-breakpoint
CREATE INDEX "bundles_vendor_idx" ON "bundles" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "product_translations_title_trgm_idx" ON "product_translations" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bundle_translations_title_trgm_idx" ON "bundle_translations" USING gin ("title" gin_trgm_ops);
